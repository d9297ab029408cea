import Testing
@testable import ThumbgenKit

/// YAML syntax errors in the words of the person editing the file: which key, how many spaces,
/// which bracket or quote, and what to write instead, never libyaml's "mapping values are not
/// allowed in this context".
struct ManifestSyntaxErrorTests {
    static let tabs: [ManifestCase] = [
        ManifestCase("a tab as indentation", "version: 1\nslots:\n\tthumb: { size: 60x60 }\n",
            "manifest.yaml:3:1: error: this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces"),
        ManifestCase("a tab after spaces", "version: 1\nslots:\n  thumb:\n  \tsize: 60x60\n",
            "manifest.yaml:4:3: error: this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces"),
        ManifestCase("a tab in a value's next line", "version: 1\nroot: a\n\tb\n",
            "manifest.yaml:3:1: error: this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces"),
    ]

    static let indentation: [ManifestCase] = [
        ManifestCase("a key indented too far after a value", "version: 1\nslots:\n  thumb:\n    size: 60x60\n      scales: [1]\n",
            "manifest.yaml:5:7: error: 'scales' is indented more than 'size' on line 4 (6 spaces against 4), but 'size' already has its value on that line; indent 'scales' by 4 spaces, like 'size'"),
        ManifestCase("a key indented too far after a flow mapping", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1] }\n    card: { size: 320x180, scales: [1] }\n",
            "manifest.yaml:4:5: error: 'card' is indented more than 'thumb' on line 3 (4 spaces against 2), but 'thumb' already has its value on that line; indent 'card' by 2 spaces, like 'thumb'"),
        ManifestCase("a top-level key indented", "version: 1\n  slots: {}\n",
            "manifest.yaml:2:3: error: 'slots' is indented more than 'version' on line 1 (2 spaces against 0), but 'version' already has its value on that line; start 'slots' at the beginning of the line, like 'version'"),
        ManifestCase("a key indented too far in a list item", "version: 1\nimages:\n  - path: a.jpg\n     slots: [thumb]\n",
            "manifest.yaml:4:6: error: 'slots' is indented more than 'path' on line 3 (5 spaces against 4), but 'path' already has its value on that line; indent 'slots' by 4 spaces, like 'path'"),
        ManifestCase("a key not indented far enough", "version: 1\nslots:\n  thumb:\n    size: 60x60\n   scales: [1]\n",
            "manifest.yaml:5:4: error: 'scales' is indented by 3 spaces, which lines up with nothing above: 'thumb' on line 3 has 2 and 'size' on line 4 has 4; indent it by 4 spaces, like 'size', or by 2, like 'thumb'"),
        ManifestCase("a key between a list item and its keys", "version: 1\nimages:\n  - path: a.jpg\n   slots: [thumb]\n",
            "manifest.yaml:4:4: error: 'slots' is indented by 3 spaces, which lines up with nothing above: the '-' on line 3 has 2 and 'path' on line 3 has 4; indent it by 4 spaces, like 'path', or by 2, like the '-'"),
        ManifestCase("a key under a list item's dash", "version: 1\nimages:\n  - path: a.jpg\n  slots: [thumb]\n",
            "manifest.yaml:4:3: error: 'slots' is indented like the '-' on line 3 (2 spaces), where a new list item would start; indent it by 4 spaces, like 'path', to put it in that item"),
        ManifestCase("a key indented by one space", "version: 1\nimages:\n  - path: a.jpg\n slots: [thumb]\n",
            "manifest.yaml:4:2: error: 'slots' is indented by 1 space, which lines up with nothing above: 'images' on line 2 has 0 and the '-' on line 3 has 2; indent it by 2 spaces, like the '-', or start it at the beginning of the line, like 'images'"),
        ManifestCase("a dash indented like a key", "version: 1\nimages:\n  - path: a.jpg\n    slots: [thumb]\n    - path: b.jpg\n",
            "manifest.yaml:5:5: error: this '-' is indented like 'slots' on line 4, a key, so it cannot start a list item there; to add an item to the list of line 3, indent the '-' by 2 spaces, like the '-' there"),
        ManifestCase("a dash between columns", "version: 1\nimages:\n  - path: a.jpg\n    slots: [thumb]\n   - path: b.jpg\n",
            "manifest.yaml:5:4: error: this '-' is indented by 3 spaces, which lines up with nothing above: the '-' on line 3 has 2 and 'slots' on line 4 has 4; indent it by 4 spaces, like 'slots', or by 2, like the '-'"),
        ManifestCase("a dash without a space", "version: 1\nimages:\n  - path: a.jpg\n    slots: [thumb]\n  -path: b.jpg\n",
            "manifest.yaml:5:3: error: '-path: b.jpg' needs a space after '-' to be a list item: write '- path: b.jpg'"),
        ManifestCase("the first key indented", "  version: 1\nslots: {}\n",
            "manifest.yaml:2:1: error: 'slots' is indented less than 'version' on line 1 (0 spaces against 2), the first key of the file; give every top-level key the same indentation (none is usual)"),
    ]

    static let brackets: [ManifestCase] = [
        ManifestCase("an unclosed bracket", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1, 2 }\nimages: []\n",
            "manifest.yaml:3:39: error: the '[' at line 3, column 33 opens a list that is not closed before '}'; add ']' after its last item, and ',' between items"),
        ManifestCase("an unclosed brace", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1, 2]\nimages: []\n",
            "manifest.yaml:4:1: error: the '{' at line 3, column 10 opens a mapping that is not closed before line 4; add '}' after its last entry, and ',' between entries"),
        ManifestCase("an unclosed brace at the end", "version: 1\nslots: { thumb: { size: 60x60 }\n",
            "manifest.yaml:3:1: error: the '{' at line 2, column 8 opens a mapping that is not closed before the end of the file; add '}' after its last entry, and ',' between entries"),
        ManifestCase("a missing comma in a flow mapping", "version: 1\nslots:\n  thumb: { size: 60x60 scales: [1] }\n",
            "manifest.yaml:3:30: error: a ',' is missing between two entries of the mapping that the '{' at line 3, column 10 opens (or its closing '}' is)"),
        ManifestCase("a brace too many", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1] }}\n",
            "manifest.yaml:3:38: error: this '}' closes nothing: there is one too many, or its '{' is missing"),
        ManifestCase("an unclosed double quote", "version: 1\nroot: \"site\n",
            "manifest.yaml:2:7: error: this \" opens a quoted value that is never closed; add the closing \" where the value ends"),
        ManifestCase("an unclosed single quote", "version: 1\nroot: 'site\n",
            "manifest.yaml:2:7: error: this ' opens a quoted value that is never closed; add the closing ' where the value ends"),
        ManifestCase("a quote closed on the next line", "version: 1\nroot: \"site\nindex: \"x.json\"\n",
            "manifest.yaml:2:7: error: this \" opens a quoted value that is not closed on its line, so it runs on to the \" on line 3; add the closing \" on line 2"),
        ManifestCase("text after a closing quote", "version: 1\nroot: \"site\"x\n",
            "manifest.yaml:2:13: error: 'x' follows the closing \" of a quoted value; put it inside the quotes, or remove it"),
        ManifestCase("a CSS sizes value unquoted", "version: 1\nslots:\n  hero:\n    sizes: (max-width: 1200px) 100vw\n",
            "manifest.yaml:4:22: error: a value that holds ': ' must be in quotes: write sizes: \"(max-width: 1200px) 100vw\""),
        ManifestCase("a backslash in double quotes", "version: 1\nroot: \"C:\\photos\"\n",
            "manifest.yaml:2:10: error: in double quotes '\\' starts an escape such as '\\n', and '\\p' is none; write paths with '/', or put the value in single quotes, where '\\' is an ordinary character"),
        ManifestCase("two commas", "version: 1\nslots: { thumb: { size: 60x60, scales: [1, , 2] } }\n",
            "manifest.yaml:2:44: error: two ',' with nothing between them; remove one"),
    ]

    static let values: [ManifestCase] = [
        ManifestCase("a glob that starts with *", "version: 1\nimages:\n  - path: *.jpg\n    slots: [thumb]\n",
            "manifest.yaml:3:11: error: '*.jpg' must be in quotes: in YAML a value that starts with '*' is an alias (a reference to an '&' anchor); write path: \"*.jpg\""),
        ManifestCase("a ** glob in a flow mapping", "version: 1\nimages:\n  - { path: **/*.jpg, slots: [thumb] }\n",
            "manifest.yaml:3:13: error: '**/*.jpg' must be in quotes: in YAML a value that starts with '*' is an alias (a reference to an '&' anchor); write path: \"**/*.jpg\""),
        ManifestCase("a glob read as an alias name", "version: 1\nimages:\n  - path: *jpg\n    slots: [thumb]\n",
            "manifest.yaml:3:11: error: unknown alias '*jpg': no '&jpg' comes before it; if you meant the text '*jpg' (a glob, say), put it in quotes: \"*jpg\""),
        ManifestCase("a key without its colon", "version 1\nslots:\n",
            "manifest.yaml:1:1: error: 'version 1' has no ':' after its key; write 'version: 1'"),
        ManifestCase("a key alone without its colon", "version: 1\nslots\n  thumb: {}\n",
            "manifest.yaml:2:1: error: 'slots' is not followed by ':'; write 'slots:' to make it a key"),
        ManifestCase("no space after a colon", "version: 1\nroot: site  # ok\nindex:renditions.json\n",
            "manifest.yaml:3:1: error: a key needs a space after its ':': write 'index: renditions.json'"),
        ManifestCase("a colon inside a value", "version: 1\nroot: a: b\n",
            "manifest.yaml:2:8: error: a value that holds ': ' must be in quotes: write root: \"a: b\""),
        ManifestCase("a value starting with @", "version: 1\nroot: @site\n",
            "manifest.yaml:2:7: error: a value cannot start with '@'; put it in quotes: root: \"@site\""),
        ManifestCase("a list item on its key's line", "version: 1\nimages: - path: a.jpg\n",
            "manifest.yaml:2:9: error: a list item cannot start on the same line as 'images:'; put '- path: a.jpg' on the next line, indented under it"),
        ManifestCase("a control character", "version: 1\nroot: a\u{01}b\n",
            "manifest.yaml:2:8: error: the file holds a control character (byte 0x01), which YAML does not allow; remove it"),
    ]

    @Test(arguments: tabs + indentation + brackets + values)
    func explainsTheMistake(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }

    /// Every message names no libyaml term: "mapping values", "simple key", "block collection".
    @Test func noMessageUsesTheParsersWords() throws {
        for broken in Self.tabs + Self.indentation + Self.brackets + Self.values {
            let (lines, _) = try broken.diagnostics()
            for line in lines {
                #expect(!line.contains("YAML syntax:") && !line.contains("while parsing") && !line.contains("while scanning"), "\(broken.name)")
            }
        }
    }
}
