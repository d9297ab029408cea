import ImageCodecs
import Renditions
import YAML

/// What a manifest says, checked for shape and values but not yet against the disk.
struct ManifestDocument {
    var root: (path: String, mark: Mark)?
    var index: (path: String, mark: Mark)?
    var indexSplit = IndexSplit.none
    var output = OutputSettings()
    var limits = Limits()
    var web = WebSettings()
    var cache = CacheSettings()
    var slots: [Slot] = []
    var images: [ImageRule] = []
}

/// One entry of `images:`: a path or glob and the slots its files appear in.
struct ImageRule {
    var pattern: String
    var mark: Mark
    var slots: [String]
    var focus: FocusSetting?
}

/// Checks a manifest's YAML tree against schema 1 and turns it into a `ManifestDocument`.
struct ManifestReader {
    static let supportedVersion = 1
    static let topKeys = ["version", "root", "index", "output", "limits", "web", "cache", "slots", "images"]
    static let slotKeys = ["size", "scales", "fit", "sizes"]
    static let imageKeys = ["path", "slots", "focus"]
    static let outputKeys = ["formats"] + Formats.outputs.map(\.name) + ["placeholder", "colour"]
    static let limitKeys = ["pixels", "dimension", "memory_mb", "scans"]
    /// A slot's fit when it gives none.
    static let defaultFit = Fit.inside
    /// Largest number of points a slot side may have, and largest scale: boxes stay far below
    /// any image format's limits.
    static let maxPoints = 100_000
    static let maxScale = 100
    /// Smallest scale: keys such as `thumb@0.25x` stay short and read the same in every client.
    static let minScale = ExactDecimal(units: 1, digits: 2)

    var reader: NodeReader

    init(file: String) { reader = NodeReader(file: file) }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    mutating func read(_ node: YAMLNode) -> ManifestDocument {
        var document = ManifestDocument()
        guard case .mapping = node else {
            reader.error(node.mark, "a manifest is a mapping with 'version', 'slots' and 'images', but this file holds \(node.kindName)")
            return document
        }
        guard let top = reader.mapping(node, "the manifest", keys: Self.topKeys) else { return document }

        if let version = top["version"] {
            if case .scalar(let text, true, _) = version, let number = Int(text), number >= 1 {
                if number > Self.supportedVersion {
                    reader.error(version.mark, "manifest version \(number) is newer than this thumbgen understands (\(Self.supportedVersion)); update thumbgen")
                }
            } else if case .scalar(let text, false, _) = version, Int(text.trimmedSpaces) != nil {
                reader.error(version.mark, "version is a number, but it is written in quotes: write 'version: \(text.trimmedSpaces)', without them")
            } else {
                reader.error(version.mark, "version must be a whole number (\(Self.supportedVersion) for this schema), but it is \(reader.describe(version))")
            }
        } else {
            reader.error(node.mark, "the manifest has no 'version'; add 'version: 1' at the top")
        }
        if let root = top["root"], let path = reader.string(root, "root") {
            document.root = (path, root.mark)
        }
        if let index = top["index"] { readIndex(index, into: &document) }
        if let output = top["output"] { document.output = readOutput(output) }
        if let limits = top["limits"] { document.limits = readLimits(limits) }
        if let cache = top["cache"] { document.cache = readCache(cache) }
        if let slots = top["slots"] {
            document.slots = readSlots(slots)
        } else {
            reader.error(node.mark, "the manifest has no 'slots'; declare at least one, like 'thumb: { size: 60x60, scales: [1, 2, 3] }'")
        }
        if let web = top["web"] { document.web = readWeb(web, slots: Self.slotNames(top["slots"])) }
        if let images = top["images"] {
            document.images = readImages(images, valid: Set(document.slots.map(\.name)),
                                         declared: Self.slotNames(top["slots"]))
        } else {
            reader.error(node.mark, "the manifest has no 'images'; list them, like '- path: photos/*.jpg' with 'slots: [thumb]'")
        }
        return document
    }

