import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// Problems as data: `--json` on every command carries them, `--format github` turns them into
/// workflow commands on their lines, `--dry-run --json` and `lookup --json` answer in JSON.
@Suite struct ProblemsAsDataTests {
    static func site() -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              thumb: { size: 60x60, scales: [1, 2] }
            output: { formats: [], placeholder: none }
            images:
              - path: "*"
                slots: [thumb]
              - path: notes.txt
                slots: [thumb]
            """)
        site.original("site/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200)))
        site.original("site/broken.jpg", Array(JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200)).prefix(400)))
        site.folder.write("site/notes.txt", text: "not a picture")
        return site
    }

    @Test func buildJSONListsEveryProblemAndTheBytesAPageDownloads() throws {
        let site = Self.site()
        let result = site.run(["build", site.manifestPath, "--json"])
        #expect(result.code == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { $0["message"] as? String } == [
            "corrupt or truncated JPEG data (Premature end of JPEG file); the index points to the original",
            "not an image thumbgen reads (JPEG, PNG, GIF, WebP, HEIC, HEIF, AVIF); the index points to the original",
        ])
        #expect(problems.map { $0["file"] as? String } == ["\(site.folder.path)/site/broken.jpg", "\(site.folder.path)/site/notes.txt"])
        #expect(problems.allSatisfy { $0["severity"] as? String == "warning" && $0["line"] is NSNull && $0["column"] is NSNull })
        let index = try site.index("site/renditions.json")
        let bytes = try #require(object["bytes"] as? [String: Int])
        let originals = index.images.values.reduce(0) { $0 + $1.bytes * $1.renditions.count }
        let renditions = index.images.values.reduce(0) { total, record in total + record.renditions.values.reduce(0) { $0 + $1.bytes } }
        #expect(bytes == ["originals": originals, "renditions": renditions])
        #expect(Set(object.keys) == ["images", "written", "reused", "pruned", "status", "decoded_bytes", "bytes", "seconds", "problems"])
    }

    @Test func aManifestErrorIsProblemsOnlyWithItsPlace() throws {
        let site = Site(manifest: "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1], fit: covr }\nimages:\n  - path: a.jpg\n    slots: [thumb]\n")
        site.original("a.jpg", [0xFF])
        for command in ["build", "check", "clean"] {
            let result = site.run([command, site.manifestPath, "--json"])
            #expect(result.code == .usage)
            #expect(result.out == #"{"problems":[{"column":43,"file":"\#(site.manifestPath)","line":3,"message":"unknown fit 'covr' (did you mean 'cover'?); use 'inside' or 'cover'","severity":"error"}]}"# + "\n")
        }
        #expect(site.run(["build", "--jobs", "0", "--json"]).out
            == #"{"problems":[{"column":null,"file":null,"line":null,"message":"--jobs must be a whole number from 1 to 1024, but it is '0'","severity":"error"}]}"# + "\n")
    }

    @Test(.needsBinary)
    func githubAnnotationsNameFilesFromTheWorkingFolder() throws {
        let site = Self.site()
        let result = try Executable.run(["build", "manifest.yaml", "--format", "github", "--quiet", "--strict"], in: site.folder.path)
        #expect(result.status == 1)
        #expect(result.out == """
            ::error file=site/broken.jpg::corrupt or truncated JPEG data (Premature end of JPEG file); the index points to the original
            ::error file=site/notes.txt::not an image thumbgen reads (JPEG, PNG, GIF, WebP, HEIC, HEIF, AVIF); the index points to the original

