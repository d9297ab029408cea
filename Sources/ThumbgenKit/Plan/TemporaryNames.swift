/// Names of the temporary files thumbgen writes before renaming them into place:
/// `.thumbgen-<build token>-<n>`, hidden, short (so any name the file system takes leaves room
/// for one), and tied to the build that recorded its token before making any of them.
enum TemporaryNames {
    static let prefix = ".thumbgen-"

    /// A fresh token: eight lowercase hex digits.
    static func newToken() -> String {
        String(UInt32.random(in: 0x1000_0000...UInt32.max), radix: 16)
    }

    /// True for a token of the form `newToken` makes.
    static func isToken(_ text: some StringProtocol) -> Bool {
        text.count == 8 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    static func name(token: String, number: Int) -> String {
        "\(prefix)\(token)-\(number)"
    }

    /// True for a temporary file of the build with `token`.
    static func belongs(_ name: String, to token: String) -> Bool {
        name.hasPrefix("\(prefix)\(token)-")
    }
}
