import Testing
@testable import YAML

/// The libyaml binding: a node tree with 1-based marks, aliases expanded within bounds, and
/// every hostile or ambiguous document refused with a line and column.
struct YAMLParserTests {
    static func parse(_ text: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> YAMLNode {
        try YAMLParser.parse(Array(text.utf8), limits: limits)
    }

    static func mark(_ line: Int, _ column: Int) -> Mark { Mark(line: line, column: column) }

    @Test func marksAreOneBasedLinesAndColumns() throws {
        let tree = try Self.parse("a: 1\nlist:\n  - x\n  - 'y'\nmap: { k: v }\n")
        #expect(tree == .mapping([
            YAMLPair(key: .scalar("a", plain: true, Self.mark(1, 1)), value: .scalar("1", plain: true, Self.mark(1, 4))),
            YAMLPair(key: .scalar("list", plain: true, Self.mark(2, 1)), value: .sequence([
                .scalar("x", plain: true, Self.mark(3, 5)),
                .scalar("y", plain: false, Self.mark(4, 5)),
            ], Self.mark(3, 3))),
            YAMLPair(key: .scalar("map", plain: true, Self.mark(5, 1)), value: .mapping([
                YAMLPair(key: .scalar("k", plain: true, Self.mark(5, 8)), value: .scalar("v", plain: true, Self.mark(5, 11))),
            ], Self.mark(5, 6))),
        ], Self.mark(1, 1)))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let tree = try Self.parse("é: ü\n")
        guard case .mapping(let pairs, _) = tree else { Issue.record("not a mapping"); return }
        #expect(pairs.first?.value == .scalar("ü", plain: true, Self.mark(1, 4)))
    }

    @Test func aliasesExpandToTheAnchoredNode() throws {
        let tree = try Self.parse("base: &b [1, 2]\ncopy: *b\n")
        guard case .mapping(let pairs, _) = tree, pairs.count == 2 else { Issue.record("not two pairs"); return }
        #expect(pairs[1].value == pairs[0].value)
        #expect(pairs[1].value.mark == Self.mark(1, 7))
    }

    @Test func anEmptyDocumentIsNothing() throws {
        for text in ["", "# only a comment\n", "---\n"] {
            let node = try Self.parse(text)
            #expect(node.isNull)
            #expect(node.kindName == "nothing")
        }
    }

    @Test(arguments: [
        ("~", true, "nothing"), ("null", true, "nothing"), ("''", false, "a value"), ("x", false, "a value"),
        ("[]", false, "a list"), ("{}", false, "a mapping"),
    ])
    func kinds(_ text: String, _ isNull: Bool, _ kind: String) throws {
        let node = try Self.parse(text)
        #expect(node.isNull == isNull)
        #expect(node.kindName == kind)
    }

    @Test(arguments: [
        ("a: 1\nb: 2\na: 3\n", YAMLLimits(), 3, 1, "duplicate key 'a' (first given at line 1); give each key once"),
        ("a: 1\n---\nb: 2\n", YAMLLimits(), 2, 1, "a manifest is one YAML document, but a second one starts here; remove the extra '---'"),
        ("a: *nowhere\n", YAMLLimits(), 1, 4, "unknown alias '*nowhere': no '&nowhere' comes before it; if you meant the text '*nowhere' (a glob, say), put it in quotes: \"*nowhere\""),
        ("[[[x]]]", YAMLLimits(maxDepth: 2), 1, 3, "nesting deeper than 2 levels"),
        ("a: [1, 2, 3]\n", YAMLLimits(maxNodes: 5), 1, 11, "the document expands to more than 5 nodes (aliases included); it is too large to be a manifest"),
        ("a: &x [1, 2]\nb: *x\n", YAMLLimits(maxNodes: 7), 2, 4, "the document expands to more than 7 nodes (aliases included); it is too large to be a manifest"),
        ("a: abcdef\n", YAMLLimits(maxScalarLength: 5), 1, 4, "a value of 6 bytes is longer than the limit of 5"),
        ("a: [1, 2\n", YAMLLimits(), 2, 1, "the '[' at line 1, column 4 opens a list that is not closed before the end of the file; add ']' after its last item, and ',' between items"),
        ("a: b: c\n", YAMLLimits(), 1, 5, "a value that holds ': ' must be in quotes: write a: \"b: c\""),
        // What the explanation does not recognise keeps libyaml's words.
        ("a: 1\n%FOO bar\n", YAMLLimits(), 2, 5, "YAML syntax: found unknown directive name (while scanning a directive at line 2, column 1)"),
    ] as [(String, YAMLLimits, Int, Int, String)])
    func refuses(_ text: String, _ limits: YAMLLimits, _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: YAMLError(mark: Self.mark(line, column), message: message)) {
            try Self.parse(text, limits: limits)
        }
    }

    @Test func limitsAreInclusive() throws {
        // Exactly at each bound is allowed: depth 2, 5 nodes, a 5-byte value.
        _ = try Self.parse("[[x]]", limits: YAMLLimits(maxDepth: 2))
        _ = try Self.parse("a: [1, 2]\n", limits: YAMLLimits(maxNodes: 5))
        _ = try Self.parse("a: abcde\n", limits: YAMLLimits(maxScalarLength: 5))
    }

    @Test func theDefaultLimits() {
        let limits = YAMLLimits()
        #expect(limits.maxNodes == 100_000)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxScalarLength == 65_536)
    }

    @Test func markDescribesItself() {
        #expect(Mark(line: 12, column: 5).description == "12:5")
    }
}

/// Bytes that are not UTF-8, found before libyaml sees them.
struct UTF8CheckTests {
    @Test(arguments: [
        ([0x61, 0x62], nil),
        ([0xC3, 0xA9, 0x61], nil),  // é
        ([0xF0, 0x9F, 0x98, 0x80], nil),  // an emoji
        ([0x61, 0xE9, 0x20, 0x61], 1),  // Latin-1 é in the middle
        ([0x61, 0xC3], 1),  // cut short at the end
        ([0xC0, 0x80], 0),  // overlong
        ([0xED, 0xA0, 0x80], 0),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
        ([0x61, 0x80], 1),  // a lone continuation byte
        ([0xFF], 0),
    ] as [([UInt8], Int?)])
    func findsTheFirstBadByte(_ bytes: [UInt8], _ expected: Int?) {
        #expect(UTF8Check.firstInvalidByte(in: bytes) == expected)
    }

    @Test func marksCountCharacters() {
        let bytes = Array("ab\nçé x".utf8)
        #expect(UTF8Check.mark(ofByte: 0, in: bytes) == Mark(line: 1, column: 1))
        #expect(UTF8Check.mark(ofByte: 3, in: bytes) == Mark(line: 2, column: 1))
        #expect(UTF8Check.mark(ofByte: 8, in: bytes) == Mark(line: 2, column: 4))
    }
}
