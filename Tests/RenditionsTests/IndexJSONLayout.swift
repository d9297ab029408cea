#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Lays compact JSON out for people: two-space indentation, `"key": value`, and objects or
/// arrays that hold only plain values on one line (`{ "bytes": 9120, "file": "…", … }`, `[2, 3]`).
enum IndexJSONLayout {
    static func pretty(_ compact: Data) -> Data {
        let bytes = [UInt8](compact)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var index = 0
        write(bytes, &index, into: &out, depth: 0)
        out.append(0x0A)
        return Data(out)
    }

    /// Writes the value that starts at `index` and moves `index` past it.
    private static func write(_ bytes: [UInt8], _ index: inout Int, into out: inout [UInt8], depth: Int) {
        let open = bytes[index]
        guard open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else {
            let end = scalarEnd(bytes, from: index)
            appendScalar(bytes[index..<end], into: &out)
            index = end
            return
        }
        let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let flat = isFlat(bytes, from: index)
        index += 1
        out.append(open)
        if bytes[index] == close {
            out.append(close)
            index += 1
            return
        }
        let isObject = open == UInt8(ascii: "{")
        var first = true
        while true {
            if !first { out.append(UInt8(ascii: ",")) }
            if flat {
                if isObject || !first { out.append(UInt8(ascii: " ")) }
            } else {
                newline(depth + 1, &out)
            }
            first = false
            if isObject {
                let keyEnd = scalarEnd(bytes, from: index)
                appendScalar(bytes[index..<keyEnd], into: &out)
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                index = keyEnd + 1  // past ':'
            }
            write(bytes, &index, into: &out, depth: depth + 1)
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            index += 1  // past the closing bracket
            break
        }
        if flat {
            if isObject { out.append(UInt8(ascii: " ")) }
        } else {
            newline(depth, &out)
        }
        out.append(close)
    }

    /// A string, number or literal as it is, but `\/` written `/`: JSONEncoder escapes slashes
    /// unless told `.withoutEscapingSlashes`, which Apple's systems have only since iOS 13 and
    /// macOS 10.15, so the index's paths read `photos/a.jpg` on every system this way.
    private static func appendScalar(_ scalar: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var index = scalar.startIndex
        while index < scalar.endIndex {
            let byte = scalar[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < scalar.endIndex else {
                out.append(byte)
                index += 1
                continue
            }
            // An escape is two bytes (`\\` stays whole, so `\\/` is a backslash, then a slash).
            if scalar[index + 1] != UInt8(ascii: "/") { out.append(byte) }
            out.append(scalar[index + 1])
            index += 2
        }
    }

    private static func newline(_ depth: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// True when the container at `start` holds only plain values, or (for an object) plain
    /// values and arrays of plain values.
    private static func isFlat(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start + 1
        var depth = 0
        let nestedArrayAllowed = bytes[start] == UInt8(ascii: "{")
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): index = scalarEnd(bytes, from: index); continue
            case UInt8(ascii: "{"): return false
            case UInt8(ascii: "["):
                if !nestedArrayAllowed || depth > 0 { return false }
                depth += 1
            case UInt8(ascii: "]") where depth > 0: depth -= 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): return true
            default: break
            }
            index += 1
        }
        return true
    }

    /// The end of the string, number or literal that starts at `start`.
    private static func scalarEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            while bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return index + 1
        }
        while index < bytes.count, !",}]:".utf8.contains(bytes[index]) { index += 1 }
        return index
    }
}
