import Foundation
import Testing
import TestSupport

/// A real Pelican site (Tests/Sites/Pelican, PyPI's `pelican` with `markdown`, its default theme):
/// an article's Markdown images through `{static}`, which Pelican writes as full URLs under
/// SITEURL, and a page's plain root-relative `<img src>`. Built as the README says (`thumbgen
/// build`, `pelican`, `thumbgen html`), every picture shows a rendition that fits each screen,
/// JavaScript off; the browser reaches the site's address on the local server.
@Suite struct PelicanSiteTests {
    static let site = GeneratorSite(
        name: "Pelican", generator: Subprocess.find([GeneratorSite.venv + "pelican"]), arguments: ["--quiet"],
        root: "content", site: "output", url: "http://example.org/", slot: "content",
        originals: [("images/lighthouse.jpg", 2400, 1600), ("images/dunes.jpg", 1600, 1067),
                    ("images/portrait.jpg", 300, 400)],
        pages: ["/the-lighthouse.html", "/pages/about.html"])

    @Test(.needs("pelican in \(GeneratorSite.venv) (scripts/install-deps.sh --test), chromium and the thumbgen binary") {
        site.generator != nil && Browser.isAvailable && Executable.exists
    })
    func everyPictureOfAPelicanSiteShowsARenditionThatFits() throws {
        try Self.site.verify()
    }
}
