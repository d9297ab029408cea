import Foundation
import Renditions
import Testing
import TestSupport

/// The real binary under the limits of issue 13: an address-space limit (`prlimit --as`) and the
/// README's Kubernetes example, a 1 GiB container with `--jobs 2`. Whatever the files, the build
/// exits 0 and is neither aborted nor killed: an image that cannot have its memory is
/// `unreadable` ("not enough memory: needs N MiB"), and the next build tries it again.
@Suite(.serialized) struct MemoryLimitTests {
    /// 16000 × 16000, interlaced: 243 KB of file that must be held whole, 977 MiB.
    static let bomb = try! ZeroPNG.make(width: 16000, height: 16000, interlaced: true)
    /// The estimate of making one: the whole image, a strip, 1 MiB, its three renditions and its
    /// placeholder, and what the PNG encoder holds for the largest.
    static let bombNeeds = "not enough memory: needs 979 MiB"

    static let manifest = """
        version: 1
        root: site
        slots:
          thumb: { size: 60x60, scales: [1, 2, 3] }
        images:
          - path: "*"
            slots: [thumb]
        """

    static func isOutOfMemory(_ error: String?) -> Bool {
        guard let error, error.hasPrefix("not enough memory: needs "), error.hasSuffix(" MiB") else { return false }
        return Int(error.dropFirst(25).dropLast(4)) != nil
    }

    @Test(.needsBinary, .needs("/usr/bin/prlimit") { FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") })
    func twoInterlacedBombsUnderAnAddressSpaceLimit() throws {
        let site = Site(manifest: Self.manifest)
        site.original("site/a.png", Self.bomb)
        site.original("site/b.png", Self.bomb)
        let arguments = ["build", site.manifestPath, "--jobs", "2", "--quiet"]

        // 1 GB of address space: neither fits, and both are refused before their decode starts.
        let tight = try Executable.run(arguments, through: ["/usr/bin/prlimit", "--as=1000000000", "--"])
        #expect(!tight.signalled && tight.status == 0, "\(tight.err)")
        for name in ["a.png", "b.png"] {
            let record = try #require(try site.index("site/renditions.json").images[name])
            #expect(record.status == .unreadable && record.error == Self.bombNeeds, "\(name): \(record.error ?? "")")
        }

        // 1.7 GB, the issue's case (it aborted with "failed to allocate"): each is made or
        // refused for want of memory, and the refusals above were not kept as verdicts.
        let loose = try Executable.run(arguments, through: ["/usr/bin/prlimit", "--as=1700000000", "--"])
        #expect(!loose.signalled && loose.status == 0, "\(loose.err)")
        let records = try site.index("site/renditions.json").images
        for name in ["a.png", "b.png"] {
            let record = try #require(records[name])
            #expect(record.status == .resized || (record.status == .unreadable && Self.isOutOfMemory(record.error)),
                    "\(name): \(record.status) \(record.error ?? "")")
        }
        #expect(records.values.contains { $0.status == .resized })
    }

    /// The README's Kubernetes example: 1 GiB, `--jobs 2`, over the worst files within the
    /// limits: the two bombs (over what the container can give: refused), an interlaced
    /// 15000 × 15000 that fits (858 MiB held whole), and a progressive JPEG of 490 scans.
    @Test(.needsBinary, .needs("root, and a memory cgroup it may create under /sys/fs/cgroup") { MemoryCgroup(limit: 1 << 30) != nil })
    func theKubernetesExampleInAOneGibibyteCgroup() throws {
        let group = try #require(MemoryCgroup(limit: 1 << 30))
        let site = Site(manifest: Self.manifest)
        site.original("site/a.png", Self.bomb)
        site.original("site/b.png", Self.bomb)
        site.original("site/c.png", try ZeroPNG.make(width: 15000, height: 15000, interlaced: true))
        var options = JPEGFixtures.Options()
        options.scanScript = JPEGFixtures.progressiveScript(scans: 490, components: 3)
        site.original("site/scans.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2000, height: 1500), options))

        let result = try group.run(["build", site.manifestPath, "--jobs", "2", "--quiet"])
        #expect(!result.signalled && result.status == 0, "cgroup v\(group.version): \(result.status) \(result.err)")
        #expect(group.oomKills == 0)
        let records = try site.index("site/renditions.json").images
        for name in ["a.png", "b.png"] {
            #expect(records[name]?.status == .unreadable && records[name]?.error == Self.bombNeeds, "\(name): \(records[name]?.error ?? "")")
        }
        #expect(records["c.png"]?.status == .resized, "\(records["c.png"]?.error ?? "")")
        #expect(records["scans.jpg"]?.status == .resized, "\(records["scans.jpg"]?.error ?? "")")
    }
}
