import Glibc

extension WriteError {
    /// The plain words for `cause`, naming `obstacle` (relative to root, "" for root itself).
    static func reason(_ cause: Cause, obstacle: String, operation: Operation, code: Int32) -> String {
        let name = obstacle.isEmpty ? "the root folder" : NameText.displayed(obstacle)
        switch cause {
        case .diskFull:
            return "the disk is full; free some space and run the build again"
        case .quotaExceeded:
            return "the disk quota is used up; free some space or raise the quota, and run the build again"
        case .readOnly:
            return "the file system is read-only; make it writable and run the build again"
        case .notBelowRoot:
            return "\(name) is not a path below root (\(RelativePath.flaw(of: obstacle) ?? "it is not a plain name in its folder")); thumbgen touches only files below root"
        case .linkOnTheWay:
            return "\(name) is a symbolic link; thumbgen never \(operation.goesThrough) through a link: replace it with a folder"
        case .notAFolderOnTheWay(let special):
            return "\(name) is \(special?.rawValue ?? "a file") where a folder must be; move it"
        case .linkInTheWay:
            switch operation {
            case .remove: return "\(name) is a symbolic link; thumbgen never follows or deletes a link: remove it yourself if it is not needed"
            case .write, .makeFolder: return "\(name) is a symbolic link; thumbgen never replaces or follows a link: move it"
            case .read, .list, .openRoot: return "\(name) is a symbolic link; thumbgen never follows a link below root: replace it with what it points to"
            }
        case .folderInTheWay:
            return operation == .write ? "\(name) is a folder where a file must go; move it" : "\(name) is a folder, not a file; thumbgen leaves it alone"
        case .specialFileInTheWay(let special):
            return operation == .write ? "\(name) is \(special.rawValue) where a file must go; move it"
                : "\(name) is \(special.rawValue), not a file; thumbgen leaves it alone"
        case .exists:
            return "\(name) already exists and thumbgen did not write it, so it is not replaced: move it"
        case .missing:
            return "\(name) does not exist"
        case .nameTooLong:
            return "the name of \(name) is longer than the file system allows; shorten it"
        case .noPermission:
            return "permission denied on \(name); give thumbgen permission there or choose another root"
        case .tooLarge(let limit):
            return "\(name) is larger than \(limit) bytes, more than thumbgen reads for such a file; move it"
        case .other:
            return "cannot \(operation.verb) \(name): \(String(cString: strerror(code)))"
        }
    }
}

extension WriteError.Operation {
    /// "thumbgen never … through a link".
    var goesThrough: String {
        switch self {
        case .write, .makeFolder: "writes"
        case .remove: "deletes"
        case .read, .list, .openRoot: "reads"
        }
    }

    /// "cannot … photos/a.jpg".
    var verb: String {
        switch self {
        case .write: "write"
        case .remove: "delete"
        case .read: "read"
        case .list: "list"
        case .makeFolder: "create the folder"
        case .openRoot: "open"
        }
    }
}
