/// The smallest ICC profile libpng accepts: a v2.1 display profile header with no tags.
public enum ICCFixture {
    /// `colorSpace`: "RGB " or "GRAY", matching the PNG it goes into.
    public static func minimal(colorSpace: String = "RGB ") -> [UInt8] {
        var profile = [UInt8](repeating: 0, count: 132)
        func put(_ bytes: [UInt8], at offset: Int) { profile.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        put(UInt32(132).bigEndian4, at: 0)
        put([2, 0x10, 0, 0], at: 8)                       // version 2.1
        put(Array("mntr".utf8), at: 12)                   // display device
        put(Array(colorSpace.utf8), at: 16)
        put(Array("XYZ ".utf8), at: 20)                   // profile connection space
        put(Array("acsp".utf8), at: 36)
        put(UInt32(0xF6D6).bigEndian4 + UInt32(0x1_0000).bigEndian4 + UInt32(0xD32D).bigEndian4, at: 68)  // D50
        return profile
    }

    /// An `iCCP` chunk payload: name, compression method 0, the profile as a zlib stream.
    public static func iccpPayload(_ profile: [UInt8], name: String = "test") -> [UInt8] {
        Array(name.utf8) + [0, 0] + ZlibStored.stream(profile)
    }
}
