import ImageCodecs
@testable import ThumbgenKit

/// The settings the tests change or check, named as before the format registry held them
/// (`Formats`): each reads and writes the registry's entry for its format.
extension OutputSettings {
    init(jpegQuality: Int = 82, jpegProgressive: Bool = false, pngCompression: Int = 6, formats: [OutputFormat] = [.webp]) {
        self.init()
        self.jpegQuality = jpegQuality
        self.jpegProgressive = jpegProgressive
        self.pngCompression = pngCompression
        self.formats = formats
    }

    var jpegQuality: Int { get { integer(.jpeg, "quality") } set { self[.jpeg]["quality"] = .integer(newValue) } }
    var jpegProgressive: Bool { get { self[.jpeg].flag("progressive") } set { self[.jpeg]["progressive"] = .flag(newValue) } }
    var pngCompression: Int { get { integer(.png, "compression") } set { self[.png]["compression"] = .integer(newValue) } }
    var webpQuality: Int { get { integer(.webp, "quality") } set { self[.webp]["quality"] = .integer(newValue) } }
    var webpLossless: Bool { get { self[.webp].flag("lossless") } set { self[.webp]["lossless"] = .flag(newValue) } }
    var avifQuality: Int { get { integer(.avif, "quality") } set { self[.avif]["quality"] = .integer(newValue) } }
    var avifSpeed: Int { get { integer(.avif, "speed") } set { self[.avif]["speed"] = .integer(newValue) } }

    private func integer(_ format: OutputFormat, _ key: String) -> Int { self[format].integer(key) }
}