    private mutating func readOutput(_ node: YAMLNode) -> OutputSettings {
        var settings = OutputSettings()
        guard let output = reader.mapping(node, "output", keys: Self.outputKeys) else { return settings }
        if let formats = output["formats"], let items = reader.list(formats, "output.formats", example: "[\(Formats.modernNames.joined(separator: ", "))]") {
            var chosen: [OutputFormat] = []
            for item in items {
                guard let name = reader.string(item, "a format in output.formats") else { continue }
                guard let format = Formats.output(named: name), format.role == .modern else {
                    reader.error(item.mark, "unknown format '\(name)' in output.formats\(Suggestion.hint(for: name, among: Formats.modernNames)); thumbgen writes \(Self.modernWords) beside each \(Self.fallbackWords)")
                    continue
                }
                if chosen.contains(format) {
                    reader.error(item.mark, "format '\(name)' is listed twice in output.formats")
                    continue
                }
                chosen.append(format)
            }
            settings.formats = chosen
        }
        for format in Formats.outputs {
            if let node = output[format.name] { settings[format] = readSettings(node, format) }
        }
        if let placeholder = output["placeholder"], let name = reader.string(placeholder, "output.placeholder") {
            if let kind = PlaceholderKind(rawValue: name) {
                settings.placeholder = kind
            } else {
                reader.error(placeholder.mark, "unknown placeholder '\(name)'\(Suggestion.hint(for: name, among: PlaceholderKind.allCases.map(\.rawValue))); use 'thumbhash' or 'none'")
            }
        }
        if let colour = output["colour"], let name = reader.string(colour, "output.colour") {
            if let mode = ColourMode(rawValue: name) {
                settings.colour = mode
            } else {
                reader.error(colour.mark, "unknown output.colour '\(name)'\(Suggestion.hint(for: name, among: ColourMode.allCases.map(\.rawValue))); use 'keep' or 'srgb'")
            }
        }
        return settings
    }

    /// `output.<format>`: each setting the manifest gives, checked against its bounds.
    private mutating func readSettings(_ node: YAMLNode, _ format: OutputFormat) -> FormatSettings {
        var settings = format.defaults
        let path = "output.\(format.name)"
        guard let values = reader.mapping(node, path, keys: format.settings.map(\.key)) else { return settings }
        for setting in format.settings {
            guard let value = values[setting.key] else { continue }
            switch setting.kind {
            case .integer(let range):
                if let number = reader.integer(value, "\(path).\(setting.key)", in: range) { settings[setting.key] = .integer(number) }
            case .flag:
                if let flag = reader.boolean(value, "\(path).\(setting.key)") { settings[setting.key] = .flag(flag) }
            }
        }
        return settings
    }

    /// `avif and webp`: the modern formats, as the message about an unknown one lists them.
    static var modernWords: String { words(Formats.modernNames, "and") }
    /// `JPEG or PNG`: the fallbacks.
    static var fallbackWords: String { words(Formats.fallbacks.map(\.title), "or") }

