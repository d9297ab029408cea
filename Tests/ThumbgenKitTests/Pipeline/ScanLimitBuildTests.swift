import ImageCodecs
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// limits.scans in a build: a progressive JPEG with more scans is unreadable, naming the limit;
/// the verdict is a limit's, so raising the limit makes its renditions.
@Suite struct ScanLimitBuildTests {
    @Test func aJPEGWithMoreScansThanTheLimitIsUnreadableUntilTheLimitIsRaised() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        var options = JPEGFixtures.Options()
        options.scanScript = JPEGFixtures.progressiveScript(scans: 900, components: 3)
        site.original("site/photos/scans.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600), options))
        try site.build()
        let record = try #require(try site.index("site/renditions.json").images["photos/scans.jpg"])
        #expect(record.status == .unreadable)
        #expect(record.error == "this progressive JPEG has 900 scans, over the limit of 500 (limits.scans)")
        #expect(record.width == 800 && record.height == 600)
        #expect(record.renditions.values.allSatisfy { $0.file == "photos/scans.jpg" })

        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", extra: "limits: { scans: 900 }"))
        try site.build()
        #expect(try site.index("site/renditions.json").images["photos/scans.jpg"]?.status == .resized)
    }
}
