import FoundationEssentials
import Glibc

/// Paths as the user sees them: relative to the working folder, so that a message, a `--json`
/// problem or a CI annotation names a file the user can open from where they ran thumbgen.
public struct DisplayPaths: Sendable {
    /// The manifest's root, absolute.
    let root: String
    /// The working folder, absolute.
    let workingFolder: String

    public init(root: String, workingFolder: String = DisplayPaths.currentFolder()) {
        self.root = root
        self.workingFolder = workingFolder
    }

    public static func currentFolder() -> String {
        guard let buffer = getcwd(nil, 0) else { return "." }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// `photos/a.jpg` under root `/site/example` seen from `/site` → `example/photos/a.jpg`; the
    /// absolute path for a file outside the working folder.
    public func show(_ rootRelative: String) -> String {
        let absolute = root + (rootRelative.isEmpty ? "" : "/" + rootRelative)
        let relative = Self.relative(absolute, from: workingFolder)
        return relative.hasPrefix("../") || relative == ".." ? absolute : relative
    }

    /// `path` (absolute) relative to the folder `base` (absolute), with `..` where needed.
    public static func relative(_ path: String, from base: String) -> String {
        let target = path.split(separator: "/"), from = base.split(separator: "/")
        var common = 0
        while common < target.count, common < from.count, target[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
