import FuzzSupport

/// JPEG header probe plus decode at several DCT scales.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.probeAndDecode(FuzzInput.write(data, size))
    return 0
}
