import ImageCodecs
import Renditions

/// The manifest's JSON Schema (draft 2020-12), for editors' completion and checking as the user
/// types (`# yaml-language-server: $schema=…`). Defaults, ranges, enums and keys come from the
/// code that reads the manifest (`Formats`' settings, `Limits`, `ManifestBounds`, `ManifestReader`),
/// so the schema describes what this thumbgen accepts. What a schema cannot express (a path that
/// matches no file, a scale listed twice, a slot an image names but nobody declared) is left to
/// the loader.
public enum ManifestSchema {
    /// Where the project keeps the schema printed by `thumbgen schema`, relative to its root.
    public static let shippedPath = "docs/manifest.schema.json"

    /// The schema, pretty-printed, ending with a newline.
    public static var text: String { document.printed() + "\n" }

    static var document: OrderedJSON {
        let output = OutputSettings(), limits = Limits()
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "thumbgen manifest (schema \(ManifestReader.supportedVersion))",
            "description": "The images a site or app shows and the display slots they appear in; thumbgen writes each slot's renditions beside the originals and an index for clients.",
            "type": "object",
            "required": ["version", "slots", "images"],
            "additionalProperties": false,
            "properties": [
                "version": ["description": "The manifest's schema: \(ManifestReader.supportedVersion), written as a number.",
                            "const": .integer(ManifestReader.supportedVersion)],
                "root": ["description": "The folder image paths are relative to, relative to this file. Default: this file's folder.",
                         "type": "string", "default": "."],
                "index": indexSchema,
                "output": outputSchema(output),
                "limits": limitsSchema(limits),
                "web": webSchema(WebSettings()),
                "cache": cacheSchema(CacheSettings()),
                "slots": ["description": "Named display sizes, in points, each shown at a list of screen scales.",
                          "type": "object", "minProperties": 1,
                          "propertyNames": ["pattern": "^[A-Za-z0-9_-]+$"],
                          "additionalProperties": ["$ref": "#/$defs/slot"]],
                "images": ["description": "The originals, each a path or a glob relative to root, and the slots they appear in.",
                           "type": "array", "minItems": 1, "items": ["$ref": "#/$defs/image"]],
            ],
            "$defs": ["slot": slotSchema, "image": imageSchema],
        ]
    }

    /// A side of a slot: more than 0 and at most `ManifestReader.maxPoints` points, with at most
    /// `ExactDecimal.maxDigits` decimals.
    static var pointsPattern: String {
        let digits = ExactDecimal.maxDigits, whole = String(ManifestReader.maxPoints).count - 1
        return "(?=[0-9.]*[1-9])(?:[0-9]{1,\(whole)}(?:\\.[0-9]{0,\(digits)})?|\\.[0-9]{1,\(digits)}|\(ManifestReader.maxPoints)(?:\\.0{0,\(digits)})?)"
    }

    static var slotSchema: OrderedJSON {
        let space = "[ \\t]*", points = pointsPattern
        return [
            "description": "A display size in points and the screen scales it is shown at.",
            "type": "object",
            "required": ["size", "scales"],
            "additionalProperties": false,
            "properties": [
                "size": ["description": "WIDTHxHEIGHT in points, without a unit: 60x60, 390x (width only) or x200 (height only).",
                         "type": "string",
                         "pattern": .string("^\(space)(?:\(points)\(space)x\(space)(?:\(points))?|x\(space)\(points))\(space)$")],
                "scales": ["description": "The screen scales the slot is shown at, such as [1, 2, 3]; each from \(ManifestReader.minScale) to \(ManifestReader.maxScale).",
                           "type": "array", "minItems": 1, "uniqueItems": true,
                           "items": ["type": "number", "minimum": .number(ManifestReader.minScale.doubleValue),
                                     "maximum": .integer(ManifestReader.maxScale)]],
                "fit": ["description": "inside: the largest size with the original's aspect ratio that fits the box; cover: fill the box and crop the overflow around the focus.",
                        "enum": .strings(Fit.allCases.map(\.rawValue)), "default": .string(ManifestReader.defaultFit.rawValue)],
                "sizes": ["description": "A CSS sizes value for web pages, like \"(max-width: 1200px) 100vw, 1200px\"; quote it in YAML.",
                          "type": "string", "pattern": #"^[^"<>\r\n]*[^"<>\r\n \t][^"<>\r\n]*$"#],
            ],
        ]
    }

    static var imageSchema: OrderedJSON {
        [
            "description": "One path or glob and the slots its images appear in.",
            "type": "object",
            "required": ["path", "slots"],
            "additionalProperties": false,
            "properties": [
                "path": ["description": "A file or a glob (*, ?, [..], {a,b}, **) relative to root; quote a glob that starts with '*'.",
                         "type": "string", "minLength": 1],
                "slots": ["description": "Names of slots declared under 'slots'.",
                          "type": "array", "minItems": 1, "items": ["type": "string"]],
                "focus": ["description": "Where cover crops are centred: [x, y] from 0 to 1 from the top-left, or auto (around the subject found in the image). Default: the centre.",
                          "oneOf": [
                              ["type": "array", "minItems": 2, "maxItems": 2, "items": ["type": "number", "minimum": 0, "maximum": 1]],
                              ["const": "auto"],
                          ]],
            ],
        ]
    }

    static func outputSchema(_ output: OutputSettings) -> OrderedJSON {
        let formats: [(key: String, value: OrderedJSON)] = [
            ("formats", ["description": .string("Modern files written beside each \(ManifestReader.fallbackWords) fallback, best first; [] for none."),
                         "type": "array", "uniqueItems": true,
                         "items": ["enum": .strings(Formats.modernNames)],
                         "default": .strings(output.formats.map(\.name))]),
        ]
        let encoders = Formats.outputs.map { format in
            (key: format.name, value: settings(format.summary, format.settings.map { ($0.key, property($0, output[format][$0.key])) }))
        }
        let placeholder: [(key: String, value: OrderedJSON)] = [
            ("placeholder", ["description": "What clients paint before an image loads.",
                             "enum": .strings(PlaceholderKind.allCases.map(\.rawValue)),
                             "default": .string(output.placeholder.rawValue)]),
            ("colour", ["description": "keep: renditions carry the original's colour profile; srgb: wide-gamut and other profiled originals are converted to sRGB (lcms2) and carry none.",
                        "enum": .strings(ColourMode.allCases.map(\.rawValue)),
                        "default": .string(output.colour.rawValue)]),
        ]
        return [
            "description": "How renditions are encoded.",
            "type": "object",
            "additionalProperties": false,
            "properties": .object(formats + encoders + placeholder),
        ]
    }

    /// An output format's setting, with its bounds and the default `value`.
    private static func property(_ setting: FormatSetting, _ value: SettingValue?) -> OrderedJSON {
        switch (setting.kind, value ?? setting.defaultValue) {
        case (.integer(let bounds), .integer(let number)): range(bounds, default: number, setting.description)
        case (_, .flag(let value)): flag(value, setting.description)
        // A value always has its setting's kind (the reader and the defaults make it so).
        case (.flag, .integer(let number)): flag(number != 0, setting.description)
        }
    }

    /// `index:` is a path, or `{ path, split }`.
    static var indexSchema: OrderedJSON {
        let path: OrderedJSON = ["description": "Where the index goes, relative to root: a .json file under root.",
                                 "type": "string", "pattern": #"^(?!/)(?!(?:.*/)?\.\.(?:/|$))(?!.*\.Thumbnail\()(?:.*/)?[^/]*\.json$"#,
                                 "default": "renditions.json"]
        return [
            "description": "Where the index goes (a path), or its path and how it is split for clients.",
            "default": "renditions.json",
            "oneOf": [
                path,
                settings("The index's path and how it is split.", [
                    ("path", path),
                    ("split", ["description": "none: one index; folder: also one small index per folder of originals, holding only that folder's images (<folder>/<index file name>, and <index stem>.slice.json in the index's own folder), so a page loads only what it shows.",
                               "enum": .strings(IndexSplit.allCases.map(\.rawValue)), "default": .string(IndexSplit.none.rawValue)]),
                ]),
            ],
        ]
    }

    static func webSchema(_ web: WebSettings) -> OrderedJSON {
        settings("How 'thumbgen html' finds the built site and links its pages to root's files.", [
            ("site", ["description": "The built site 'thumbgen html' rewrites when given no path, relative to this file (Hugo's public, MkDocs' site); pages' links start from their place in it.",
                      "type": "string", "minLength": 1]),
            ("url", ["description": "The URL path (or full URL) at which root's files are served: \"/\" for Hugo's static/ or MkDocs' docs/, \"/product/\" under a base path, \"https://example.com/\" for absolute links.",
                     "type": "string", "pattern": #"^(/(?!/)|[Hh][Tt][Tt][Pp][Ss]?://[^/@]+(/|$))[^?#"'<>\\ \t\r\n`]*$"#, "default": .string(web.url)]),
            ("slot", ["description": "The slot for an <img src> that names none (absent: such tags are left alone); a slot declared under 'slots'.",
                      "type": "string"]),
            ("versioned", flag(web.versioned, "Rendition URLs end in ?v= and the first 8 hex digits of the image's recipe, so a URL changes exactly when its bytes may.")),
            ("placeholder", ["description": "What a rewritten tag paints before its image arrives: color (the average colour, no JavaScript needed, plus data-thumbhash), data (data-thumbhash only, for renditions.js), none.",
                             "enum": .strings(WebSettings.Placeholder.allCases.map(\.rawValue)), "default": .string(web.placeholder.rawValue)]),
        ])
    }

    static func cacheSchema(_ cache: CacheSettings) -> OrderedJSON {
        settings("A store of renditions shared between machines, keyed by each image's recipe: a second machine takes the files instead of decoding. The environment (THUMBGEN_CACHE_URL, THUMBGEN_CACHE_READ_ONLY, THUMBGEN_CACHE_KEY) and --cache, --cache-read-only, --no-cache override it; no key or token ever goes here.", [
            ("url", ["description": "file:///absolute/folder: a shared volume, or a folder actions/cache restores.",
                     "type": "string", "pattern": "^file:///"]),
            ("read_only", flag(cache.readOnly, "Take from the cache, never put into it (pull requests, untrusted runners).")),
        ])
    }

    static func limitsSchema(_ limits: Limits) -> OrderedJSON {
        settings("Bounds on what one original may cost, checked from its header before anything is decoded; an original over one is unreadable.", [
            ("pixels", range(ManifestBounds.pixels, default: limits.pixels, "Most pixels (width × height).")),
            ("dimension", range(ManifestBounds.dimension, default: limits.dimension, "Most pixels on either side.")),
            ("memory_mb", range(ManifestBounds.memoryMB, default: limits.memoryMB, "Most memory one decode may hold, in MiB.")),
            ("scans", range(ManifestBounds.scans, default: limits.scans, "Most scans of a progressive JPEG.")),
        ])
    }

    private static func settings(_ description: String, _ properties: [(String, OrderedJSON)]) -> OrderedJSON {
        ["description": .string(description), "type": "object", "additionalProperties": false,
         "properties": .object(properties.map { (key: $0.0, value: $0.1) })]
    }

    private static func range(_ range: ClosedRange<Int>, default value: Int, _ description: String) -> OrderedJSON {
        ["description": .string("\(description) \(range.lowerBound) to \(range.upperBound)."), "type": "integer",
         "minimum": .integer(range.lowerBound), "maximum": .integer(range.upperBound), "default": .integer(value)]
    }

    private static func flag(_ value: Bool, _ description: String) -> OrderedJSON {
        ["description": .string(description), "type": "boolean", "default": .boolean(value)]
    }
}
