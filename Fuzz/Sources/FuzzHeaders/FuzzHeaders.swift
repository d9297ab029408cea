import FuzzSupport
import ImageCodecs

/// Format sniffing and animation detection (GIF frames, APNG acTL, WebP VP8X/ANIM), headers only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? ImageHeader.read(path: FuzzInput.write(data, size))
    return 0
}
