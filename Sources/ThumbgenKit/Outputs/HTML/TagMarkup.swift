import Renditions

/// What `thumbgen html` writes for one tag, from the index alone: what renditions.js's
/// `markup()` writes, byte for byte (Clients/cases.json holds both to it).
///
/// The pages side finds the tag and resolves what it names; this says what replaces it: for an
/// `<img>`, the whole `<img>` (or the whole `<picture data-thumbgen>` it found, when
/// `ThumbgenMark.isOwnPicture`), see `ImgMarkup`; for any other element, its new start tag, a
/// background, see `BackgroundMarkup`. Nothing at all when the index cannot place the image: the
/// tag then stays byte for byte, and the warning says why.
public enum TagMarkup {
    /// An attribute as the page has it: name (lowercase) and value (entities decoded).
    public typealias Attribute = (name: String, value: String)

    public struct Result: Equatable, Sendable {
        /// The markup that replaces the tag; nil leaves the tag as it is.
        public var html: String?
        /// What is wrong (the caller adds the page and line), or nil.
        public var warning: String?

        public init(html: String?, warning: String?) {
            self.html = html
            self.warning = warning
        }
    }

    /// The markup for a tag naming `image` (an index key, decoded from the page's URL) in `slot`
    /// (as written: `hero`, or art direction `(max-width: 600px) hero-tall, hero`), whose
    /// element is `element` (lowercase) with `attributes` in page order; every URL it writes is
    /// `base` (from the page to the index's folder, in the page's own form: `""`, `"../../"`,
    /// `"/product/"`, `"https://example.com/"`) and the file's path.
    public static func make(index: RenditionIndex, image: String, slot: String, element: String,
                            attributes: [Attribute], base: String, web: WebSettings) -> Result {
        let direction: ArtDirection
        switch check(index: index, image: image, slot: slot, element: element) {
        case .success(let checked): direction = checked
        case .failure(let problem): return Result(html: nil, warning: problem.message)
        }
        let author = ThumbgenMark.authorAttributes(attributes, element: element)
        if element == "img" {
            return Result(html: ImgMarkup(index: index, image: image, direction: direction, author: author, base: base, web: web).html,
                          warning: nil)
        }
        return Result(html: BackgroundMarkup(index: index, image: image, slot: direction.fallback, element: element,
                                             author: author, base: base, web: web).html, warning: nil)
    }

    struct Problem: Error {
        var message: String
    }

    /// The slots of the tag, when the index can place `image` in every one of them with values
    /// a page may carry; else why not.
    static func check(index: RenditionIndex, image: String, slot: String, element: String) -> Swift.Result<ArtDirection, Problem> {
        func fail(_ message: String) -> Swift.Result<ArtDirection, Problem> { .failure(Problem(message: message)) }
        guard index.images[image] != nil else {
            return fail("no image '\(image)' in the index\(Suggestion.hint(for: image, among: index.images.keys.sorted())); the page shows it as it is")
        }
        let shows = "the page shows '\(image)' as it is"
        guard isElementName(element) else { return fail("<\(element)> is not an element thumbgen writes; \(shows)") }
        // A slot the index knows by the whole text is that slot, whatever it looks like.
        guard let direction = index.slots[slot] != nil ? ArtDirection(choices: [.init(media: nil, slot: slot)]) : ArtDirection(slot) else {
            return fail("data-slot '\(slot)' is neither a slot nor art direction like '(max-width: 600px) hero-tall, hero' (a media condition before every slot but the last); \(shows)")
        }
        if element != "img", direction.choices.count > 1 {
            return fail("art direction ('\(slot)') needs an <img>; a <\(element)> background takes one slot; \(shows)")
        }
        for name in direction.slots {
            guard index.slots[name] != nil else {
                return fail("no slot '\(name)' in the index\(Suggestion.hint(for: name, among: index.slots.keys.sorted())); \(shows)")
            }
            if index.resolve(image: image, slot: name, screenScale: 1).kind == .unknownSlot {
                return fail("'\(image)' has no '\(name)' entries in the index; the page shows it as it is")
            }
        }
        if let untrusted = index.untrustedValue(image: image, slots: direction.slots) {
            return fail("the index's record of '\(image)' may not go into a page: \(untrusted); \(shows) (build again to mend the index)")
        }
        return .success(direction)
    }

    /// A lowercase element name: a letter, then letters, digits and `-` (custom elements).
    static func isElementName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
