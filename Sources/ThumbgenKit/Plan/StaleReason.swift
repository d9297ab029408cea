import Renditions

/// Why an image's files must be made again: what a person can act on.
public enum StaleReason: Equatable, Sendable {
    /// `--force`.
    case forced
    /// The previous index does not know the image.
    case new
    case originalChanged
    /// These slots changed size, fit or scales, or the image moved in or out of them.
    case slotsChanged([String])
    /// The focus point changed.
    case focusChanged
    /// These output settings changed (`jpeg`, `webp`, `placeholder`…).
    case outputChanged([String])
    case renderingChanged
    case fileMissing(String)
    /// A listed file is not what the index recorded (its size changed).
    case fileEdited(String)
    /// The previous record does not agree with the plan (a damaged or hand-edited index).
    case recordDisagrees
    /// The recipe changed in a part the index does not record: the codec libraries' versions
    /// (`thumbgen --version`) or the placeholder, unless the index was edited by hand.
    case recipeChanged
}

extension StaleReason {
    /// A cause shared by many files, without the file's own name.
    public var cause: String {
        switch self {
        case .forced: "--force"
        case .new: "new images"
        case .originalChanged: "originals changed"
        case .slotsChanged(let slots): "slot\(slots.count == 1 ? "" : "s") \(slots.map { "'\($0)'" }.joined(separator: ", ")) changed size, fit or scales"
        case .focusChanged: "focus points changed"
        case .outputChanged(let names): "the output settings changed (\(names.joined(separator: ", ")))"
        case .renderingChanged: "thumbgen renders differently since the last build"
        case .fileMissing: "renditions were deleted"
        case .fileEdited: "renditions were edited by hand"
        case .recordDisagrees: "the index does not agree with the files (edited by hand?)"
        case .recipeChanged: "the codec libraries or the placeholder changed (see thumbgen --version), or the index was edited by hand"
        }
    }

    /// Reasons in words a person can act on: each cause, naming the image or file where it is
    /// one's own.
    public static func because(_ reasons: [StaleReason], image: String) -> String {
        let words = reasons.map { reason -> String in
            switch reason {
            case .new: "a new image, \(NameText.displayed(image))"
            case .originalChanged: "the original \(NameText.displayed(image)) changed"
            case .fileMissing(let path): "\(NameText.displayed(path)) is missing"
            case .fileEdited(let path): "\(NameText.displayed(path)) was edited by hand"
            default: reason.cause
            }
        }
        return words.isEmpty ? "rendition of \(NameText.displayed(image))" : words.joined(separator: "; ")
    }
}
