// Encodes one original's rendition for one box in several formats and settings, for
// bench/formats.py: decode with the project's decoders (JPEG at a DCT scale, PNG box-shrunk),
// resample with its Lanczos resampler to the `inside` size of the box, then encode each spec.
//
//   EncodeProbe IN OUTDIR --box 960x540 [--repeat N] SPEC...
//   SPEC: jpeg:QUALITY | webp:QUALITY:METHOD:SHARP(0|1) | avif:CODEC:SPEED:QUALITY[:MATRIX]
//
// Writes OUTDIR/<spec with ':' as '-'>.<ext> and prints one JSON object a line: spec, file,
// bytes, width, height, cpu (process CPU seconds of the encode, the median of N runs; the
// encoders run on this one thread), or spec and error. The first line describes the decode and
// resample.
import Foundation
import ImageCodecs
import Raster

struct Failure: Error, CustomStringConvertible { let description: String }

func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// `inside` as bench/geometry.py computes it: the limiting side is the box's, the other rounded half up.
func inside(_ size: PixelSize, box: PixelSize) -> PixelSize {
    if size.width <= box.width && size.height <= box.height { return size }
    if size.width * box.height >= size.height * box.width {
        return PixelSize(width: box.width, height: max(1, Int(Double(size.height) * Double(box.width) / Double(size.width) + 0.5)))
    }
    return PixelSize(width: max(1, Int(Double(size.width) * Double(box.height) / Double(size.height) + 0.5)), height: box.height)
}

/// The rendition's pixels, made as the pipeline's `RenditionMaker` makes a root: decode shrunk on
/// load, a whole-factor box shrink when 3× or more larger, then Lanczos to the exact size.
func rendition(path: String, box: PixelSize) throws -> (PixelBuffer, SourceInfo) {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped).prefix(2)
    let isJPEG = bytes.elementsEqual([0xFF, 0xD8])
    let header = isJPEG ? try JPEGDecoder.inspect(path: path).size : nil
    var decoded: DecodedImage
    if let header {
        let target = inside(header, box: box)
        decoded = try JPEGDecoder.decode(path: path, minimumScale: Double(target.width) / Double(header.width), memoryLimit: 1 << 31)
    } else {
        decoded = try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 31)
    }
    let target = inside(decoded.fullSize, box: box)
    var pixels = decoded.pixels
    let kx = Double(pixels.width) >= 3 * Double(target.width) ? pixels.width / target.width / 2 : 1
    let ky = Double(pixels.height) >= 3 * Double(target.height) ? pixels.height / target.height / 2 : 1
    if kx > 1 || ky > 1 { pixels = pixels.boxShrunk(x: kx, y: ky) }
    let rect = PixelRect(x: 0, y: 0, width: Double(decoded.pixels.width) / Double(kx), height: Double(decoded.pixels.height) / Double(ky))
    return (Resampler.resample(pixels, rect: rect, to: target), decoded.info)
}

func encode(_ spec: String, _ pixels: PixelBuffer, _ info: SourceInfo) throws -> (bytes: [UInt8], ext: String) {
    let parts = spec.split(separator: ":").map(String.init)
    func int(_ index: Int) throws -> Int {
        guard index < parts.count, let value = Int(parts[index]) else { throw Failure(description: "bad spec \(spec)") }
        return value
    }
    switch parts.first {
    case "jpeg":
        var options = JPEGEncoder.Options(quality: try int(1), progressive: false)
        options.grayscale = info.isGrey
        options.sourceIsChroma444 = info.isChroma444
        options.iccProfile = info.iccProfile
        return (try JPEGEncoder.encode(pixels, options: options), "jpg")
    case "webp":
        var options = WebPEncoder.Options(quality: try int(1))
        options.method = try int(2)
        options.sharpYUV = try int(3) != 0
        options.iccProfile = info.iccProfile
        return (try WebPEncoder.encode(pixels, options: options), "webp")
    case "avif":
        guard parts.count >= 4, let codec = AVIFEncoder.Codec(rawValue: parts[1]) else { throw Failure(description: "bad spec \(spec)") }
        var options = AVIFEncoder.Options(quality: try int(3), speed: try int(2))
        options.codec = codec
        if parts.count > 4 { options.matrix = try int(4) }
        options.iccProfile = info.iccProfile
        return (try AVIFEncoder.encode(pixels, options: options), "avif")
    default:
        throw Failure(description: "unknown spec \(spec): jpeg:Q, webp:Q:METHOD:SHARP or avif:CODEC:SPEED:Q[:MATRIX]")
    }
}

func json(_ fields: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
}

func run() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 2 else { throw Failure(description: "usage: EncodeProbe IN OUTDIR --box WxH [--repeat N] SPEC...") }
    let input = arguments.removeFirst(), folder = arguments.removeFirst()
    var box = PixelSize(width: 960, height: 540), repeats = 1, specs: [String] = []
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        if argument == "--box", let value = arguments.first {
            let sides = value.split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2 else { throw Failure(description: "bad box \(value)") }
            box = PixelSize(width: sides[0], height: sides[1])
            arguments.removeFirst()
        } else if argument == "--repeat", let value = arguments.first.flatMap({ Int($0) }) {
            repeats = max(1, value)
            arguments.removeFirst()
        } else {
            specs.append(argument)
        }
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let start = cpuSeconds()
    let (pixels, info) = try rendition(path: input, box: box)
    print(json(["spec": "decode+resample", "cpu": cpuSeconds() - start, "width": pixels.width, "height": pixels.height,
                "alpha": pixels.hasAlpha, "grey": info.isGrey, "icc": info.iccProfile?.count ?? 0]))
    for spec in specs {
        var times: [Double] = [], output: (bytes: [UInt8], ext: String)?
        for _ in 0..<repeats {
            let before = cpuSeconds()
            let result: (bytes: [UInt8], ext: String)
            do {
                result = try encode(spec, pixels, info)
            } catch let error as CodecError {
                print(json(["spec": spec, "error": error.description]))  // e.g. SVT-AV1 and odd sizes
                break
            }
            times.append(cpuSeconds() - before)
            if let output, output.bytes != result.bytes { throw Failure(description: "\(spec): two runs gave different bytes") }
            output = result
        }
        guard let output else { continue }
        let file = "\(folder)/\(spec.replacingOccurrences(of: ":", with: "-")).\(output.ext)"
        try Data(output.bytes).write(to: URL(fileURLWithPath: file))
        print(json(["spec": spec, "file": file, "bytes": output.bytes.count, "width": pixels.width, "height": pixels.height,
                    "cpu": times.sorted()[times.count / 2]]))
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("EncodeProbe: \(error)\n".utf8))
    exit(1)
}
