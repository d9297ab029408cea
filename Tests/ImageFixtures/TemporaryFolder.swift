import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "thumbgen-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` (a path relative to the folder, parents created) and returns the full path.
    @discardableResult
    public func write(_ bytes: [UInt8], _ name: String) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The bytes of `name`, relative to the folder.
    public func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + name).map { [UInt8]($0) }
    }
}
