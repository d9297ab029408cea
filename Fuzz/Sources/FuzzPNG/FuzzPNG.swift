import FuzzSupport

/// PNG header probe plus decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.probeAndDecode(FuzzInput.write(data, size))
    return 0
}
