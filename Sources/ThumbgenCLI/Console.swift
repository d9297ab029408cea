import Glibc
import ThumbgenKit

/// Where a command's output goes: data on standard output, everything for people on standard
/// error. Tests pass their own closures to capture both.
///
/// The one place text reaches the terminal: `out` and `err` escape every control character but
/// the line feed that ends a line and the tab that separates a data line's columns (a name
/// holding ESC or BEL, printed raw, would drive the terminal). So no printer can forget it; the
/// text of a single line that may hold a name's newline or tab escapes those itself
/// (`NameText.displayed`, `Diagnostic.description`). The live progress line's own controls go
/// through `redraw` and `clearLine`, the only raw writes.
public struct Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    /// True when standard error is a terminal (a live progress line is drawn there).
    public var isTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, isTerminal: Bool = false) {
        writeOut = out
        writeErr = err
        self.isTerminal = isTerminal
    }

    /// Data on standard output, control characters escaped.
    public func out(_ text: String) { writeOut(Self.escaped(text)) }

    /// Text for people on standard error, control characters escaped.
    public func err(_ text: String) { writeErr(Self.escaped(text)) }

    /// Draws `line` (escaped) over the live line on standard error: a carriage return before,
    /// "erase to the end of the line" after.
    public func redraw(_ line: String) { writeErr("\r" + Self.escaped(line) + "\u{1B}[K") }

    /// Erases the live line.
    public func clearLine() { writeErr("\r\u{1B}[K") }

    /// `text` with every control character but `\n` and `\t` escaped as `NameText` shows it
    /// (`\r`, `\u{1B}`, `\u{7F}`, `\u{85}`); text without one is returned as it is.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isEscaped($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                result += NameText.displayed(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }

    /// The process's own standard output and error.
    public static let standard = Console(
        out: { text in writeAll(1, text) },
        err: { text in writeAll(2, text) },
        isTerminal: isatty(2) == 1)
}

/// Writes all of `text` to a file descriptor.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var done = 0
        while done < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            done += written
        }
    }
}
