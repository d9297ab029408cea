import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// Names may hold any byte but `/` and NUL; printed raw, an ESC or BEL in one drives the
/// terminal (clears it, sets its title, rings it) and a newline forges a line. Every line thumbgen
/// prints escapes control characters (`\u{1B}`, `\u{7}`, `\n`): build warnings, `check`'s lines,
/// `lookup`'s answer and `html`'s did-you-mean. `--json` stays valid JSON carrying the name as it is.
struct ControlCharacterTests {
    /// ESC ] 0 ; … BEL sets the terminal's title; ESC [ 2 J clears the screen.
    static let hostile = "a\u{1B}]0;pwned\u{07}\u{1B}[2J"
    static let shown = "a\\u{1B}]0;pwned\\u{7}\\u{1B}[2J"

    /// True when `text` holds no control character but the line feed and the tab between columns.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    static func site() -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/good.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300, seed: 2)))
        // Damaged: a JPEG that ends after its first marker.
        site.original("site/photos/\(hostile).jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00])
        site.original("site/photos/two\nlines\u{85}.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00])
        return site
    }

    @Test func buildWarningsAreEscaped() throws {
        let site = Self.site()
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        #expect(Self.isClean(result.err), "\(result.err.debugDescription)")
        #expect(result.err.contains("photos/\(Self.shown).jpg:"))
        #expect(result.err.contains("photos/two\\nlines\\u{85}.jpg:"))
        // One line per warning: the newline in the name forged none.
        #expect(!result.err.split(separator: "\n").contains { $0.hasPrefix("lines") })
    }

    @Test func checkLinesAreEscaped() throws {
        let site = Self.site()
        let result = site.run(["check", site.manifestPath])
        #expect(result.code == .workFound)
        #expect(Self.isClean(result.out) && Self.isClean(result.err), "\(result.out.debugDescription) \(result.err.debugDescription)")
        #expect(result.err.contains(Self.shown))
    }

    /// `--json` carries the names as they are, in JSON's escapes, and nothing raw.
    @Test func jsonStaysValidAndExact() throws {
        let site = Self.site()
        let result = site.run(["build", "--json", site.manifestPath])
        #expect(Self.isClean(result.out), "\(result.out.debugDescription)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let files = (object["problems"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(files.contains { $0.hasSuffix("photos/\(Self.hostile).jpg") })
        #expect(files.contains { $0.hasSuffix("photos/two\nlines\u{85}.jpg") })
    }

    @Test func lookupsAnswerIsEscaped() throws {
        let index = LookupContainmentTests.index(file: "photos/\(Self.hostile)\n.jpg")
        let (status, captured, _) = try LookupContainmentTests.lookup(index, ["--slot", "thumb", "--scale", "2"])
        #expect(status == .success)
        #expect(captured.out == "photos/\(Self.shown)\\n.jpg\n")
    }

    @Test func htmlsDidYouMeanIsEscaped() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300, seed: 4)))
        #expect(site.run(["build", site.manifestPath]).code == .success)
        // Character references: an HTML parser turns a raw ESC into U+FFFD, but `&#x1B;` into ESC.
        let page = site.folder.write("site/index.html", text: "<!doctype html>\n<img data-image=\"photos/a&#x1B;[2J&#7;.jpg\" data-slot=\"thumb\" alt=\"A\">\n")
        let result = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(Self.isClean(result.err), "\(result.err.debugDescription)")
        #expect(result.err.contains("no image 'photos/a\\u{1B}[2J\\u{7}.jpg' in the index"))
    }

    /// The console is the one place text reaches the terminal: whatever a printer hands it.
    @Test func theConsoleEscapesWhatEveryPrinterGivesIt() {
        let captured = CapturedConsole()
        captured.console.err("x\u{1B}[31m\u{07}\r\u{7F}\u{9B}y\tz\n")
        captured.console.out("\u{0}\n")
        #expect(captured.err == "x\\u{1B}[31m\\u{7}\\r\\u{7F}\\u{9B}y\tz\n")
        #expect(captured.out == "\\u{0}\n")
        captured.console.redraw("[##--] \u{1B}")
        #expect(captured.err.hasSuffix("\r[##--] \\u{1B}\u{1B}[K"))
    }

    /// The file is one line; a message keeps only the line breaks it is written with.
    @Test func aDiagnosticEscapesItsFileAndMessage() {
        let diagnostic = Diagnostic(.warning, file: "photos/a\nb\t.jpg", message: "bad\tthing\u{1B}\nsecond line")
        #expect(diagnostic.description == "photos/a\\nb\\t.jpg: warning: bad\\tthing\\u{1B}\nsecond line")
    }

    @Test func jsonTextLeavesNoControlCharacterRaw() throws {
        let text = JSONValue.object(["name": .string("a\u{7F}\u{85}\u{1B}\n")]).text
        #expect(Self.isClean(text) && !text.contains("\n"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(decoded["name"] == "a\u{7F}\u{85}\u{1B}\n")
    }
}