    private static func words(_ names: [String], _ conjunction: String) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }

    private mutating func readLimits(_ node: YAMLNode) -> Limits {
        var limits = Limits()
        guard let values = reader.mapping(node, "limits", keys: Self.limitKeys) else { return limits }
        if let pixels = values["pixels"], let value = reader.integer(pixels, "limits.pixels", in: ManifestBounds.pixels) {
            limits.pixels = value
        }
        if let dimension = values["dimension"], let value = reader.integer(dimension, "limits.dimension", in: ManifestBounds.dimension) {
            limits.dimension = value
        }
        if let memory = values["memory_mb"], let value = reader.integer(memory, "limits.memory_mb", in: ManifestBounds.memoryMB) {
            limits.memoryMB = value
        }
        if let scans = values["scans"], let value = reader.integer(scans, "limits.scans", in: ManifestBounds.scans) {
            limits.scans = value
        }
        return limits
    }

    private mutating func readSlots(_ node: YAMLNode) -> [Slot] {
        guard case .mapping(let pairs, _) = node else {
            reader.error(node.mark, "slots must be a mapping of slot names to sizes, like 'thumb: { size: 60x60, scales: [1, 2, 3] }', but it is \(node.kindName)")
            return []
        }
        if pairs.isEmpty { reader.error(node.mark, "slots is empty; declare at least one slot") }
        var slots: [Slot] = []
        for pair in pairs {
            guard case .scalar(let name, _, let mark) = pair.key, !pair.key.isNull else {
                reader.error(pair.key.mark, "a slot name must be text, but it is \(pair.key.kindName)")
                continue
            }
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterClass.word(contains: $0)) }) else {
                reader.error(mark, "slot name '\(name)' may use only letters, digits, '-' and '_'")
                continue
            }
            if let slot = readSlot(name, pair.value) { slots.append(slot) }
        }
        return slots
    }

    private mutating func readSlot(_ name: String, _ node: YAMLNode) -> Slot? {
        guard let values = reader.mapping(node, "slot '\(name)'", keys: Self.slotKeys) else { return nil }
        var size: SlotSize?
        if let sizeNode = values["size"] {
            size = readSize(sizeNode, slot: name)
        } else {
            reader.error(node.mark, "slot '\(name)' has no 'size'; give one in points, like 'size: 60x60' (or '390x', 'x200')")
        }
        var scales: [ExactDecimal]?
        if let scalesNode = values["scales"] {
            scales = readScales(scalesNode, slot: name)
        } else {
            reader.error(node.mark, "slot '\(name)' has no 'scales'; list the screen scales it is shown at, like 'scales: [1, 2, 3]'")
        }
        var fit = Self.defaultFit
        if let fitNode = values["fit"], let text = reader.string(fitNode, "fit") {
            if let known = Fit(rawValue: text) {
                fit = known
            } else {
                reader.error(fitNode.mark, "unknown fit '\(text)'\(Suggestion.hint(for: text, among: Fit.allCases.map(\.rawValue))); use 'inside' or 'cover'")
            }
        }
        var sizes: String?
        if let sizesNode = values["sizes"], let text = reader.string(sizesNode, "sizes of slot '\(name)'") {
            let trimmed = text.trimmedSpaces
            if trimmed.isEmpty || trimmed.contains(where: { $0 == "\"" || $0 == "<" || $0 == ">" || $0.isNewline }) {
                reader.error(sizesNode.mark, "sizes of slot '\(name)' must be a CSS sizes value, like '(max-width: 1200px) 100vw, 1200px', but it is '\(text)'")
            } else {
                sizes = trimmed
            }
        }
        guard let size, let scales else { return nil }
        return Slot(name: name, size: size, scales: scales, fit: fit, sizes: sizes)
    }

    private mutating func readSize(_ node: YAMLNode, slot: String) -> SlotSize? {
        guard let text = reader.string(node, "size of slot '\(slot)'") else { return nil }
        if let advice = SizeSpelling.advice(for: text) {
            reader.error(node.mark, "size '\(text)' of slot '\(slot)' \(advice)")
            return nil
        }
        guard let (width, height) = WxH.sides(text), !(width.trimmedSpaces.isEmpty && height.trimmedSpaces.isEmpty) else {
            reader.error(node.mark, "size '\(text)' of slot '\(slot)' is not WIDTHxHEIGHT in points; write it like 60x60, 390x (width only) or x200 (height only)")
            return nil
        }
        var size = SlotSize()
        var valid = true
        for (index, side) in [width, height].enumerated() {
            let trimmed = String(side).trimmedSpaces
            guard !trimmed.isEmpty else { continue }
            let what = "the \(index == 0 ? "width" : "height") of slot '\(slot)'"
            guard let value = reader.positiveDecimal(trimmed, at: node.mark, what, maximum: Self.maxPoints) else {
                valid = false
                continue
            }
            if index == 0 { size.width = value } else { size.height = value }
        }
        return valid ? size : nil
    }

    private mutating func readScales(_ node: YAMLNode, slot: String) -> [ExactDecimal]? {
        guard let items = reader.list(node, "scales of slot '\(slot)'", example: "[1, 2, 3]") else { return nil }
        if items.isEmpty {
            reader.error(node.mark, "scales of slot '\(slot)' is empty; list at least one, like [1, 2, 3]")
            return nil
        }
        var scales: [ExactDecimal] = []
        var valid = true
        for item in items {
            if case .scalar(let text, false, _) = item, ExactDecimal(parsing: text.trimmedSpaces) != nil {
                reader.error(item.mark, "a scale of slot '\(slot)' is a number, but it is written in quotes: write \(text.trimmedSpaces), without them")
                valid = false
                continue
            }
            guard case .scalar(let text, true, _) = item, !item.isNull else {
                reader.error(item.mark, "a scale of slot '\(slot)' must be a number like 2 or 1.5, but it is \(reader.describe(item))")
                valid = false
                continue
            }
            guard let scale = reader.positiveDecimal(text, at: item.mark, "a scale of slot '\(slot)'", maximum: Self.maxScale) else {
                valid = false
                continue
            }
            if scale < Self.minScale {
                reader.error(item.mark, "a scale of slot '\(slot)' must be at least \(Self.minScale), but it is \(text.trimmedSpaces)")
                valid = false
                continue
            }
            if scales.contains(scale) {
                reader.error(item.mark, "scale \(scale) is listed twice in slot '\(slot)'")
                valid = false
            }
            scales.append(scale)
        }
        return valid ? scales : nil
    }

    /// The names declared under `slots:`, valid or not.
    static func slotNames(_ node: YAMLNode?) -> Set<String> {
        guard case .mapping(let pairs, _)? = node else { return [] }
        return Set(pairs.compactMap { if case .scalar(let name, _, _) = $0.key { name } else { nil } })
    }

    private mutating func readImages(_ node: YAMLNode, valid validSlots: Set<String>, declared: Set<String>) -> [ImageRule] {
        guard let items = reader.list(node, "images", example: "'- path: photos/*.jpg'") else { return [] }
        if items.isEmpty { reader.error(node.mark, "images is empty; list at least one image") }
        var rules: [ImageRule] = []
        for item in items {
            guard let values = reader.mapping(item, "an image entry", keys: Self.imageKeys) else { continue }
            // A rule with a usable path is kept even when its slots or focus are wrong, so that
            // path errors are reported in the same run; any error stops the build anyway.
            var rule = ImageRule(pattern: "", mark: item.mark, slots: [], focus: nil)
            if let pathNode = values["path"], let path = reader.string(pathNode, "path") {
                if path.isEmpty {
                    reader.error(pathNode.mark, "path is empty; give a file or glob relative to root, like 'path: photos/*.jpg'")
                }
                rule.pattern = path
                rule.mark = pathNode.mark
            } else if values["path"] == nil {
                reader.error(item.mark, "an image entry has no 'path'; give a file or glob relative to root, like 'path: photos/*.jpg'")
            }
            if let slotsNode = values["slots"] {
                readImageSlots(slotsNode, into: &rule, valid: validSlots, declared: declared)
            } else {
                reader.error(item.mark, "an image entry has no 'slots'; list the slots it appears in, like 'slots: [thumb]'")
            }
            if let focusNode = values["focus"] { rule.focus = readFocus(focusNode) }
            if !rule.pattern.isEmpty { rules.append(rule) }
        }
        return rules
    }

    private mutating func readImageSlots(_ node: YAMLNode, into rule: inout ImageRule, valid validSlots: Set<String>,
                                         declared: Set<String>) {
        guard let items = reader.list(node, "slots of an image", example: "[thumb, card]") else { return }
        if items.isEmpty {
            reader.error(node.mark, "slots of an image is empty; list at least one slot")
        }
        for item in items {
            guard let name = reader.string(item, "a slot name") else { continue }
            if validSlots.contains(name) {
                if !rule.slots.contains(name) { rule.slots.append(name) }
            } else {
                // A declared slot that failed its own checks has already been reported there.
                if !declared.contains(name) {
                    reader.error(item.mark, "unknown slot '\(name)'\(Suggestion.hint(for: name, among: declared.sorted()))")
                }
            }
        }
    }

    private mutating func readFocus(_ node: YAMLNode) -> FocusSetting? {
        if case .scalar(let text, _, _) = node, text.trimmedSpaces == "auto" { return .auto }
        guard case .sequence(let items, _) = node, items.count == 2 else {
            reader.error(node.mark, "focus must be auto or two numbers from 0 to 1, [x, y] from the top-left, like [0.5, 0.3]")
            return nil
        }
        var values: [Double] = []
        for item in items {
            guard case .scalar(let text, true, _) = item, let value = ExactDecimal(parsing: text.trimmedSpaces),
                  value <= ExactDecimal(1)
            else {
                reader.error(item.mark, "focus values must be numbers from 0 to 1, but this one is \(reader.describe(item))")
                return nil
            }
            values.append(value.doubleValue)
        }
        return .point(Focus(x: values[0], y: values[1]))
    }
}

enum CharacterClass {
    /// Letters, digits, `-` and `_`.
    static func word(contains scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: false
        }
    }
}
