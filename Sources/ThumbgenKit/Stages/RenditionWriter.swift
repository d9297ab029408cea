/// Why an image's files could not be written.
enum WriteProblem: Error {
    /// A file thumbgen does not own sits where one must go: the image shows its original.
    case inTheWay(path: String, reason: String)
    /// Writing failed; `MachineFailure.stopsBuild(error)` says whether the build can go on.
    case failed(WriteError)
}

/// The write stage: puts an image's encoded files in place, all or none. Every path is checked
/// before anything is written: a file thumbgen does not own is never replaced (one with exactly
/// the bytes it would write is taken as its own: nothing is lost, and a build whose index was
/// lost picks up where it was). Every path is recorded in the build journal before it is created.
struct RenditionWriter {
    let files: SiteFiles
    let ownership: Ownership
    let journal: BuildJournal?

    /// Writes `outputs` (root-relative path and bytes); returns the paths written or adopted.
    func write(_ outputs: [(path: String, bytes: [UInt8])]) throws(WriteProblem) -> [String] {
        var toWrite: [(path: String, bytes: [UInt8], replace: Bool)] = []
        var adopted: [String] = []
        for output in outputs {
            switch files.entry(output.path) {
            case .missing:
                toWrite.append((output.path, output.bytes, false))
            case .file(let size, _, _, _):
                if ownership.owns(output.path) {
                    toWrite.append((output.path, output.bytes, true))
                } else if let reason = notOwned(output, size: size) {
                    throw .inTheWay(path: output.path, reason: reason)
                } else {
                    adopted.append(output.path)
                }
            case .folder:
                throw .inTheWay(path: output.path, reason: "is a folder where a rendition must go; move it")
            case .link:
                throw .inTheWay(path: output.path, reason: "is a symbolic link where a rendition must go; thumbgen never replaces or follows a link: move it")
            case .special(let kind):
                throw .inTheWay(path: output.path, reason: "is \(kind.rawValue) where a rendition must go; move it")
            case .blocked(let error):
                throw MachineFailure.stopsBuild(error) ? .failed(error) : .inTheWay(path: error.obstacle, reason: Self.words(error))
            }
        }
        journal?.record(toWrite.map(\.path) + adopted)
        for path in adopted { ownership.claim(path) }
        var written: [String] = []
        for output in toWrite {
            do {
                try files.write(output.bytes, to: output.path, temporaryName: journal?.temporaryName(), replace: output.replace)
            } catch {
                // All or none: what this image got so far goes again.
                for path in written { files.remove(path) }
                throw .failed(error)
            }
            ownership.claim(output.path)
            written.append(output.path)
        }
        return written + adopted
    }

    /// An error's reason without the obstacle's name at its start (the warning names it).
    static func words(_ error: WriteError) -> String {
        let name = NameText.displayed(error.obstacle)
        return error.reason.hasPrefix(name + " ") ? String(error.reason.dropFirst(name.count + 1)) : error.reason
    }

    /// Why a file thumbgen does not own must stay, or nil when it holds exactly `output`'s bytes:
    /// taking it as made loses nothing (another manifest's index may list the same file; then
    /// both do, and neither prunes it while the other lists it).
    private func notOwned(_ output: (path: String, bytes: [UInt8]), size: Int) -> String? {
        if size == output.bytes.count, files.read(output.path, limit: size) == output.bytes { return nil }
        if ownership.isProtected(output.path) {
            return "is listed by another thumbgen index under this root with other bytes; give the two manifests different slots or images"
        }
        return "is not a file thumbgen wrote (no index lists it), and a rendition must go there; move it or delete it"
    }
}
