import CJPEG
import Raster

extension JPEGDecoder {
    /// A planar decode's loop: each group of rows libjpeg hands over, plane by plane, without the
    /// padding rows and columns of its last blocks.
    struct PlaneReader {
        let decoder: OpaquePointer
        private(set) var planes: [DecodedPlane] = []
        private var layout: [tg_jpeg_plane] = []
        private var strips: [HeapBytes] = []

        init(decoder: OpaquePointer) { self.decoder = decoder }

        /// Starts the decode at `numerator`/8 as planes; false (nothing started) when the file's
        /// colour space has none.
        mutating func start(numerator: Int, info: inout tg_jpeg_info, failure: () -> CodecError) throws(CodecError) -> Bool {
            var found = (tg_jpeg_plane(), tg_jpeg_plane(), tg_jpeg_plane())
            var count: Int32 = 0, maxH: Int32 = 1, maxV: Int32 = 1
            let status = withUnsafeMutableBytes(of: &found) { raw in
                tg_jpeg_decoder_start_planes(decoder, Int32(numerator), &info, raw.baseAddress!.assumingMemoryBound(to: tg_jpeg_plane.self),
                                             &count, &maxH, &maxV)
            }
            guard status != 1 else { return false }
            guard status == 0 else { throw failure() }
            layout = Array([found.0, found.1, found.2].prefix(Int(count)))
            // A plane's pixels per full-size pixel: its sampling over the largest, times its block's scaled size over 8.
            planes = layout.map { plane in
                DecodedPlane(size: PixelSize(width: Int(plane.width), height: Int(plane.height)),
                             scaleX: Double(plane.h_samp * plane.dct_scaled_size) / Double(maxH * 8),
                             scaleY: Double(plane.v_samp * plane.dct_scaled_size) / Double(maxV * 8))
            }
            for plane in layout { strips.append(try HeapBytes(count: Int(plane.buffer_width) * Int(plane.rows))) }
            return true
        }

        /// Every row of every plane into `consumer`.
        func read(into consumer: PlaneConsumer, failure: () -> CodecError) throws(CodecError) {
            var buffers: [UnsafeMutablePointer<UInt8>?] = strips.map(\.pointer) + Array(repeating: nil, count: 3 - strips.count)
            var next = [Int](repeating: 0, count: layout.count)
            while next[0] < planes[0].size.height {
                var got: Int32 = 0
                let status = buffers.withUnsafeMutableBufferPointer { tg_jpeg_decoder_read_planes(decoder, $0.baseAddress!, &got) }
                guard status == 0 else { throw failure() }
                guard got > 0 else {
                    throw CodecError.damaged("the JPEG ended after \(next[0]) of \(planes[0].size.height) rows (truncated?)")
                }
                for (index, plane) in layout.enumerated() {
                    let count = min(Int(plane.rows), planes[index].size.height - next[index])
                    guard count > 0 else { continue }
                    consumer.consume(plane: index, rows: strips[index].pointer, stride: Int(plane.buffer_width), first: next[index], count: count)
                    next[index] += count
                }
            }
        }
    }
}
