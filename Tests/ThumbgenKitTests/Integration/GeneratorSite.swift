import Foundation
import Renditions
import Testing
import TestSupport

/// One of the small sites in Tests/Sites, built by its real generator in a scratch folder the way
/// the README's recipe says: the generator (what a dev server shows: the originals), `thumbgen
/// build`, the generator again (it copies the renditions into the built site), `thumbgen html`
/// (the manifest's `web.site`), and `thumbgen html` once more. Every command runs in the site's
/// folder with no arguments, as a user types it.
struct GeneratorSite: Sendable {
    /// The folder under Tests/Sites, and the name the figures are printed under.
    var name: String
    /// The generator's program and its arguments, run in the site's folder.
    var generator: String?
    var arguments: [String]
    /// The manifest's root and `web:` keys, as its manifest.yaml gives them.
    var root: String
    var site: String
    var url: String
    var slot: String
    /// The originals the test makes (never copied from elsewhere), with their sizes.
    var originals: [(path: String, width: Int, height: Int)]
    /// The pages the browser opens, as URL paths of the served site.
    var pages: [String]

    static let sources: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Integration/file → Tests
        return url.appendingPathComponent("Sites")
    }()

    /// Where scripts/install-deps.sh --test puts the PyPI generators.
    static let venv = "/opt/thumbgen-test-venv/bin/"

    /// The URL path at which the site's root is served (`/product/` for `https://example.org/product/`).
    var basePath: String { url.hasPrefix("/") ? url : URL(string: url)?.path.appending("/").replacing("//", with: "/") ?? "/" }
    /// The host a full `web.url` names, which the browser is pointed at the local server for.
    var host: String? { url.hasPrefix("/") ? nil : URL(string: url)?.host }

    /// The built site, after each step.
    struct Build {
        var folder: ScratchFolder
        /// Every HTML page of the built site, as the generator wrote it, and after `thumbgen html`.
        var generated: [String: [UInt8]]
        var rewritten: [String: [UInt8]]
        /// What a phone showed of each page before `thumbgen html`.
        var before: [ShownPage]
        var index: RenditionIndex
    }

    func build() throws -> Build {
        let generator = try #require(generator, "\(name): no generator installed (scripts/install-deps.sh --test)")
        let folder = ScratchFolder("thumbgen-\(name.lowercased())")
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: Self.sources.appendingPathComponent(name), to: folder.url)
        for (number, original) in originals.enumerated() {
            folder.write(root + "/" + original.path,
                         JPEGFixtures.jpeg(Pictures.photo(width: original.width, height: original.height, seed: UInt64(number + 1))))
        }
        func generate() throws -> [String: [UInt8]] {
            // A fixed build date (MkDocs writes it into every page), as reproducible builds do.
            let run = try Subprocess.run("/usr/bin/env", ["SOURCE_DATE_EPOCH=1767225600", generator] + arguments, in: folder.url)
            try #require(run.status == 0, "\(name) failed: \(run.output)")
            return pages(in: folder)
        }
        func thumbgen(_ arguments: [String]) throws {
            let run = try Executable.run(arguments, in: folder.path)
            try #require(run.status == 0, "thumbgen \(arguments.joined(separator: " ")) in the \(name) site: \(run.err)")
            #expect(!run.err.contains("warning"), "thumbgen \(arguments.joined(separator: " ")): \(run.err)")
        }
        let first = try generate()
        try thumbgen(["build", "--quiet"])
        let generated = try generate()
        // The renditions beside the originals change no page: only `thumbgen html` does.
        let changed = Set(first.keys).union(generated.keys).filter { first[$0] != generated[$0] }
        #expect(changed.isEmpty, "\(name): pages changed when the renditions were added: \(changed.sorted())")
        let before = try show(folder, at: [Viewport.phone])
        try thumbgen(["html"])
        let rewritten = pages(in: folder)
        let files = tree(folder)
        try thumbgen(["html"])
        #expect(tree(folder) == files, "\(name): a second thumbgen html changed the site")
        let index = try RenditionIndex.load(from: folder.url.appendingPathComponent(root + "/renditions.json"))
        return Build(folder: folder, generated: generated, rewritten: rewritten, before: before, index: index)
    }

    /// Every HTML page of the built site, by its path in it.
    func pages(in folder: ScratchFolder) -> [String: [UInt8]] {
        var pages: [String: [UInt8]] = [:]
        for file in folder.files() where file.hasPrefix(site + "/") && file.hasSuffix(".html") {
            pages[String(file.dropFirst(site.count + 1))] = folder.read(file)
        }
        return pages
    }

    /// Every file of the site's folder and its bytes, to tell that a run changed nothing.
    func tree(_ folder: ScratchFolder) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for file in folder.files() { files[file] = folder.read(file) }
        return files
    }

    /// The path under root of a URL the page loads, when it is one of root's files.
    func file(_ url: String?) -> String? {
        guard let url, let parsed = URL(string: url) else { return nil }
        let path = parsed.path(percentEncoded: true)
        guard path.hasPrefix(basePath) else { return nil }
        return String(path.dropFirst(basePath.count)).removingPercentEncoding
    }

    /// The size of the built site's copy of a file under root (what a browser downloads for it).
    func bytes(_ file: String, in folder: ScratchFolder) -> Int {
        folder.read(site + "/" + file)?.count ?? 0
    }
}

extension GeneratorSite {
    /// The whole check: the build, the pages' bytes, every image at every viewport, and the bytes
    /// a phone downloads for each page's images before and after `thumbgen html`, printed for the
    /// README (`make sites` prints only those lines).
    func verify() throws {
        let build = try build()
        #expect(!build.generated.isEmpty)
        for (page, generated) in build.generated.sorted(by: { $0.key < $1.key }) {
            let rewritten = try #require(build.rewritten[page], "\(name): \(page) is gone")
            if let difference = RewrittenTags.difference(before: String(decoding: generated, as: UTF8.self),
                                                         after: String(decoding: rewritten, as: UTF8.self)) {
                Issue.record("\(name) \(page): more than its image tags changed: \(difference)")
            }
        }
        let after = try show(build.folder, at: Viewport.all)
        #expect(after.count == pages.count * Viewport.all.count)
        for shown in after {
            guard let before = build.before.first(where: { $0.page == shown.page }) else { continue }
            check(shown, before: before, index: build.index)
        }
        var total = (before: 0, after: 0)
        for before in build.before {
            guard let phone = after.first(where: { $0.page == before.page && $0.width == Viewport.phone.width }) else { continue }
            let bytes = (before: imageBytes(before, in: build.folder), after: imageBytes(phone, in: build.folder))
            total = (total.before + bytes.before, total.after + bytes.after)
            print("site \(name) \(before.page) at \(Viewport.phone): images \(bytes.before) bytes before thumbgen html, \(bytes.after) after (\(before.images.count) images)")
        }
        print("site \(name), \(build.before.count) pages at \(Viewport.phone): images \(total.before) bytes before thumbgen html, \(total.after) after")
        #expect(total.after < total.before, "\(name): a phone downloads \(total.after) bytes of images, the originals are \(total.before)")
    }
}
