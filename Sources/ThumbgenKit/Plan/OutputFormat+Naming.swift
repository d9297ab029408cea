import ImageCodecs

extension OutputFormat {
    /// The extension of `original`'s renditions in this format: the original's own when it names
    /// this format (`JPG`, `jpeg`, `png` kept as written), else the format's (`jpg`, `png`). The
    /// format comes from the bytes, so a JPEG named `.png` gets `.jpg` renditions.
    public func fileExtension(for original: String) -> String {
        fileExtension(kept: RenditionNaming.originalExtension(original))
    }
}
