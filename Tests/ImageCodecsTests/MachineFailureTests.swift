import Foundation
import LibGIF
import LibHEIF
import LibWebP
import Raster
import Testing
import TestSupport

@testable import ImageCodecs

/// Only a verdict on the bytes is kept: a failure of the machine (a missing decoder plugin,
/// memory, a read that failed, a library that disagrees with thumbgen's headers) is a kind of
/// its own, never `damaged` or `unsupported`, so that the next build tries again.
struct MachineFailureTests {
    let folder = TemporaryFolder()

    enum Kind: Equatable { case damaged, unsupported, machine, outOfMemory, io }

    static func kind(_ error: CodecError) -> Kind? {
        switch error {
        case .damaged: .damaged
        case .unsupported: .unsupported
        case .machine: .machine
        case .outOfMemory: .outOfMemory
        case .io: .io
        default: nil
        }
    }

    static func heifKind(_ code: heif_error_code, _ subcode: heif_suberror_code) -> Kind? {
        #expect(throws: CodecError.self) { try HEIFDecoder.check(heif_error(code: code, subcode: subcode, message: nil)) }
        do {
            try HEIFDecoder.check(heif_error(code: code, subcode: subcode, message: nil))
            return nil
        } catch {
            return kind(error)
        }
    }

    /// Every libheif error code, by what it says of the file.
    @Test(arguments: [
        (heif_error_Invalid_input, heif_suberror_End_of_data, Kind.damaged),
        (heif_error_Invalid_input, heif_suberror_Invalid_grid_data, .damaged),
        (heif_error_Memory_allocation_error, heif_suberror_Security_limit_exceeded, .damaged),
        (heif_error_Unsupported_filetype, heif_suberror_Unspecified, .unsupported),
        (heif_error_Unsupported_feature, heif_suberror_Unsupported_image_type, .unsupported),
        (heif_error_Unsupported_feature, heif_suberror_Unsupported_color_conversion, .unsupported),
        // No decoder plugin for the codec on this machine.
        (heif_error_Unsupported_feature, heif_suberror_Unsupported_codec, .machine),
        (heif_error_Memory_allocation_error, heif_suberror_Unspecified, .outOfMemory),
        (heif_error_Decoder_plugin_error, heif_suberror_Unspecified, .machine),
        (heif_error_Decoder_plugin_error, heif_suberror_End_of_data, .damaged),
        (heif_error_Usage_error, heif_suberror_Unsupported_plugin_version, .machine),
        (heif_error_Usage_error, heif_suberror_Null_pointer_argument, .machine),
        (heif_error_Plugin_loading_error, heif_suberror_Plugin_loading_error, .machine),
        (heif_error_Encoder_plugin_error, heif_suberror_Unspecified, .machine),
        (heif_error_Color_profile_does_not_exist, heif_suberror_Unspecified, .machine),
        (heif_error_Input_does_not_exist, heif_suberror_Unspecified, .io),
    ])
    func libheifErrorsAreClassifiedByCode(code: heif_error_code, subcode: heif_suberror_code, expected: Kind) {
        #expect(Self.heifKind(code, subcode) == expected)
    }

    @Test func aMachineFailureIsNoVerdict() {
        let error = CodecError.machine("libheif has no decoder for this HEIF's codec on this machine")
        #expect(!error.isVerdictOnContent)
        #expect(error.isFailureOfMachine)
        #expect(CodecError.damaged("x").isVerdictOnContent && !CodecError.damaged("x").isFailureOfMachine)
    }

    /// giflib says READ_FAILED both at the end of a file and when a read fails: only the first
    /// is the file's fault. A folder opens, but reading it fails (EISDIR).
    @Test func aGIFThatCannotBeReadIsNoVerdict() throws {
        let path = folder.path + "/folder.gif"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect {
            try GIFDecoder.decode(path: path, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        } throws: { error in
            Self.kind(error as! CodecError) == .io
        }
    }

    @Test func giflibErrorsAreClassifiedByCode() {
        #expect(GIFDecoder.failure(D_GIF_ERR_NOT_ENOUGH_MEM, readError: 0) == .outOfMemory(bytes: 1 << 20))
        #expect(Self.kind(GIFDecoder.failure(D_GIF_ERR_READ_FAILED, readError: EIO)) == .io)
        #expect(Self.kind(GIFDecoder.failure(D_GIF_ERR_READ_FAILED, readError: 0)) == .damaged)  // the end of the file
        #expect(Self.kind(GIFDecoder.failure(D_GIF_ERR_WRONG_RECORD, readError: 0)) == .damaged)
        #expect(Self.kind(GIFDecoder.failure(D_GIF_ERR_NO_IMAG_DSCR, readError: 0)) == .damaged)
    }

    /// A whole GIF decodes as before through thumbgen's own reads, and a cut one shows what
    /// decoded, saying so (the end of the file is the file's fault, not the machine's).
    @Test func aGIFReadInSmallPiecesDecodes() throws {
        // Larger than thumbgen's 64 KiB read buffer.
        let frame = GIFDecoderTests.frame(width: 300, height: 260)
        let bytes = GIFFixtures.gif(width: 300, height: 260, palette: GIFDecoderTests.palette, frames: [frame])
        #expect(bytes.count > 1 << 16)
        let image = try GIFDecoder.decode(path: folder.write(bytes, "big.gif"), pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(image.pixels == GIFDecoderTests.expected(frame, palette: GIFDecoderTests.palette, screen: PixelSize(width: 300, height: 260)))
        let cut = try GIFDecoder.decode(path: folder.write(Array(bytes.prefix(bytes.count - 40)), "cut.gif"), pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(cut.info.hasAlpha && cut.info.warnings.count == 1 && cut.info.warnings[0].hasPrefix("the GIF's image is cut short"))
    }

    /// libwebp checks thumbgen's decoding options with INVALID_PARAM; the data's faults are
    /// BITSTREAM_ERROR and NOT_ENOUGH_DATA.
    @Test func libwebpStatusesAreClassifiedByCode() {
        #expect(Self.kind(WebPDecoder.failure(VP8_STATUS_INVALID_PARAM, bytes: 0)) == .machine)
        #expect(Self.kind(WebPDecoder.failure(VP8_STATUS_USER_ABORT, bytes: 0)) == .machine)
        #expect(Self.kind(WebPDecoder.failure(VP8_STATUS_BITSTREAM_ERROR, bytes: 0)) == .damaged)
        #expect(Self.kind(WebPDecoder.failure(VP8_STATUS_NOT_ENOUGH_DATA, bytes: 0)) == .damaged)
        #expect(Self.kind(WebPDecoder.failure(VP8_STATUS_UNSUPPORTED_FEATURE, bytes: 0)) == .unsupported)
        #expect(WebPDecoder.failure(VP8_STATUS_OUT_OF_MEMORY, bytes: 10) == .outOfMemory(bytes: 10))
    }
}
