import Foundation
import ImageCodecs
import Raster
@_exported import ThumbgenKit

/// The decoders read files (libjpeg and libpng through stdio), so each input is written to one
/// scratch file in memory-backed /dev/shm and read back from there.
public enum FuzzInput {
    public static let path = "/dev/shm/thumbgen-fuzz-\(getpid()).bin"

    public static func write(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var done = 0
        while done < size {
            let written = Glibc.write(descriptor, data + done, size - done)
            if written <= 0 { break }
            done += written
        }
        close(descriptor)
        return path
    }

    /// Probes, then decodes at a few scales through the same streaming path a build uses, with
    /// small limits so hostile headers are refused rather than allocated.
    public static func probeAndDecode(_ path: String) {
        let limits = Limits(pixels: 16_000_000, dimension: 8192, memoryMB: 64)
        let probe = ImageProbe.probe(path: path, limits: limits)
        guard probe.status == .resized, let header = probe.header else { return }
        for scale in [1.0, 0.3, 0.05] {
            let collector = PixelCollector()
            switch header.format {
            case .jpeg: _ = try? JPEGDecoder.decode(path: path, minimumScale: scale, memoryLimit: 64 << 20, into: collector)
            default: return
            }
        }
    }
}
