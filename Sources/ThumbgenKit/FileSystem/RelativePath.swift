/// A path below root, checked before any system call: `/`-separated names, none empty, `.` or
/// `..`, no leading `/` and no NUL (C would cut the name there and touch another file).
struct RelativePath: Sendable, Equatable {
    /// The names from root down; empty for root itself.
    let components: [String]
    /// The path as given.
    let text: String

    /// Nil when `text` is not a plain path below root. `allowRoot` accepts "" for root itself.
    init?(_ text: String, allowRoot: Bool = false) {
        if text.isEmpty, allowRoot {
            components = []
            self.text = text
            return
        }
        guard Self.flaw(of: text) == nil else { return nil }
        components = text.utf8.split(separator: 0x2F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        self.text = text
    }

    /// The folders on the way (all components but the last).
    var folders: ArraySlice<String> { components.dropLast() }
    /// The last component: the entry's own name.
    var name: String { components.last ?? "" }
    /// The path of the first `count` components.
    func prefix(_ count: Int) -> String { components.prefix(count).joined(separator: "/") }

    /// Why `text` is not a plain path below root, in words for a message; nil when it is one.
    static func flaw(of text: String) -> String? {
        if text.isEmpty { return "it is empty" }
        if text.hasPrefix("/") { return "it starts with /" }
        if text.utf8.contains(0) { return "it holds a NUL character" }
        // Split by bytes, as the system splits it (a `/` before a combining mark still separates).
        for part in text.utf8.split(separator: 0x2F, omittingEmptySubsequences: false) {
            if part.isEmpty { return "it has an empty part" }
            if part.elementsEqual("..".utf8) { return "it goes up with .." }
            if part.elementsEqual(".".utf8) { return "it has a . part" }
        }
        return nil
    }

    /// True for a name that can stand alone in a folder: one component.
    static func isPlainName(_ name: String) -> Bool {
        flaw(of: name) == nil && !name.utf8.contains(0x2F)
    }
}
