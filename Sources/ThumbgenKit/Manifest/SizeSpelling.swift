/// Slot sizes written the way CSS or a design tool writes them (`1200px`, `60 × 60`, `320X180`),
/// recognised so that the error says how to write them here: points, no unit, a lowercase `x`.
enum SizeSpelling {
    /// One side: a number, maybe a unit. Then a separator, then the other side.
    private static var pattern: Regex<AnyRegexOutput> {
        try! Regex(#"^\s*(\d+(?:\.\d+)?)?\s*(px|pts?|dp|points?|pixels?)?\s*([x×X*,])?\s*(\d+(?:\.\d+)?)?\s*(px|pts?|dp|points?|pixels?)?\s*$"#).ignoresCase()
    }

    /// What to say after "size '1200px' of slot 'hero'", or nil when the size is not spelt in
    /// one of these ways (the ordinary checks then judge it).
    static func advice(for text: String) -> String? {
        guard let match = try? pattern.wholeMatch(in: text) else { return nil }
        func group(_ index: Int) -> String? { match.output[index].substring.map(String.init) }
        let width = group(1), height = group(4), separator = group(3)
        let unit = group(2) ?? group(5)
        guard width != nil || height != nil else { return nil }
        guard unit != nil || (separator != nil && separator != "x") else { return nil }

        let why = unit.map { "has a unit ('\($0)'), but sizes are in points and take none" }
            ?? "separates its sides with '\(separator!)'; use a lowercase letter x"
        switch (width, height, separator) {
        case (let width?, nil, nil):
            return "\(why): write \(width)x (width only) or \(width)x\(exampleHeight(width)) (width and height)"
        case (let width?, let height?, _):
            return "\(why): write \(width)x\(height)"
        case (let width?, nil, _?):
            return "\(why): write \(width)x (width only)"
        case (nil, let height?, _):
            return "\(why): write x\(height) (height only)"
        default:
            return nil
        }
    }

    /// A height that makes a 3:2 box, for the example of a full size (1200 → 800).
    private static func exampleHeight(_ width: String) -> String {
        guard let points = Int(width), points >= 3 else { return "800" }
        return String((points * 2 + 1) / 3)
    }
}
