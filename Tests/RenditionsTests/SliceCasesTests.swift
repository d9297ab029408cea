import Foundation
import Renditions
import RenditionsBundle
import Testing

/// The slice cases of Clients/cases.json (renditions.js answers them too): which slice holds an
/// image, what each slice holds, and that every client question has the whole index's answer
/// from the slice of its image.
@Suite struct SliceCasesTests {
    struct Slices: Decodable {
        struct File: Decodable { var image: String, indexName: String?, expect: String }
        var indexName: String
        var files: [File]
        var indexes: [String: RenditionIndex]
    }

    struct Document: Decodable { var slices: Slices }

    static let slices = try! JSONDecoder().decode(Document.self, from: Data(contentsOf: ClientCasesTests.url)).slices
    static let whole = ClientCasesTests.cases.index

    /// What a client of `image` loads: the slice of its folder, as the whole index gives it, else
    /// the whole index (`RenditionIndex.load(for:index:)`'s rule, from the cases' bytes).
    static func index(for image: String) -> RenditionIndex {
        let file = IndexSlice.file(for: image, indexName: slices.indexName)
        guard let slice = slices.indexes[file] else { return whole }
        return RenditionIndex.slice(for: image, decoding: slice.encoded(), name: file) ?? whole
    }

    @Test func theSliceThatHoldsAnImage() {
        for question in Self.slices.files {
            #expect(IndexSlice.file(for: question.image, indexName: question.indexName ?? Self.slices.indexName) == question.expect, "\(question.image)")
        }
    }

    @Test func eachSliceIsWhatTheGeneratorMakesOfTheIndex() {
        #expect(Set(Self.slices.indexes.keys) == Set(Self.whole.sliceFiles(indexName: Self.slices.indexName)))
        for folder in Self.whole.sliceFolders {
            let file = IndexSlice.file(ofFolder: folder, indexName: Self.slices.indexName)
            #expect(Self.whole.slice(folder: folder) == Self.slices.indexes[file], "\(file)")
        }
    }

    @Test func everyAnswerIsTheSameFromTheSliceOfTheImage() {
        for question in ClientCasesTests.cases.resolve {
            let found = Self.index(for: question.image).resolve(image: question.image, slot: question.slot, screenScale: question.scale)
            let answer = ClientCasesTests.Cases.Resolve.Expect(file: found.file, scale: found.scale, pixelWidth: found.pixelWidth,
                                                               pixelHeight: found.pixelHeight, type: found.type, kind: found.kind.rawValue)
            #expect(answer == question.expect, "\(question.image) \(question.slot)@\(question.scale)")
        }
        for question in ClientCasesTests.cases.accepting {
            let found = Self.index(for: question.image).resolve(image: question.image, slot: question.slot, screenScale: question.scale)
                .file(accepting: Set(question.types))
            #expect(ClientCasesTests.Cases.Accepting.Expect(file: found.file, type: found.type) == question.expect, "\(question.image)")
        }
        for question in ClientCasesTests.cases.web {
            let index = Self.index(for: question.image)
            #expect(index.widthSrcset(image: question.image, slot: question.slot) == question.expect.srcset, "\(question.image)")
            #expect(index.sizes(image: question.image, slot: question.slot) == question.expect.sizes, "\(question.image)")
            #expect(index.sourceTypes(image: question.image, slot: question.slot) == question.expect.sourceTypes, "\(question.image)")
        }
    }

    @Test func theSlicesTogetherGiveBackTheWholeIndex() {
        var images: [String: ImageRecord] = [:]
        for folder in Self.whole.sliceFolders {
            let slice = Self.slices.indexes[IndexSlice.file(ofFolder: folder, indexName: Self.slices.indexName)]!
            images.merge(RenditionIndex(slice: slice, folder: folder).images) { first, _ in first }
        }
        // An absolute path is none thumbgen writes: it does not come back, and stays refused.
        let absolute = "hostile/absolute.jpg"
        #expect(images.filter { $0.key != absolute } == Self.whole.images.filter { $0.key != absolute })
        let back = RenditionIndex(generator: "t", images: [absolute: images[absolute]!], slots: Self.whole.slots)
        #expect(back.untrustedValue(image: absolute, slots: []) != nil)
    }

    @Test func loadingFallsBackToTheWholeIndex() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("renditions.json")
        try Self.whole.encoded().write(to: url)
        try Self.slices.indexes["photos/renditions.json"]!.encoded().write(to: folder.appendingPathComponent("photos/renditions.json"))
        let sliced = try RenditionIndex.load(for: "photos/lake.jpg", index: url)
        #expect(sliced.images.keys.sorted() == ["photos/lake.jpg", "photos/partial.jpg", "photos/square.jpg"])
        #expect(sliced.images["photos/lake.jpg"] == Self.whole.images["photos/lake.jpg"])
        // No slice of icons/ here, and one that does not know the image: the whole index.
        #expect(try RenditionIndex.load(for: "icons/icon.png", index: url) == Self.whole)
        #expect(try RenditionIndex.load(for: "photos/gone.jpg", index: url) == Self.whole)
    }
}

extension SliceCasesTests {
    @Test func aBundleKeepingTheIndexFolderLoadsTheSlice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slices-bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Self.whole.encoded().write(to: media.appendingPathComponent("renditions.json"))
        try Self.slices.indexes["photos/renditions.json"]!.encoded().write(to: media.appendingPathComponent("photos/renditions.json"))
        let bundle = try #require(Bundle(path: folder.path))
        let sliced = try bundle.renditionIndex(for: "photos/lake.jpg", subdirectory: "media")
        #expect(sliced.images.keys.sorted() == ["photos/lake.jpg", "photos/partial.jpg", "photos/square.jpg"])
        #expect(try bundle.renditionIndex(for: "icons/icon.png", subdirectory: "media") == Self.whole)
        #expect(throws: RenditionIndexError.self) { try bundle.renditionIndex(for: "a.jpg", subdirectory: "elsewhere") }
    }
}
