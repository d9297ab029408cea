import Foundation
import Testing
import TestSupport

/// A real Hugo site (Tests/Sites/Hugo, Debian's `hugo`): a post names its pictures in Markdown by
/// root-relative paths (one with a space, percent-encoded), the home page's template by a path
/// relative to the page and through `relURL`. Built as the README says (`thumbgen build`, `hugo`,
/// `thumbgen html`), every picture shows a rendition that fits each screen, JavaScript off.
@Suite struct HugoSiteTests {
    static let site = GeneratorSite(
        name: "Hugo", generator: Subprocess.find(["/usr/bin/hugo", "/usr/local/bin/hugo"]), arguments: ["--quiet"],
        root: "static", site: "public", url: "/", slot: "content",
        originals: [("photos/harbour.jpg", 2000, 1333), ("photos/sunset.jpg", 1600, 1200),
                    ("photos/boats on sand.jpg", 1200, 1800), ("photos/stamp.jpg", 300, 200)],
        pages: ["/", "/posts/hello/"])

    @Test(.needs("hugo (scripts/install-deps.sh --test installs Debian's), chromium and the thumbgen binary") {
        site.generator != nil && Browser.isAvailable && Executable.exists
    })
    func everyPictureOfAHugoSiteShowsARenditionThatFits() throws {
        try Self.site.verify()
    }
}
