import Glibc
import ImageCodecs
import Raster
import Renditions

/// What planning learns of an original from its header alone.
public struct ProbeResult: Sendable {
    /// What a build can do with the original.
    public enum Readability: Sendable, Equatable {
        /// A still image thumbgen decodes into renditions.
        case decodable
        /// An animation: left as it is.
        case animated
        /// Not an image thumbgen reads; the reason names what it looks like.
        case unsupported(String)
        /// The header is damaged or breaks a limit, or the file cannot be read.
        case unreadable(CodecError)
    }

    public var header: ImageHeader?
    public var readability: Readability
    /// The error number when the header could not be read for want of file descriptors,
    /// processes or memory (`MachineFailure`): no verdict on the file, and the build stops.
    public var machineFailure: Int32?

    /// Upright size, or zero when the header could not be read.
    public var uprightSize: PixelSize { header?.uprightSize ?? .zero }
    public var format: String { header?.format.rawValue ?? ImageFormat.unknown.rawValue }

    /// The status the index gives an image that is not resized for this reason.
    var status: ImageStatus {
        switch readability {
        case .decodable: .fits
        case .animated: .animated
        case .unsupported: .unsupported
        case .unreadable: .unreadable
        }
    }
}

/// Reads an original's header and applies the limits, without decoding a pixel.
public enum ImageProbe {
    public static func probe(file: FileBytes, limits: Limits) -> ProbeResult {
        let header: ImageHeader
        do {
            header = try ImageHeader.read(file: file)
        } catch {
            return failure(error)
        }
        guard header.format != .unknown else {
            return ProbeResult(header: nil, readability: .unsupported("not an image thumbgen reads (\(Formats.inputs.map(\.title).joined(separator: ", ")))"))
        }
        // Limits hold for every image, animations included: a client decodes those too.
        if let reason = limitReason(header.size, limits) {
            return ProbeResult(header: header, readability: .unreadable(.overLimit(reason)))
        }
        if let reason = header.unsupportedReason { return ProbeResult(header: header, readability: .unsupported(reason)) }
        if header.isAnimated { return ProbeResult(header: header, readability: .animated) }
        guard ImageDecoders.canDecode(header.format) else {
            return ProbeResult(header: header, readability: .unsupported("\(header.format.rawValue.uppercased()) images are not resized yet"))
        }
        return ProbeResult(header: header, readability: .decodable)
    }

    /// A header that could not be read. The reader throws `io` straight after the open(2) or
    /// read(2) that failed, so errno is still that call's.
    private static func failure(_ error: CodecError) -> ProbeResult {
        let code = errno
        // A header that says what it is, in a form thumbgen does not read, is no verdict of damage.
        if case .unsupported(let reason) = error { return ProbeResult(header: nil, readability: .unsupported(reason)) }
        let machine = if case .io = error, MachineFailure.isMachine(code) { code } else { Int32?.none }
        return ProbeResult(header: nil, readability: .unreadable(error), machineFailure: machine)
    }

    /// Why a stored size breaks a limit, or nil when it is within them.
    static func limitReason(_ size: PixelSize, _ limits: Limits) -> String? {
        if size.width > limits.dimension || size.height > limits.dimension {
            return "\(size) is over the limit of \(limits.dimension) pixels a side (limits.dimension)"
        }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        if overflow || pixels > limits.pixels {
            return "\(size) is \(overflow ? "too many" : String(pixels)) pixels, over the limit of \(limits.pixels) (limits.pixels)"
        }
        return nil
    }
}