            """)
        site.folder.write("manifest.yaml", text: "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1] }\nimages:\n  - path: nope.jpg\n    slots: [thumb]\n")
        let manifest = try Executable.run(["check", "manifest.yaml", "--format", "github"], in: site.folder.path)
        #expect(manifest.status == 2)
        #expect(manifest.out == "::error file=manifest.yaml,line=5,col=11::no file 'nope.jpg' under '.'\n")
    }

    @Test func githubActionsTurnsAnnotationsOnByItself() {
        let site = Self.site()
        let console = CapturedConsole()
        let code = Thumbgen.run(["build", site.manifestPath, "--quiet"], environment: ["GITHUB_ACTIONS": "true"], console: console.console)
        #expect(code == .success)
        #expect(console.out.hasPrefix("::warning file=\(Diagnostic.escapedProperty(site.folder.path))/site/broken.jpg::corrupt or truncated JPEG data"))
        #expect(console.out.split(separator: "\n").count == 2)
        let plain = CapturedConsole()
        _ = Thumbgen.run(["build", site.manifestPath, "--quiet", "--format", "text"], environment: ["GITHUB_ACTIONS": "true"], console: plain.console)
        #expect(plain.out.isEmpty)
    }

    @Test func workflowCommandsEscapeWhatTheRunnerReads() {
        let diagnostic = Diagnostic(.warning, file: "a,b:c.jpg", line: 3, column: 1, message: "100% sure\nnext")
        #expect(diagnostic.workflowCommand == "::warning file=a%2Cb%3Ac.jpg,line=3,col=1::100%25 sure%0Anext")
    }

    @Test func dryRunAndCheckAnswerInJSON() throws {
        let site = Self.site()
        let dry = site.run(["build", site.manifestPath, "--dry-run", "--json"])
        // The broken upload is still planned: only a decode can tell it is broken.
        #expect(dry.out.hasPrefix(#"{"plan":[{"image":"a.jpg","mark":"new","path":"a.Thumbnail(120x80).jpg"},{"image":"a.jpg","mark":"new","path":"a.Thumbnail(60x40).jpg"},{"image":"broken.jpg","mark":"new","path":"broken.Thumbnail(120x80).jpg"},{"image":"broken.jpg","mark":"new","path":"broken.Thumbnail(60x40).jpg"}],"problems":[{"column":null,"file":""#))
        #expect(dry.out.hasSuffix(#"/site/notes.txt","line":null,"message":"not an image thumbgen reads (JPEG, PNG, GIF, WebP, HEIC, HEIF, AVIF)","severity":"warning"}]}"# + "\n"))
        try site.build()
        let again = site.run(["build", site.manifestPath, "--dry-run", "--json"])
        #expect(again.out.hasPrefix(#"{"plan":[{"image":"a.jpg","mark":"reuse","path":"a.Thumbnail(120x80).jpg"},{"image":"a.jpg","mark":"reuse","path":"a.Thumbnail(60x40).jpg"}],"#))
        let check = site.run(["check", site.manifestPath, "--json"])
        #expect(check.code == .success)
        #expect(check.out.hasPrefix(#"{"items":[],"problems":[{"#) && check.out.hasSuffix(#""up_to_date":true}"# + "\n"))
    }

    @Test func checkGroupsWhatOneCauseExplains() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("manifest.yaml", text: String(decoding: site.folder.read("manifest.yaml")!, as: UTF8.self)
            .replacing("size: 60x60", with: "size: 50x50"))
        let result = site.run(["check", site.manifestPath])
        #expect(result.code == .workFound)
        // The broken upload's verdict holds whatever its slots: only a.jpg is made again.
        #expect(result.err.contains("thumbgen: slot 'thumb' changed size, fit or scales: 2 files of 1 image to make again\n"))
        #expect(result.err.contains("thumbgen: no longer needed: 2 files to delete\n"))
        #expect(result.out.contains("stale\ta.Thumbnail(60x40).jpg\tslot 'thumb' changed size, fit or scales\n") == false)
        #expect(result.out.contains("missing\ta.Thumbnail(50x33).jpg\tslot 'thumb' changed size, fit or scales\n"))
    }

    @Test func lookupAnswersInJSONAndPicksAnAcceptedFormat() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: "[avif, webp]"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1200, height: 800)))
        try site.build()
        let index = site.folder.path + "/site/renditions.json"
        let plain = site.run(["lookup", index, "photos/a.jpg", "--slot", "card", "--scale", "2"])
        #expect(plain.out == "photos/a.Thumbnail(540x360).jpg\n")
        let json = site.run(["lookup", index, "photos/a.jpg", "--slot", "card", "--scale", "2", "--json", "--accept", "image/webp,image/avif"])
        #expect(json.out == #"{"file":"photos/a.Thumbnail(540x360).avif","height":360,"kind":"rendition","problems":[],"scale":2,"type":"image/avif","width":540}"# + "\n")
        let webp = site.run(["lookup", index, "photos/a.jpg", "--slot", "card", "--scale", "2", "--accept", "image/webp"])
        #expect(webp.out == "photos/a.Thumbnail(540x360).webp\n")
        let unknown = site.run(["lookup", index, "photos/b.jpg", "--slot", "card", "--scale", "2", "--json"])
        #expect(unknown.out == #"{"file":"photos/b.jpg","height":0,"kind":"unknownImage","problems":[],"scale":1,"type":null,"width":0}"# + "\n")
    }
}
