import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// `.thumbgen/` and every file in it are reached with no link followed: a link committed to a
/// repository at `.thumbgen`, at a journal or at a lock never gets a byte, and says so.
@Suite struct StateFileLinkTests {
    static func site() -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        // A name a shell would run if a journal's lines reached an rc file.
        site.original("site/photos/$(id>pwned).jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        site.folder.write("outside/rc", text: "# mine\n")
        return site
    }

    static func outside(_ site: Site) -> String {
        String(decoding: site.folder.read("outside/rc") ?? [], as: UTF8.self)
    }

    static func link(_ site: Site, _ relative: String, to target: String) throws {
        try FileManager.default.createDirectory(atPath: site.folder.path + "/" + relative.parentPath, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/" + relative, withDestinationPath: target)
    }

    @Test func aStateFolderThatIsALinkIsRefused() throws {
        let site = Self.site()
        try FileManager.default.createDirectory(atPath: site.folder.path + "/outside/state", withIntermediateDirectories: true)
        try Self.link(site, ".thumbgen", to: site.folder.path + "/outside/state")
        let run = site.run(["build", site.manifestPath])
        #expect(run.code == .ioFailure)
        #expect(run.err.contains(".thumbgen: is a symbolic link; thumbgen keeps its state in a folder there and never writes through a link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/outside/state").isEmpty)
        #expect(!site.folder.exists("site/renditions.json"))
    }

    @Test(arguments: ["journal", "stat-cache.json"])
    func aStateFileThatIsALinkGetsNoByte(name: String) throws {
        let site = Self.site()
        try site.build()
        try? FileManager.default.removeItem(atPath: site.folder.path + "/.thumbgen/" + name)
        try Self.link(site, ".thumbgen/" + name, to: site.folder.path + "/outside/rc")
        site.original("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 500, height: 400, seed: 3)))
        let run = site.run(["build", site.manifestPath])
        #expect(Self.outside(site) == "# mine\n")
        if name == "journal" {
            #expect(run.code == .ioFailure)
            #expect(run.err.contains(".thumbgen/journal is a symbolic link"), "\(run.err)")
        } else {
            // The stat cache only saves time: it is neither read nor replaced through the link.
            #expect(run.code == .success)
        }
        let entry = try FileManager.default.attributesOfItem(atPath: site.folder.path + "/.thumbgen/" + name)
        #expect(entry[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    @Test func aShardsJournalAndLockThatAreLinksGetNoByte() throws {
        for name in ["journal.shard-1-of-2", "lock.shard-1-of-2"] {
            let site = Self.site()
            try Self.link(site, ".thumbgen/" + name, to: site.folder.path + "/outside/rc")
            let run = site.run(["build", site.manifestPath, "--shard", "1/2"])
            #expect(run.code == .ioFailure, "\(name): \(run.err)")
            #expect(run.err.contains(".thumbgen/\(name) is a symbolic link"), "\(name): \(run.err)")
            #expect(Self.outside(site) == "# mine\n", "\(name)")
        }
    }

    @Test func aMergeJournalThatIsALinkGetsNoByte() throws {
        let site = Self.site()
        #expect(site.run(["build", site.manifestPath, "--shard", "1/1"]).code == .success)
        try Self.link(site, ".thumbgen/journal.merge", to: site.folder.path + "/outside/rc")
        let run = site.run(["merge", site.manifestPath])
        #expect(run.code == .ioFailure, "\(run.err)")
        #expect(run.err.contains(".thumbgen/journal.merge is a symbolic link"), "\(run.err)")
        #expect(Self.outside(site) == "# mine\n")
    }

    /// `report`, `html` and `clean` write each temporary down before they create it, and the
    /// command's next run removes what a killed run left: here, the journal and the file a
    /// report killed before its rename leaves.
    @Test func commandTemporariesAreRemovedByTheNextRun() throws {
        let site = Self.site()
        try site.build()
        let state = StateFolder(manifestDirectory: site.folder.path, shard: nil)
        let journal = CommandJournal(command: "report", state: state)
        let name = journal.temporaryName(in: site.folder.path + "/site")
        let recorded = String(decoding: site.folder.read(".thumbgen/temporaries.report") ?? [], as: UTF8.self)
        #expect(recorded.contains("P \"") && recorded.contains(name + "\"\n"), "recorded before it exists: \(recorded)")
        journal.finish()
        #expect(site.folder.read(".thumbgen/temporaries.report") == [])

        site.folder.write(".thumbgen/temporaries.report", text: "T notes\nP \"\(site.folder.path)/site/.thumbgen-notes-1\"\nT 1234abcd\nP \"\(site.folder.path)/site/.thumbgen-1234abcd-1\"\nP \"\(site.folder.path)/site/photos/a.jpg\"\nP \"\(site.folder.path)/site/.thumbgen-99999999-1\"\n")
        site.folder.write("site/.thumbgen-1234abcd-1", text: "half a report")
        site.folder.write("site/.thumbgen-99999999-1", text: "mine")
        site.folder.write("site/.thumbgen-notes-1", text: "mine")
        site.folder.write("site/photos/a.jpg", text: "mine")
        #expect(site.run(["report", site.manifestPath]).code == .success)
        #expect(!site.folder.exists("site/.thumbgen-1234abcd-1"))
        // Only temporaries of a token the journal gave: a listed original, or a name of another
        // token, stays.
        #expect(site.folder.read("site/.thumbgen-99999999-1") == Array("mine".utf8))
        // Nor a token thumbgen never makes, which a journal from elsewhere could name.
        #expect(site.folder.read("site/.thumbgen-notes-1") == Array("mine".utf8))
        #expect(site.folder.read("site/photos/a.jpg") == Array("mine".utf8))
        #expect(site.folder.exists("site/report.html"))
        #expect(site.folder.read(".thumbgen/temporaries.report") == [])
    }
}
