// The saving, measured: what a client that shows every (image, slot) of an index on a screen of
// scale 3 holds in memory, decoding either the originals or the files the index picks.
//
//   DecodeSaving (originals | renditions) INDEX [--scale N]
//   DecodeSaving --header
//
// Each way runs in a process of its own (`make saving` starts one per way), so that each peak
// RSS is that way's alone. The pairs are every (image, slot) the index lists. Every file is
// decoded whole at full size, as UIImage(contentsOfFile:) decodes it, and every bitmap is kept
// until the end, as on a screen that shows them all at once. A file the decoder gives up on
// midway (a truncated upload) keeps the bitmap it was decoding into, as ImageIO keeps a grey
// remainder. Prints one row: way, pairs, decoded bytes (width × height × 4 summed), the same in
// MiB, and the process's peak RSS (getrusage ru_maxrss) in MiB.
import Foundation
import ImageCodecs
import Renditions

func row(_ cells: [String]) -> String {
    let widths = [11, 7, 16, 14, 15]
    return zip(cells, widths).enumerated().map { column, cell in
        let pad = String(repeating: " ", count: max(1, cell.1 - cell.0.count))
        return column == 0 ? cell.0 + pad : pad + cell.0
    }.joined() + "\n"
}

func mebibytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("DecodeSaving: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--header"] {
    print(row(["way", "pairs", "decoded bytes", "decoded MiB", "peak RSS MiB"]), terminator: "")
    exit(0)
}
guard arguments.count == 2 || (arguments.count == 4 && arguments[2] == "--scale"),
      ["originals", "renditions"].contains(arguments[0]) else {
    fail("usage: DecodeSaving (originals | renditions) INDEX [--scale N] | DecodeSaving --header")
}
let way = arguments[0]
let indexURL = URL(fileURLWithPath: arguments[1])
guard let screenScale = arguments.count == 4 ? Double(arguments[3]) : 3 else { fail("--scale must be a number") }
let index: RenditionIndex
do { index = try RenditionIndex.load(from: indexURL) } catch { fail("\(error)") }
let folder = indexURL.deletingLastPathComponent().path

var pairs: [(image: String, slot: String)] = []
for image in index.images.keys.sorted() {
    let slots = Set(index.images[image]!.renditions.keys.map { String($0[..<($0.lastIndex(of: "@") ?? $0.endIndex)]) })
    pairs += slots.sorted().map { (image, $0) }
}

let limits = DecodeLimits(pixels: Int.max, memoryBytes: 8 << 30, scans: 0)
var held: [PixelCollector] = []
var decodedBytes = 0
var failures: [String: String] = [:]
for (image, slot) in pairs {
    let file = way == "originals" ? image : index.resolve(image: image, slot: slot, screenScale: screenScale).file
    let path = folder + "/" + file
    let collector = PixelCollector()
    do {
        let header = try ImageHeader.read(path: path)
        try ImageDecoders.decode(path: path, header: header, minimumScale: 1, limits: limits, into: collector)
    } catch {
        failures[file] = "\(error)\(collector.image == nil ? "; nothing decoded" : "; the bitmap is kept, as a viewer keeps what it decoded")"
    }
    if let pixels = collector.image?.pixels { decodedBytes += pixels.width * pixels.height * 4 }
    held.append(collector)
}

for (file, reason) in failures.sorted(by: { $0.key < $1.key }) {
    FileHandle.standardError.write(Data("DecodeSaving: \(file): \(reason)\n".utf8))
}

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
// ru_maxrss is in KiB on Linux.
let peak = Int(usage.ru_maxrss) * 1024
print(row([way, String(pairs.count), String(decodedBytes), mebibytes(decodedBytes), mebibytes(peak)]), terminator: "")
withExtendedLifetime(held) {}
