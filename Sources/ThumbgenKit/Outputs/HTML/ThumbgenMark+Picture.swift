/// Which `<picture>` is thumbgen's own, so that replacing it whole loses nothing: the one rule,
/// which the pages side reads token by token (`ThumbgenPicture`) and renditions.js keeps too
/// (`isOwnPicture`, held to it by Clients/cases.json's `ownPicture` cases).
///
/// It holds exactly what thumbgen writes: its attributes are `data-thumbgen` alone, with no
/// value; its child nodes, in order, are `<source>` elements with `srcset` and only `media`,
/// `type`, `srcset`, `sizes`, `width`, `height`, then one `<img>` carrying `data-thumbgen` and
/// `data-image`, and nothing else: no text (not even white space, which thumbgen never writes),
/// comment or other element.
extension ThumbgenMark {
    /// The attributes a `<source>` thumbgen writes may have.
    static let sourceAttributes: Set<String> = ["media", "type", "srcset", "sizes", "width", "height"]

    /// The rule, fed one child node at a time: `problem` says why the picture is not thumbgen's
    /// as soon as one is known.
    struct OwnPicture {
        /// Why the picture so far is not thumbgen's, or nil while it may be.
        private(set) var problem: String?
        /// The `<img>`'s attributes, once it came.
        private(set) var image: [TagMarkup.Attribute]?

        /// A picture with `attributes` (the `<picture>` tag's, names lowercase), before its children.
        init(attributes: [TagMarkup.Attribute]) {
            if attributes.count != 1 || attributes[0].name != name || !attributes[0].value.isEmpty {
                problem = "a <picture data-thumbgen> with attributes of its own (or a value on data-thumbgen)"
            }
        }

        /// Reads the next child node: an element by its lowercase name and attributes, a text
        /// node as `#text`, a comment as `#comment`. Returns `problem`.
        @discardableResult
        mutating func add(_ child: String, attributes: [TagMarkup.Attribute]) -> String? {
            guard problem == nil else { return problem }
            problem = Self.problem(child, attributes: attributes, afterImage: image != nil)
            if problem == nil, child == "img" { image = attributes }
            return problem
        }

        /// Why the whole picture, now that its children are all read, is not thumbgen's, or nil.
        var finalProblem: String? {
            problem ?? (image == nil ? "a <picture data-thumbgen> without its <img data-image>" : nil)
        }

        private static func problem(_ child: String, attributes: [TagMarkup.Attribute], afterImage: Bool) -> String? {
            func has(_ name: String) -> Bool { attributes.contains { $0.name == name } }
            switch child {
            case "#text": return "a <picture data-thumbgen> that holds text (white space included)"
            case "#comment": return "a <picture data-thumbgen> that holds a comment"
            case _ where afterImage: return "a <picture data-thumbgen> that holds a <\(child)> after its <img>"
            case "source":
                let names = attributes.map(\.name)
                guard names.contains("srcset"), Set(names).count == names.count, names.allSatisfy(sourceAttributes.contains) else {
                    return "a <picture data-thumbgen> whose <source> has attributes thumbgen does not write, or no srcset"
                }
                return nil
            case "img":
                guard has("data-image") else { return "a <picture data-thumbgen> whose <img> has no data-image" }
                return has(name) ? nil : "a <picture data-thumbgen> whose <img> has no data-thumbgen"
            default: return "a <picture data-thumbgen> that holds a <\(child)>"
            }
        }
    }

    /// True when a `<picture>` with `attributes` and child nodes `children` (as `OwnPicture.add`
    /// takes them) is thumbgen's own.
    public static func isOwnPicture(attributes: [TagMarkup.Attribute], children: [(name: String, attributes: [TagMarkup.Attribute])]) -> Bool {
        var picture = OwnPicture(attributes: attributes)
        for child in children { picture.add(child.name, attributes: child.attributes) }
        return picture.finalProblem == nil
    }
}
