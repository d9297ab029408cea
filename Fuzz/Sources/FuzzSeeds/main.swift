import Foundation
import ImageCodecs
import Raster
import TestSupport

// Seed corpora for the fuzz targets, made here rather than copied: `FuzzSeeds FOLDER` writes
// FOLDER/{jpeg,png,headers,manifest,heif,webp,gif,index}/.

let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "seeds"
func save(_ target: String, _ name: String, _ bytes: [UInt8]) {
    let folder = root + "/" + target
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes))
}

func picture(_ width: Int, _ height: Int, alpha: Bool = false) -> PixelBuffer {
    var buffer = PixelBuffer(width: width, height: height, hasAlpha: alpha)
    for y in 0..<height {
        for x in 0..<width {
            let a = alpha ? UInt8((x * 255) / max(1, width - 1)) : 255
            let r = UInt8((x * 7 + y * 3) & 255), g = UInt8((x * y) & 255), b = UInt8((255 - x * 5) & 255)
            buffer[x, y] = SIMD4(alpha ? UInt8(Int(r) * Int(a) / 255) : r, alpha ? UInt8(Int(g) * Int(a) / 255) : g,
                                 alpha ? UInt8(Int(b) * Int(a) / 255) : b, a)
        }
    }
    return buffer
}

// JPEG: baseline, progressive, grey, 4:4:4, EXIF orientations, ICC, truncated.
for (index, (progressive, grey, quality)) in [(false, false, 75), (true, false, 85), (false, true, 90), (true, true, 60), (false, false, 95)].enumerated() {
    var options = JPEGEncoder.Options(quality: quality, progressive: progressive)
    options.grayscale = grey
    options.sourceIsChroma444 = quality >= 90
    options.exif = EXIFOrientation.payload(value: index + 3)
    if index == 4 { options.iccProfile = Array(repeating: 7, count: 300) }
    let bytes = try JPEGEncoder.encode(picture(37 + index * 11, 23 + index * 5), options: options)
    save("jpeg", "seed\(index).jpg", bytes)
    save("jpeg", "cut\(index).jpg", Array(bytes.prefix(bytes.count / 2)))
    save("headers", "seed\(index).jpg", Array(bytes.prefix(400)))
}

// PNG: grey, RGB, RGBA, with ICC and gamma; then one cut short.
for (index, alpha) in [false, true].enumerated() {
    var options = PNGEncoder.Options(compression: index * 6)
    options.iccProfile = index == 1 ? Array(repeating: 3, count: 200) : nil
    options.colorChunks = PNGColorChunks(srgbIntent: nil, gamma: 45455)
    let bytes = try PNGEncoder.encode(picture(29, 17, alpha: alpha), options: options)
    save("png", "seed\(index).png", bytes)
    save("png", "cut\(index).png", Array(bytes.prefix(bytes.count * 2 / 3)))
    save("headers", "seed\(index).png", bytes)
}
var greyOptions = PNGEncoder.Options(compression: 1)
greyOptions.grey = true
save("png", "grey.png", try PNGEncoder.encode(picture(16, 16), options: greyOptions))

