import Foundation
import Renditions
import Testing
import TestSupport

/// On a built site split by folder, both clients resolve from each image's slice the very files
/// they resolve from the whole index: renditions.js in Node (reading the files as a page fetches
/// them) and the Swift `Renditions` library (`RenditionIndex.load(for:index:)`).
@Suite struct SliceClientsTests {
    static let scales = [1.0, 2, 3]

    /// For every image, slot and scale, `<image> <slot>@<scale>: <whole index's file> <slice's file>`,
    /// as renditions.js answers, reading the index and the slices from `folder`.
    static let script = """
        import { readFileSync } from 'node:fs';
        const [client, folder, images, slots, scales] = [await import(process.argv[1]), process.argv[2], ...process.argv.slice(3).map(JSON.parse)];
        const read = (file) => JSON.parse(readFileSync(`${folder}/${file}`, 'utf8'));
        const whole = client.indexFrom(read('renditions.json'));
        for (const image of images) {
          const sliced = client.indexFromSlice(read(client.sliceFile(image)), client.sliceFolder(image));
          for (const slot of slots) for (const scale of scales) {
            console.log(`${image} ${slot}@${scale}: ${client.resolve(whole, image, slot, scale).file} ${client.resolve(sliced, image, slot, scale).file}`);
          }
        }
        """

    @Test(.enabled(if: RenditionsJSTests.node != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "needs Node (scripts/install-deps.sh --test installs Debian's nodejs)"))
    func bothClientsResolveTheSameFilesFromTheSliceAsFromTheWholeIndex() throws {
        let node = try #require(RenditionsJSTests.node, "CI=true and there is no node")
        let site = IndexSliceTests.site()
        try site.build()
        let folder = site.folder.url.appendingPathComponent("site")
        let indexURL = folder.appendingPathComponent("renditions.json")
        let whole = try RenditionIndex.load(from: indexURL)
        let slots = whole.slots.keys.sorted(), images = IndexSliceTests.originals
        var swift: [String] = []
        for image in images {
            let sliced = try RenditionIndex.load(for: image, index: indexURL)
            #expect(sliced.images.count < whole.images.count, "\(image) is answered from its slice")
            for slot in slots {
                for scale in Self.scales {
                    let file = sliced.resolve(image: image, slot: slot, screenScale: scale).file
                    #expect(file == whole.resolve(image: image, slot: slot, screenScale: scale).file)
                    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
                    swift.append("\(image) \(slot)@\(ScaleKey.format(scale)): \(file) \(file)")
                }
            }
        }
        let json = { (value: [String]) in String(decoding: try! JSONEncoder().encode(value), as: UTF8.self) }
        let client = RenditionsJSTests.project.appendingPathComponent("Clients/web/renditions.js").path
        let (status, text) = try Subprocess.run(node, ["--input-type=module", "-e", Self.script, client, folder.path,
                                                       json(images), json(slots), "[1,2,3]"])
        #expect(status == 0, "\(text)")
        #expect(text.split(separator: "\n").map(String.init) == swift)
    }
}
