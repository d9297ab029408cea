import Testing
@testable import ThumbgenKit

/// The `web:` section: its defaults, each key read into `Manifest.web`, and each mistake with
/// its place. The section is on line 2.
struct ManifestWebTests {
    static func yaml(_ web: String) -> String {
        ManifestSchemaErrorTests.top(web)
    }

    @Test func defaultsAndEveryKey() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        #expect(try loadManifest(Self.yaml(""), in: folder).web == WebSettings())
        let web = try loadManifest(Self.yaml("web: { site: public, url: /product, slot: thumb, versioned: false, placeholder: data }"), in: folder).web
        #expect(web == WebSettings(site: "public", url: "/product/", slot: "thumb", versioned: false, placeholder: .data))
        #expect(try loadManifest(Self.yaml("web: { url: 'https://example.com/docs/' }"), in: folder).web.url == "https://example.com/docs/")
        #expect(try loadManifest(Self.yaml("web: { url: 'https://example.com' }"), in: folder).web.url == "https://example.com/")
    }

    static let mistakes: [ManifestCase] = [
        ManifestCase("unknown web key", yaml("web: { sit: public }"),
            "manifest.yaml:2:8: error: unknown key 'sit' in web (did you mean 'site'?); known keys: site, url, slot, versioned, placeholder"),
        ManifestCase("web as a list", yaml("web: [public]"),
            "manifest.yaml:2:6: error: web must be a mapping of 'site', 'url', 'slot', 'versioned', 'placeholder', but it is a list"),
        ManifestCase("empty site", yaml("web: { site: '' }"),
            "manifest.yaml:2:14: error: web.site is empty; name the folder the site generator writes, like 'site: public'"),
        ManifestCase("relative url", yaml("web: { url: product/ }"),
            "manifest.yaml:2:13: error: web.url must be the URL path at which root's files are served, like '/' or '/product/', or a full URL like 'https://example.com/product/', but it is 'product/'"),
        ManifestCase("url with a query", yaml("web: { url: '/a/?x=1' }"),
            "manifest.yaml:2:13: error: web.url must be the URL path at which root's files are served, like '/' or '/product/', or a full URL like 'https://example.com/product/', but it is '/a/?x=1'"),
        ManifestCase("url with a quote", yaml("web: { url: '/a\"b/' }"),
            "manifest.yaml:2:13: error: web.url must be the URL path at which root's files are served, like '/' or '/product/', or a full URL like 'https://example.com/product/', but it is '/a\"b/'"),
        ManifestCase("url with dot segments", yaml("web: { url: /a/../b/ }"),
            "manifest.yaml:2:13: error: web.url must be the URL path at which root's files are served, like '/' or '/product/', or a full URL like 'https://example.com/product/', but it is '/a/../b/'"),
        ManifestCase("unknown slot", yaml("web: { slot: thum }"),
            "manifest.yaml:2:14: error: web.slot 'thum' is not a slot of this manifest (did you mean 'thumb'?)"),
        ManifestCase("versioned as a word", yaml("web: { versioned: yes }"),
            "manifest.yaml:2:19: error: web.versioned must be true or false, but it is 'yes'"),
        ManifestCase("unknown placeholder", yaml("web: { placeholder: colour }"),
            "manifest.yaml:2:21: error: unknown web.placeholder 'colour' (did you mean 'color'?); use 'color', 'data', 'none'"),
    ]

    @Test(arguments: mistakes)
    func reportsEveryProblemWithItsPlace(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }
}
