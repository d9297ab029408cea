import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class ScratchFolder: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ name: String = "thumbgen-test") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` at `relative`, creating folders; returns the absolute path.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) -> String {
        let file = url.appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: file)
        return file.path
    }

    /// The same with the arguments the other way round (bytes, then path).
    @discardableResult
    public func write(_ bytes: [UInt8], _ relative: String) -> String {
        write(relative, bytes)
    }

    @discardableResult
    public func write(_ relative: String, text: String) -> String {
        write(relative, Array(text.utf8))
    }

    public func read(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url.appendingPathComponent(relative).path).map { [UInt8]($0) }
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }

    /// Every file below the folder, relative, sorted (hidden ones included).
    public func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let item = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.appendingPathComponent(item).path, isDirectory: &isFolder)
            if !isFolder.boolValue { found.append(item) }
        }
        return found.sorted()
    }
}

public typealias TemporaryFolder = ScratchFolder

/// The shared test images of ../shared/testdata, when the folder is there.
public enum SharedTestData {
    public static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/TestSupport/Scratch.swift → project
        return url.deletingLastPathComponent().appendingPathComponent("shared/testdata")
    }()

    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("SOURCES.md").path)
    }

    /// Files of one subfolder (`orientation`, `jpeg`, `corrupt`, `pngsuite` …), sorted.
    public static func files(in subfolder: String) -> [URL] {
        let folder = folder.appendingPathComponent(subfolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }
}
