import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// Paths that are not plainly below root are refused before any system call, by every
    /// operation, and nothing is created anywhere.
    @Suite struct RelativePathTests {
        static let refused: [(path: String, why: String)] = [
            ("../outside/a.jpg", "it goes up with .."),
            ("photos/../../outside/a.jpg", "it goes up with .."),
            ("/etc/passwd", "it starts with /"),
            ("photos//a.jpg", "it has an empty part"),
            ("photos/", "it has an empty part"),
            ("./a.jpg", "it has a . part"),
            ("a\0.jpg", "it holds a NUL character"),
            ("", "it is empty"),
        ]

        @Test(arguments: bothWays)
        func pathsNotBelowRootAreRefusedByEveryOperation(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            for (path, why) in Self.refused {
                let write = #expect(throws: WriteError.self) {
                    try site.root.writeAtomically([1], to: path, temporaryName: ".t", createFolders: true)
                }
                let shown = path.isEmpty ? "the root folder" : NameText.displayed(path)
                #expect(write?.reason == "\(shown) is not a path below root (\(why)); thumbgen touches only files below root")
                #expect(write?.cause == .notBelowRoot)
                #expect(throws: WriteError.self) { try site.root.remove(path) }
                #expect(throws: WriteError.self) { _ = try site.root.read(path, limit: 10) }
                if !path.isEmpty {
                    #expect(throws: WriteError.self) { try site.root.makeFolders(path) }
                    #expect(throws: WriteError.self) { _ = try site.root.list(path) }
                    guard case .blocked(let error) = site.root.entry(path) else { Issue.record("\(path) not blocked"); continue }
                    #expect(error.cause == .notBelowRoot)
                }
            }
            #expect(site.rootListing == [])
            #expect(site.outsideIsUntouched)
        }

        /// The temporary is a bare name in the target's folder, never the target's own name.
        @Test(arguments: bothWays)
        func aTemporaryNameMustBeABareNameOtherThanTheTarget(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            for temporary in ["../t", "sub/t", "a.jpg", "", ".."] {
                let error = #expect(throws: WriteError.self) {
                    try site.root.writeAtomically([1], to: "a.jpg", temporaryName: temporary)
                }
                #expect(error?.cause == .notBelowRoot)
            }
            #expect(site.rootListing == [])
            #expect(site.outsideIsUntouched)
        }

        @Test func namesAreShownOnOneLine() {
            #expect(NameText.displayed("a\tb\nc\r\u{1B}.jpg") == "a\\tb\\nc\\r\\u{1B}.jpg")
            #expect(NameText.displayed("café.jpg") == "café.jpg")
            #expect(NameText.displayed(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)) == "caf\\xE9.jpg")
            #expect(NameText.displayed(bytes: [0x01, 0xFF, 0xC3, 0xA9]) == "\\u{1}\\xFFé")
        }
    }
}
