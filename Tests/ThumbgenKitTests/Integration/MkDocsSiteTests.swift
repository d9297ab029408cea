import Foundation
import Testing
import TestSupport

/// A real MkDocs site (Tests/Sites/MkDocs, PyPI's `mkdocs`, its default theme) served under
/// https://example.org/product/ with pages in subfolders (`use_directory_urls`): Markdown images
/// relative to each page, one percent-encoded, and a plain `<img src="/product/…">`. Built as the
/// README says (`thumbgen build`, `mkdocs build`, `thumbgen html`), every picture shows a
/// rendition that fits each screen, JavaScript off.
@Suite struct MkDocsSiteTests {
    static let site = GeneratorSite(
        name: "MkDocs", generator: Subprocess.find([GeneratorSite.venv + "mkdocs"]), arguments: ["build", "--quiet"],
        root: "docs", site: "site", url: "/product/", slot: "content",
        originals: [("img/desk.jpg", 2400, 1600), ("img/box contents.jpg", 1800, 1200),
                    ("img/light.jpg", 1000, 1500), ("img/label.jpg", 320, 240)],
        pages: ["/product/", "/product/guide/", "/product/guide/setup/"])

    @Test(.needs("mkdocs in \(GeneratorSite.venv) (scripts/install-deps.sh --test), chromium and the thumbgen binary") {
        site.generator != nil && Browser.isAvailable && Executable.exists
    })
    func everyPictureOfAnMkDocsSiteUnderABasePathShowsARenditionThatFits() throws {
        try Self.site.verify()
    }
}
