import Raster
import Renditions

/// The placeholder a client paints before an image loads: the average colour and a ThumbHash of
/// the render stage's small upright image (at most 100 pixels a side), made during the same decode.
enum Placeholders {
    static func record(_ pixels: PixelBuffer) -> PlaceholderRecord? {
        let placeholder = ThumbHash.placeholder(of: pixels)
        return PlaceholderRecord(color: placeholder.color, thumbhash: placeholder.base64)
    }
}
