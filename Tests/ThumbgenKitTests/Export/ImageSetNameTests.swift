import Testing

@testable import ThumbgenKit

/// Imageset names: the path without its extension with `/` as `-`, then the slot; made safe for
/// Xcode and every file system; long ones shortened with a hash that keeps them apart.
@Suite struct ImageSetNameTests {
    @Test(arguments: [
        ("images/lake.jpg", "thumb", "images-lake-thumb"),
        ("lake.jpg", "card", "lake-card"),
        ("photos/2024/x.v2.png", "hero", "photos-2024-x.v2-hero"),
        ("images/summer (2024) café.jpg", "thumb", "images-summer_2024_café-thumb"),
        ("a:b*c?\"<d>|e\\f.jpg", "thumb", "a_b_c_d_e_f-thumb"),
        ("tab\tand\nnewline.jpg", "thumb", "tab_and_newline-thumb"),
        ("🌅 sunrise.jpg", "thumb", "_sunrise-thumb"),
        (".hidden/a.jpg", "thumb", "_hidden-a-thumb"),
        ("../up/a.jpg", "thumb", "_.-up-a-thumb"),
        ("фото/東京.jpg", "thumb", "фото-東京-thumb"),
        ("noextension", "thumb", "noextension-thumb"),
        ("photos/.jpg", "thumb", "photos-.jpg-thumb"),
    ])
    func names(image: String, slot: String, expected: String) {
        #expect(ImageSetName.make(image: image, slot: slot) == expected)
    }

    /// Two spellings of é (one code point, or e and a combining accent) and two cases are one
    /// imageset on a Mac: they share a collision key.
    @Test func normalisationAndCaseShareAKey() {
        let composed = ImageSetName.make(image: "caf\u{E9}.jpg", slot: "thumb")
        let decomposed = ImageSetName.make(image: "cafe\u{301}.jpg", slot: "thumb")
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        #expect(ImageSetName.collisionKey(composed) == ImageSetName.collisionKey(decomposed))
        #expect(ImageSetName.collisionKey("Photos-A-thumb") == ImageSetName.collisionKey("photos-a-thumb"))
    }

    /// A name over 200 bytes keeps its start, then `-` and 16 hex digits of the SHA-256 of the
    /// image and slot, so two long names that share their first 183 bytes stay apart.
    @Test func longNamesAreShortenedWithAHash() {
        let long = String(repeating: "a", count: 300)
        let first = ImageSetName.make(image: "photos/\(long)1.jpg", slot: "thumb")
        let second = ImageSetName.make(image: "photos/\(long)2.jpg", slot: "thumb")
        #expect(first.utf8.count == 200 && second.utf8.count == 200)
        #expect(first.hasPrefix("photos-aaaa") && first != second)
        #expect(first == "photos-" + String(repeating: "a", count: 176) + "-"
            + FileHash.sha256(Array("photos/\(long)1.jpg".utf8) + [0] + Array("thumb".utf8)).prefix(16))
        // Cut between characters, never inside one: é is two bytes.
        let accented = ImageSetName.make(image: String(repeating: "é", count: 150), slot: "thumb")
        #expect(accented.utf8.count == 199)
        #expect(accented.dropLast(17).allSatisfy { $0 == "é" })
        #expect(ImageSetName.make(image: String(repeating: "b", count: 194) + ".jpg", slot: "thumb").utf8.count == 200)
    }
}
