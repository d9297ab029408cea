# A small Pelican site built by Tests/ThumbgenKitTests/Integration/PelicanSiteTests.swift as its
# README recipe says: `thumbgen build && pelican && thumbgen html`. Its pages name images as Pelican
# users do: Markdown images through {static}, which Pelican writes as full URLs under SITEURL, and a
# plain <img src> in a page.
AUTHOR = "thumbgen"
SITENAME = "thumbgen with Pelican"
SITEURL = "http://example.org"
RELATIVE_URLS = False
PATH = "content"
STATIC_PATHS = ["images"]
# thumbgen html writes width and height on every image, and the default theme caps an image's
# width but not its height: templates/ adds `img { height: auto; }` to every page.
THEME_TEMPLATES_OVERRIDES = ["templates"]
OUTPUT_PATH = "output"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
# Nothing that changes from run to run, or that the test does not look at.
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
LINKS = ()
SOCIAL = ()
DEFAULT_PAGINATION = False
