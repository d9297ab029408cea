import Raster
import Renditions

/// What became of one original in a build.
struct ImageOutcome: Sendable {
    var path: String
    /// Nil only when the build stopped (a full disk) before the image was done.
    var record: ImageRecord?
    /// Rendition files written (or taken as thumbgen's own), root-relative.
    var written: [String] = []
    /// Rendition files kept from the previous build, root-relative.
    var reused: [String] = []
    var bytesWritten = 0
    /// The original's stat and hash, for the stat cache.
    var hashed: StatCache.Entry?
    /// The original as it was read, for the build's seal (`BuildSeal`).
    var stamp: FileStamp?
    /// What the user should hear about this image (warnings for the log, `--strict`, `--json`).
    var problems: [ImageProblem] = []
    /// A failure that stops the build (exit 3): a full disk, a read-only file system.
    var stop: WriteError?
    /// `check` only: why the image's files would be made again, with the files a build would write.
    var stale: [StaleReason] = []
    var pending: [String] = []
    /// `build --profile`: the job's CPU seconds by stage.
    var profile: StageTimes?
}

/// Something about one image the user should hear of.
public struct ImageProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The image shows its original: unreadable, or its files could not be written.
        case unreadable
        /// Not an image thumbgen reads.
        case unsupported
        /// A file thumbgen does not own sits where a rendition goes.
        case inTheWay
        /// The image could not be made again this time (memory, a read error); the previous
        /// build's renditions stay until the next build.
        case keptPrevious
        /// The previous index lists a file under a name thumbgen could not have written for its
        /// image: that file is left alone (never replaced or deleted through the index).
        case ignoredListing
        /// The renditions were made, without something of the original (a damaged or oversized
        /// ICC profile): the message says what and why.
        case leftOut
    }

    public var kind: Kind
    /// Root-relative: the original, or the file in the way.
    public var file: String
    public var message: String
}
