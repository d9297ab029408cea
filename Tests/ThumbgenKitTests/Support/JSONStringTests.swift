import Testing

@testable import ThumbgenKit

struct JSONStringTests {
    @Test func quotesBackslashesAndControlCharactersAreEscapedAndSlashesLeft() {
        #expect(JSONString.quoted("a\"b\\c/d\u{1}é\n\t") == "\"a\\\"b\\\\c/d\\u0001é\\n\\t\"")
    }
}
