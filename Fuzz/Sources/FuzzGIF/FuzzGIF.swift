import FuzzSupport

/// Still GIF: the block walk and giflib's decode (colour tables, transparency, interlacing)
/// through the render stage.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.probeAndDecode(FuzzInput.write(data, size))
    return 0
}
