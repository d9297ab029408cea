import Foundation
import Testing
@testable import ThumbgenKit

/// Manifests that fail before the schema is looked at: the YAML itself is broken or hostile.
struct ManifestYAMLErrorTests {
    static let slots = """
        slots:
          thumb: { size: 60x60, scales: [1] }
        images:
          - path: a.jpg
            slots: [thumb]
        """

    /// Nine levels of nine aliases each: about a kilobyte that would expand to 387 million nodes.
    static let billionLaughs: String = {
        var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let cases: [ManifestCase] = [
        ManifestCase("unclosed flow sequence", """
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1, 2 }
            images: []
            """,
            "manifest.yaml:3:39: error: the '[' at line 3, column 33 opens a list that is not closed before '}'; add ']' after its last item, and ',' between items"),
        ManifestCase("unclosed quote", """
            version: 1
            root: "site
            """,
            "manifest.yaml:2:7: error: this \" opens a quoted value that is never closed; add the closing \" where the value ends"),
        ManifestCase("tab as indentation", "version: 1\nslots:\n\tthumb: { size: 60x60 }\n",
            "manifest.yaml:3:1: error: this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces"),
        ManifestCase("a list instead of a mapping", "- version: 1\n- slots: {}\n",
            "manifest.yaml:1:1: error: a manifest is a mapping with 'version', 'slots' and 'images', but this file holds a list"),
        ManifestCase("a lone value", "thumbnails please\n",
            "manifest.yaml:1:1: error: a manifest is a mapping with 'version', 'slots' and 'images', but this file holds a value"),
        ManifestCase("an empty file", "",
            "manifest.yaml:1:1: error: a manifest is a mapping with 'version', 'slots' and 'images', but this file holds nothing"),
        ManifestCase("a comment only", "# nothing yet\n",
            "manifest.yaml:1:1: error: a manifest is a mapping with 'version', 'slots' and 'images', but this file holds nothing"),
        ManifestCase("duplicate top-level key", "version: 1\n" + slots + "\nversion: 1\n",
            "manifest.yaml:7:1: error: duplicate key 'version' (first given at line 1); give each key once"),
        ManifestCase("duplicate slot", """
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1] }
              thumb: { size: 90x90, scales: [1] }
            """,
            "manifest.yaml:4:3: error: duplicate key 'thumb' (first given at line 3); give each key once"),
        ManifestCase("duplicate key in a flow mapping", """
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1], size: 90x90 }
            """,
            "manifest.yaml:3:38: error: duplicate key 'size' (first given at line 3); give each key once"),
        ManifestCase("a second document", "version: 1\n" + slots + "\n---\nversion: 1\n",
            "manifest.yaml:7:1: error: a manifest is one YAML document, but a second one starts here; remove the extra '---'"),
        ManifestCase("unknown alias", "version: 1\nslots: *shared\n",
            "manifest.yaml:2:8: error: unknown alias '*shared': no '&shared' comes before it; if you meant the text '*shared' (a glob, say), put it in quotes: \"*shared\""),
        ManifestCase("billion laughs", billionLaughs,
            "manifest.yaml:6:8: error: the document expands to more than 100000 nodes (aliases included); it is too large to be a manifest"),
        ManifestCase("deep nesting", "version: 1\nx: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n",
            "manifest.yaml:2:67: error: nesting deeper than 64 levels"),
        ManifestCase("huge scalar", "version: 1\nroot: " + String(repeating: "a", count: 70_000) + "\n",
            "manifest.yaml:2:7: error: a value of 70000 bytes is longer than the limit of 65536"),
    ]

    @Test(arguments: cases)
    func reportsTheYAMLProblem(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }

    @Test(arguments: [
        // Latin-1 "café": the é is one byte, 0xE9, where UTF-8 needs two.
        (Array("version: 1\nroot: caf".utf8) + [0xE9] + Array("\n".utf8),
         "manifest.yaml:2:10: error: the file is not UTF-8 text (byte 0xE9); save it as UTF-8"),
        // The bad byte is the lead, not the character after it.
        (Array("version: 1\nroot: caf".utf8) + [0xE9] + Array(" au lait\n".utf8),
         "manifest.yaml:2:10: error: the file is not UTF-8 text (byte 0xE9); save it as UTF-8"),
        // Columns count characters: "ü" before the bad byte is one column.
        (Array("version: 1\n# über ".utf8) + [0xFF] + Array("\n".utf8),
         "manifest.yaml:2:8: error: the file is not UTF-8 text (byte 0xFF); save it as UTF-8"),
        // A lead byte at the very end, missing its continuation.
        (Array("version: 1\n".utf8) + [0xC3],
         "manifest.yaml:2:1: error: the file is not UTF-8 text (byte 0xC3); save it as UTF-8"),
        // UTF-16 with a byte-order mark is not UTF-8 either.
        ([0xFF, 0xFE] + Array("v".utf8) + [0],
         "manifest.yaml:1:1: error: the file is not UTF-8 text (byte 0xFF); save it as UTF-8"),
    ] as [([UInt8], String)])
    func rejectsBytesThatAreNotUTF8(_ bytes: [UInt8], _ expected: String) throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: DiagnosticsError.self) {
            try ManifestLoader.load(bytes: bytes, file: "manifest.yaml", directory: folder.url)
        }
        #expect(error?.diagnostics.map(\.description) == [expected])
    }

    @Test func billionLaughsIsSmallAndFailsFast() throws {
        #expect(Self.billionLaughs.utf8.count < 1_100)
        let start = ContinuousClock.now
        let (lines, _) = try ManifestCase("bomb", Self.billionLaughs).diagnostics()
        #expect(lines.count == 1)
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func aUTF8ByteOrderMarkIsAccepted() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        let yaml = [0xEF, 0xBB, 0xBF] + Array(("version: 1\n" + Self.slots + "\n").utf8)
        let manifest = try ManifestLoader.load(bytes: yaml, file: "manifest.yaml", directory: folder.url)
        #expect(manifest.images.map(\.path) == ["a.jpg"])
    }
}
