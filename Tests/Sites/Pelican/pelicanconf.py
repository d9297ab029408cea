# A small Pelican site built by Tests/ThumbgenKitTests/Integration/PelicanSiteTests.swift as its
# README recipe says: `thumbgen build && pelican && thumbgen html`. Its pages name images as Pelican
# users do: Markdown images through {static}, which Pelican writes as full URLs under SITEURL, and a
# plain <img src> in a page.
AUTHOR = "thumbgen"
SITENAME = "thumbgen with Pelican"
SITEURL = "http://example.org"
RELATIVE_URLS = False
PATH = "content"
STATIC_PATHS = ["images", "extra/thumbgen.css"]
# thumbgen html writes width and height on every image; the default theme caps the width but not
# the height, so the theme's stylesheet is replaced by one that loads it and adds height: auto.
EXTRA_PATH_METADATA = {"extra/thumbgen.css": {"path": "theme/css/thumbgen.css"}}
CSS_FILE = "thumbgen.css"
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
