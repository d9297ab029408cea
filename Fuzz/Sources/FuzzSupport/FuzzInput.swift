import Foundation
import ImageCodecs
import Raster
@_exported @testable import ThumbgenKit

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

    static let slots = [
        Slot(name: "thumb", size: SlotSize(width: ExactDecimal(60), height: ExactDecimal(60)), scales: [ExactDecimal(1), ExactDecimal(3)], fit: .cover),
        Slot(name: "card", size: SlotSize(width: ExactDecimal(320), height: ExactDecimal(180)), scales: [ExactDecimal(2)], fit: .inside),
        Slot(name: "hero", size: SlotSize(width: ExactDecimal(390), height: nil), scales: [ExactDecimal(3)], fit: .inside),
    ]

    /// Probes, then renders through the build's own render stage (decode once, shrunk on load,
    /// every rendition and the placeholder), with small limits so hostile headers are refused
    /// rather than allocated. Planes on, as a JPEG build with JPEG or WebP files renders: a YCbCr
    /// or grey JPEG goes through the raw (planar) decode, anything else through RGBA rows.
    public static func probeAndDecode(_ path: String) {
        let limits = Limits(pixels: 16_000_000, dimension: 8192, memoryMB: 64)
        // One open, as a build reads an original: the probe and the decode share it.
        guard let original = try? FileBytes(path: path) else { return }
        let probe = ImageProbe.probe(file: original, limits: limits)
        guard probe.readability == .decodable, let header = probe.header else { return }
        // The benchmark's boxes plus a cover crop, planned as a build plans them.
        let plan = PlannedImage(header: header, path: "fuzz.img", slots: slots, focus: Focus(x: 0.2, y: 0.9), colour: .keep).plan
        guard !plan.renditions.isEmpty else { return }
        _ = try? Renderer.render(original: original, header: header, renditions: plan.renditions,
                                 limits: DecodeLimits(pixels: limits.pixels, memoryBytes: limits.memoryMB << 20, scans: limits.scans),
                                 placeholder: true, planes: true)
    }
}