// Headers: still and animated GIF, APNG's acTL, WebP of each kind.
let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
let gif: [UInt8] = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
save("headers", "still.gif", gif + frame + [0x3B])
save("headers", "animated.gif", gif + [0x21, 0xF9, 4, 0, 10, 0, 0, 0] + frame + frame + [0x3B])
func riff(_ chunks: [UInt8]) -> [UInt8] {
    let size = UInt32(chunks.count + 4)
    return Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WEBP".utf8) + chunks
}
save("headers", "vp8x-animated.webp", riff(Array("VP8X".utf8) + [10, 0, 0, 0, 0x12, 0, 0, 0, 99, 0, 0, 49, 0, 0] + Array("ANIM".utf8) + [6, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
save("headers", "vp8.webp", riff(Array("VP8 ".utf8) + [10, 0, 0, 0, 0, 0, 0, 0x9D, 0x01, 0x2A, 64, 0, 48, 0]))
save("headers", "vp8l.webp", riff(Array("VP8L".utf8) + [5, 0, 0, 0, 0x2F, 63, 192, 11, 0, 0]))
if let png = FileManager.default.contents(atPath: root + "/png/seed1.png") {
    var apng = [UInt8](png)
    // acTL right after IHDR (8 + 25 bytes), CRC left wrong on purpose: the probe only looks for it.
    apng.insert(contentsOf: [0, 0, 0, 8] + Array("acTL".utf8) + [0, 0, 0, 2, 0, 0, 0, 0] + [0, 0, 0, 0], at: 33)
    save("headers", "animated.png", apng)
}

// HEIF and AVIF, made with libheif's encoders: orientations, alpha, 10-bit, AV1, a clean
// aperture, a grid, a sequence, one cut short.
let small = picture(24, 16)
for orientation in [Orientation.up, .right, .upMirrored, .leftMirrored] {
    save("heif", "orientation\(orientation.rawValue).heic", HEIFFixtures.encode(small, options: .init(orientation: orientation)))
}
save("heif", "alpha.heic", HEIFFixtures.encode(picture(24, 16, alpha: true)))
save("heif", "deep.heic", HEIFFixtures.encode(width: 24, height: 16, samples16: (0..<24 * 16 * 4).map { UInt16($0 % 1024) }, bitDepth: 10, hasAlpha: false))
save("heif", "image.avif", HEIFFixtures.encode(small, options: .init(codec: .av1)))
var clap = HEIFFixtures.Options(orientation: .left)
clap.clapForOddSizes = true
save("heif", "clap.heic", HEIFFixtures.encode(picture(23, 15), options: clap))
let tile = HEIFFixtures.encode(picture(16, 16))
save("heif", "grid.heic", HEIFAssembly.grid(tiles: [tile, tile], columns: 2, rows: 1, output: (30, 16)))
let sequence = HEIFAssembly.sequence(HEIFFixtures.encode(small), width: 24, height: 16)
save("heif", "sequence.heic", sequence)
save("heif", "cut.heic", Array(sequence.prefix(sequence.count / 2)))
// Size lies: an ispe smaller and one larger than the coded frame, an alpha image's, an AVIF
// grid whose tiles claim less than their frames, and a grid whose tiles name one larger frame.
// 128-pixel frames under 16-pixel claims: beyond the 63 pixels of padding a frame may add.
let frame128 = HEIFFixtures.encode(picture(128, 128))
save("heif", "lie-small.heic", HEIFSizeLies.lyingISPE(frame128, width: 16, height: 16))
save("heif", "lie-large.heic", HEIFSizeLies.lyingISPE(frame128, width: 4096, height: 4096))
let alphaFrame = HEIFFixtures.encode(picture(128, 128, alpha: true))
if let alphaISPE = (0..<alphaFrame.count - 4).last(where: { alphaFrame[$0..<$0 + 4].elementsEqual("ispe".utf8) }) {
    var lie = alphaFrame
    lie.replaceSubrange(alphaISPE + 8..<alphaISPE + 16, with: [0, 0, 0, 16, 0, 0, 0, 16])
    save("heif", "lie-alpha.heic", lie)
}
let av1Tile = HEIFFixtures.encode(picture(128, 128), options: .init(codec: .av1))
save("heif", "lie-grid.avif", HEIFSizeLies.grid(tiles: [HEIFSizeLies.lyingISPE(av1Tile, width: 16, height: 16)], columns: 4, rows: 4,
                                                output: (64, 64), tileOrder: Array(repeating: 0, count: 16)))
save("heif", "shared-frame-grid.heic", HEIFSizeLies.grid(tiles: [HEIFFixtures.encode(picture(16, 16)), frame128], columns: 2, rows: 2,
                                                         output: (32, 32), tileOrder: [0, 1, 1, 1]))

// WebP, made with libwebp: lossy, lossless with alpha, with ICC, animated, one cut short.
let lossy = WebPFixtures.encode(picture(40, 30), quality: 70)
save("webp", "lossy.webp", lossy)
save("webp", "lossless-alpha.webp", WebPFixtures.encode(picture(33, 21, alpha: true), lossless: true))
save("webp", "lossy-alpha.webp", WebPFixtures.encode(picture(33, 21, alpha: true), quality: 60))
save("webp", "icc.webp", WebPFixtures.encode(picture(16, 16), quality: 50, iccProfile: Array(repeating: 5, count: 128)))
save("webp", "animated.webp", WebPFixtures.animated([picture(16, 16), picture(16, 16, alpha: true)]))
save("webp", "cut.webp", Array(lossy.prefix(lossy.count / 2)))

// GIF: global and local tables, transparency, interlacing, a small image on a larger screen.
let colours: [SIMD3<UInt8>] = (0..<16).map { SIMD3(UInt8($0 * 16), UInt8(255 - $0 * 16), 99) }
var gifFrame = GIFFixtures.Frame(width: 20, height: 12, indexes: (0..<240).map { UInt8($0 % 16) })
save("gif", "global.gif", GIFFixtures.gif(width: 20, height: 12, palette: colours, frames: [gifFrame]))
gifFrame.interlaced = true
gifFrame.transparentIndex = 2
save("gif", "interlaced.gif", GIFFixtures.gif(width: 20, height: 12, palette: colours, frames: [gifFrame]))
gifFrame.localPalette = Array(colours.reversed())
gifFrame.x = 3
let offset = GIFFixtures.gif(width: 30, height: 20, palette: nil, frames: [gifFrame])
save("gif", "local-offset.gif", offset)
save("gif", "cut.gif", Array(offset.prefix(offset.count * 2 / 3)))

// Manifests: every key, globs, focus, aliases, errors.
let manifests = [
    "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }\nimages:\n  - path: photos/*.jpg\n    slots: [thumb]\n",
    "version: 1\nroot: .\nindex: out/renditions.json\noutput:\n  jpeg: { quality: 82, progressive: true }\n  png: { compression: 9 }\nlimits: { pixels: 1000000, dimension: 4000, memory_mb: 64 }\nslots:\n  card: { size: 320x180, scales: [1.5, 2] }\n  hero: { size: 390x, scales: [2] }\n  tall: { size: x200, scales: [1] }\nimages:\n  - path: \"**/*\"\n    slots: [card, hero, tall]\n    focus: [0.5, 0.3]\n  - path: c.jpg\n    slots: [card]\n",
    "version: 1\nslots: &s\n  a: { size: 1x1, scales: [1] }\nimages:\n  - path: photos/a.jpg\n    slots: [a]\nextra: *s\n",
    "version: 2\nslots:\n  thumbs: { size: 0x-1, scales: [.nan], fit: covr }\nimages:\n  - path: ../x\n    slots: [thumb]\n",
]
for (index, text) in manifests.enumerated() { save("manifest", "seed\(index).yaml", Array(text.utf8)) }
// Indexes: one of every kind of record, sources and placeholders, a shard, paths that try to leave.
let indexes = [
    ##"{"generator":"thumbgen 0.2.0","images":{"photos/a.jpg":{"bytes":2811404,"format":"jpeg","height":3024,"placeholder":{"color":"#6f8fa8","thumbhash":"1QcSHQRnh493V4dIh4eXh1h4kJUI"},"recipe":"0123456789abcdef0123456789abcdef","renditions":{"card@2x":{"bytes":30211,"file":"photos/a.Thumbnail(640x480).jpg","height":480,"sources":[{"bytes":14022,"file":"photos/a.Thumbnail(640x480).avif","type":"image/avif"},{"bytes":19870,"file":"photos/a.Thumbnail(640x480).webp","type":"image/webp"}],"type":"image/jpeg","width":640},"thumb@1.5x":{"bytes":9120,"file":"photos/a.Thumbnail(90x90).jpg","height":90,"type":"image/jpeg","width":90}},"sha256":"9f2c","status":"resized","width":4032},"b.png":{"bytes":10,"error":"corrupt","format":"png","height":0,"renditions":{"card@2x":{"bytes":10,"file":"b.png","height":0,"width":0}},"sha256":"","status":"unreadable","width":0}},"output":{"formats":["avif","webp"],"jpeg":{"progressive":false,"quality":82},"png":{"compression":6}},"rendering":5,"schema":1,"slots":{"card":{"fit":"inside","scales":[2,3],"size":"320x180","sizes":"100vw"},"thumb":{"fit":"cover","scales":[1.5],"size":"60x60"}}}"##,
    #"{"generator":"g","images":{"../x.jpg":{"bytes":-1,"format":"jpeg","height":9223372036854775807,"renditions":{"s@1x":{"bytes":1,"file":"../../etc/x.Thumbnail(1x1).jpg","height":-4,"width":9223372036854775807}},"sha256":"","status":"resized","width":-1}},"schema":1,"shard":{"count":2,"index":1,"manifest":"m"},"slots":{"s":{"fit":"x","scales":[0,-1,1e308],"size":"1x1"}}}"#,
]
// Hostile paths: a user's file under a rendition-like name, another image's stem, another folder,
// an absolute path, empty and `.` parts, a climb past the image's own folder.
let hostileFiles = ["photos/mine.Thumbnail(1x1).jpg", "photos/b.Thumbnail(1x1).jpg", "other/a.Thumbnail(1x1).jpg",
                    "/etc/a.Thumbnail(1x1).jpg", "photos//a.Thumbnail(1x1).jpg", "photos/./a.Thumbnail(1x1).jpg",
                    "../../etc/passwd", "photos/a.Thumbnail(0x1).jpg", "photos/a.Thumbnail(1x1).gif"]
for (index, file) in hostileFiles.enumerated() {
    let text = #"{"generator":"thumbgen 0.2.0","images":{"photos/a.jpg":{"bytes":9,"format":"jpeg","height":10,"renditions":{"s@1x":{"bytes":4,"file":"FILE","height":1,"sources":[{"bytes":4,"file":"FILE","type":"image/webp"}],"type":"image/jpeg","width":1}},"sha256":"","status":"resized","width":10}},"schema":1,"slots":{"s":{"fit":"inside","scales":[1],"size":"1x1"}}}"#
    save("index", "hostile\(index).json", Array(text.replacing("FILE", with: file).utf8))
}
for (index, text) in indexes.enumerated() { save("index", "seed\(index).json", Array(text.utf8)) }
print("FuzzSeeds: wrote seeds under \(root)")
