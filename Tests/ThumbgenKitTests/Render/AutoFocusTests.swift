import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// `focus: auto` on photos whose subject sits off-centre at a known box: a sharp, colourful
/// photo (or a person) pasted by Pillow onto another photo blurred and washed out, as a
/// subject stands out from a soft background. Each cover crop must hold the subject where the
/// centre crop cuts most of it away, and its pixels must be Pillow's crop of the original at the
/// window the index's `focus` names, resized (the reference for where the crop was cut).
@Suite(.needs(PillowReference.missing) { PillowReference.isAvailable },
       .needs("../shared/testdata beside the project") { SharedTestData.isPresent })
struct AutoFocusTests {
    /// One composite: the picture's size, the subject's file and its box in the picture.
    struct Case: CustomStringConvertible {
        var name: String
        var width: Int, height: Int
        var background: String
        var subject: String
        var box: (x: Int, y: Int, width: Int, height: Int)
        var description: String { name }
    }

    static let cases = [
        Case(name: "left", width: 1600, height: 900, background: "orientation/Landscape_1.jpg", subject: "jpeg/sharp__flowers.jpeg",
             box: (110, 220, 380, 420)),
        Case(name: "right", width: 1600, height: 900, background: "orientation/Landscape_1.jpg", subject: "orientation/Portrait_1.jpg",
             box: (1160, 150, 320, 480)),
        Case(name: "top", width: 900, height: 1600, background: "orientation/Portrait_1.jpg", subject: "jpeg/sharp__flowers.jpeg",
             box: (260, 90, 420, 300)),
        Case(name: "bottom", width: 900, height: 1600, background: "jpeg/sharp__flowers.jpeg", subject: "jpeg/libvips__sample.jpg",
             box: (300, 1100, 290, 442)),
        Case(name: "wide-top", width: 1600, height: 1200, background: "orientation/Landscape_1.jpg", subject: "jpeg/libvips__sample.jpg",
             box: (900, 60, 230, 350)),
    ]

    /// Square and tall cover slots (cropping the width of a landscape, the height of a portrait),
    /// and a wide one: one point serves them all.
    static let manifest = """
        version: 1
        root: site
        slots:
          square: { size: 300x300, scales: [1, 2], fit: cover }
          tall: { size: 200x300, scales: [1], fit: cover }
          wide: { size: 400x150, scales: [1], fit: cover }
        output: { formats: [] }
        images:
          - path: photos/*.jpg
            slots: [square, tall, wide]
            focus: auto
        """

    @Test func everyCropHoldsTheSubjectTheCentreCropCuts() throws {
        let site = Site(manifest: Self.manifest)
        for item in Self.cases { try Self.composite(item, into: site.folder.path + "/site/photos/\(item.name).jpg") }
        try site.build()
        let index = try site.index("site/renditions.json")
        var centreCut = 0
        for item in Self.cases {
            let record = try #require(index.images["photos/\(item.name).jpg"])
            let focus = try #require(record.focus, "\(item): no focus recorded")
            for (key, entry) in record.renditions.sorted(by: { $0.key < $1.key }) {
                let box = PixelSize(width: entry.width, height: entry.height)
                let window = Self.window(original: (item.width, item.height), box: box, focus: (focus[0], focus[1]))
                let centre = Self.window(original: (item.width, item.height), box: box, focus: (0.5, 0.5))
                let held = Self.share(of: item.box, in: window), centred = Self.share(of: item.box, in: centre)
                if centred < 0.6 { centreCut += 1 }
                // A window narrower than the subject holds as much of it as it can.
                let most = min(1, Double(window.width) / Double(item.box.width)) * min(1, Double(window.height) / Double(item.box.height))
                #expect(held >= min(0.9, most * 0.9), "\(item) \(key): the crop at \(focus) holds \(held) of the subject (centre: \(centred))")
                let pixels = try site.pixels("site/" + entry.file)
                let reference = try Self.pillowCrop(site.folder.path + "/site/photos/\(item.name).jpg", window, to: box)
                // Above 27 dB (a JPEG at quality 82 of detailed photos, another Lanczos), and well
                // above the centre crop's score wherever the two windows differ.
                let score = Pictures.psnr(pixels, reference)
                #expect(score > 27, "\(item) \(key): \(score) dB against Pillow's crop at the recorded focus")
                if abs(window.x - centre.x) + abs(window.y - centre.y) > 20 {
                    let other = Pictures.psnr(pixels, try Self.pillowCrop(site.folder.path + "/site/photos/\(item.name).jpg", centre, to: box))
                    #expect(other < score - 3, "\(item) \(key): \(score) dB at the recorded focus, \(other) dB at the centre")
                }
            }
        }
        // The cases are ones the centre crop gets wrong.
        #expect(centreCut >= 10, "only \(centreCut) crops would lose the subject when centred")
    }

    @Test func theSameOriginalsGiveTheSameCropsAndPoint() throws {
        let site = Site(manifest: Self.manifest)
        try Self.composite(Self.cases[0], into: site.folder.path + "/site/photos/left.jpg")
        try site.build()
        let first = try site.index("site/renditions.json").images["photos/left.jpg"]
        let file = try #require(first?.renditions["square@1x"]?.file)
        let bytes = try Data(contentsOf: site.folder.url.appendingPathComponent("site/" + file))
        try site.build(force: true)
        let again = try site.index("site/renditions.json").images["photos/left.jpg"]
        #expect(again?.focus == first?.focus)
        #expect(try Data(contentsOf: site.folder.url.appendingPathComponent("site/" + file)) == bytes)
    }

