import Raster
import Renditions

/// The placeholder a client paints before an image loads, from the render stage's small image.
enum Placeholders {
    /// Nil until the ThumbHash encoder is built in.
    static func record(_ pixels: PixelBuffer) -> PlaceholderRecord? {
        nil
    }
}
