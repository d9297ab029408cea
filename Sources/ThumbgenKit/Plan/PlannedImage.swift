import ImageCodecs

/// What an original's header makes of it: the format its fallbacks take, whether a box it
/// already fits still gets a file, and the plan of its renditions. The one way from a header
/// to a plan: the build, the manifest's collision check and the fuzzers all come through here,
/// so the names they compare are the names a build writes.
struct PlannedImage: Sendable {
    let header: ImageHeader
    let fallback: OutputFormat
    /// True when a box the original fits gets a file of its own size (`Formats.converts`), or
    /// `output.colour: srgb` converts its colour (`convertsColour`).
    let convertsOriginal: Bool
    let plan: ImagePlan

    /// The plan of the original at `path` (root-relative) whose header is `header`, in `slots`.
    init(header: ImageHeader, path: String, slots: [Slot], focus: Focus?, colour: ColourMode) {
        self.header = header
        fallback = Formats.fallback(for: header)
        convertsOriginal = Formats.converts(header) || Self.convertsColour(header, colour)
        plan = ImagePlan(path: path, original: header.uprightSize, slots: slots, focus: focus,
                         extension: fallback.fileExtension(for: path), convertsOriginal: convertsOriginal)
    }

    /// True when `colour` converts the original's colour, so that showing it as it is would
    /// show the profile the renditions are without.
    static func convertsColour(_ header: ImageHeader, _ colour: ColourMode) -> Bool {
        colour == .srgb && header.hasColourProfile
    }

    /// True when thumbgen resizes an image with this header: a still image it can decode.
    static func isResized(_ header: ImageHeader) -> Bool {
        !header.isAnimated && ImageDecoders.canDecode(header.format)
    }

    /// Every file the plan writes under `formats`: each rendition's fallback, then its modern files.
    func files(formats: [OutputFormat]) -> [String] {
        plan.renditions.flatMap { rendition in
            [rendition.file] + formats.map { RenditionNaming.modernPath(beside: rendition.file, format: $0) }
        }
    }
}