    /// A picture with nothing in it to find keeps the centre.
    @Test func aFlatPictureIsCroppedAtItsCentre() throws {
        let site = Site(manifest: Self.manifest)
        let flat = PixelBuffer(width: 800, height: 400, hasAlpha: false, pixels: [UInt8](repeating: 128, count: 800 * 400 * 4))
        site.original("site/photos/flat.jpg", JPEGFixtures.jpeg(flat))
        try site.build()
        #expect(try site.index("site/renditions.json").images["photos/flat.jpg"]?.focus == [0.5, 0.5])
    }

    /// The small picture's point, straight from the scorer: a textured, coloured patch on grey.
    @Test func thePointFallsOnTheOnlyDetail() {
        var image = PixelBuffer(width: 100, height: 50, hasAlpha: false, pixels: [UInt8](repeating: 128, count: 100 * 50 * 4))
        for y in 10..<30 {
            for x in 70..<90 { image[x, y] = (x + y) % 2 == 0 ? SIMD4(220, 40, 40, 255) : SIMD4(40, 40, 200, 255) }
        }
        // The window of half the width holds the patch, as near the centre as it can.
        let point = SubjectFocus.point(in: image, windows: [(width: 0.5, height: 1)])
        let start = SubjectFocus.start(50, in: 100, at: point.x)
        #expect(start <= 70 && start + 50 >= 90 && point.x < 0.7, "x \(point.x): the window starts at \(start)")
        #expect(point.y == 0.5, "a window of the whole height leaves y at the centre, not \(point.y)")
    }

    /// The crop of `box` a cover slot takes of `original` around `focus`, in the original's
    /// pixels (the rule `RenditionGeometry` places a crop by).
    static func window(original: (Int, Int), box: PixelSize, focus: (Double, Double)) -> (x: Int, y: Int, width: Int, height: Int) {
        let (width, height) = (Double(original.0), Double(original.1))
        let scale = max(Double(box.width) / width, Double(box.height) / height)
        let cropWidth = Double(box.width) / scale, cropHeight = Double(box.height) / scale
        let x = min(max(0, focus.0 * width - cropWidth / 2), width - cropWidth)
        let y = min(max(0, focus.1 * height - cropHeight / 2), height - cropHeight)
        return (Int(x.rounded()), Int(y.rounded()), Int(cropWidth.rounded()), Int(cropHeight.rounded()))
    }

    /// The share of `box` inside `window`.
    static func share(of box: (x: Int, y: Int, width: Int, height: Int), in window: (x: Int, y: Int, width: Int, height: Int)) -> Double {
        let width = min(box.x + box.width, window.x + window.width) - max(box.x, window.x)
        let height = min(box.y + box.height, window.y + window.height) - max(box.y, window.y)
        return width <= 0 || height <= 0 ? 0 : Double(width * height) / Double(box.width * box.height)
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The case's picture, made by Pillow: the background photo resized to cover the picture,
    /// blurred and washed out; the subject photo resized into its box and pasted sharp.
    static func composite(_ item: Case, into path: String) throws {
        let script = """
            import sys
            from PIL import Image, ImageEnhance, ImageFilter, ImageOps
            w, h, x, y, sw, sh = map(int, sys.argv[3:9])
            back = ImageOps.fit(ImageOps.exif_transpose(Image.open(sys.argv[1])).convert("RGB"), (w, h), Image.LANCZOS)
            back = ImageEnhance.Color(back.filter(ImageFilter.GaussianBlur(24))).enhance(0.25)
            subject = ImageOps.fit(ImageOps.exif_transpose(Image.open(sys.argv[2])).convert("RGB"), (sw, sh), Image.LANCZOS)
            back.paste(subject, (x, y))
            back.save(sys.argv[9], quality=92)
            """
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let folder = SharedTestData.folder.path + "/"
        let result = try Subprocess.run(PillowReference.python, ["-c", script, folder + item.background, folder + item.subject,
                                                                 "\(item.width)", "\(item.height)", "\(item.box.x)", "\(item.box.y)",
                                                                 "\(item.box.width)", "\(item.box.height)", path])
        guard result.status == 0 else { throw Refusal(description: "Pillow could not make \(item): \(result.output)") }
    }

    /// Pillow's crop of the file at `path` to `window`, resized to `size` with Lanczos.
    static func pillowCrop(_ path: String, _ window: (x: Int, y: Int, width: Int, height: Int), to size: PixelSize) throws -> PixelBuffer {
        let cropped = NSTemporaryDirectory() + "crop-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: cropped) }
        let script = """
            import sys
            from PIL import Image
            x, y, w, h = map(int, sys.argv[2:6])
            Image.open(sys.argv[1]).convert("RGB").crop((x, y, x + w, y + h)).save(sys.argv[6])
            """
        let result = try Subprocess.run(PillowReference.python, ["-c", script, path, "\(window.x)", "\(window.y)",
                                                                 "\(window.width)", "\(window.height)", cropped])
        guard result.status == 0 else { throw Refusal(description: "Pillow could not crop \(path): \(result.output)") }
        return try PillowReference.decode(path: cropped, resizedTo: size)
    }
}
