#!/usr/bin/env python3
"""Prints Sources/ThumbgenKit/Outputs/HTML/NamedCharacterReferences.swift from Python's copy of
the WHATWG table (html.entities.html5: every name, with and without its ';' where HTML allows)."""
import html.entities

lines = []
for name, text in sorted(html.entities.html5.items()):
    lines.append(name + " " + " ".join("%X" % ord(c) for c in text))
print('''/// The HTML named character references (WHATWG's table, 2,231 names, the legacy ones also
/// without `;`), one per line: the name, then its code points in hex. Made by
/// scripts/named-references.py from Python's html.entities.html5; one string, read once, because
/// a dictionary literal this size is slow to compile.
enum NamedCharacterReferences {
    static let table: [String: String] = {
        var table: [String: String] = [:]
        for line in text.split(separator: "\\n") {
            let parts = line.split(separator: " ")
            var value = ""
            for part in parts.dropFirst() { value.unicodeScalars.append(Unicode.Scalar(UInt32(part, radix: 16)!)!) }
            table[String(parts[0])] = value
        }
        return table
    }()

    /// The longest name in the table, `;` included.
    static let longest = 32

    private static let text = """''')
for line in lines:
    print("        " + line)
print('''        """
}''')
