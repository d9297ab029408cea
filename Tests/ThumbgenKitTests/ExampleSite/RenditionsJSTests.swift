import Foundation
import Testing
import TestSupport

/// renditions.js in Node (Debian's `nodejs`): `node --test Clients/web/` answers the shared
/// client cases, the same table the Swift tests read. Under `CI=true` a missing Node fails.
@Suite struct RenditionsJSTests {
    static let node = Subprocess.find(["/usr/bin/node", "/usr/bin/nodejs", "/usr/local/bin/node"])

    static let project: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/ExampleSite/file → project
        return url
    }()

    @Test(.enabled(if: node != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "needs Node (scripts/install-deps.sh --test installs Debian's nodejs)"))
    func theSharedCasesPassInNode() throws {
        let node = try #require(Self.node, "CI=true and there is no node")
        let (status, text) = try Subprocess.run(node, ["--test", "Clients/web/"], in: Self.project)
        #expect(status == 0, "\(text)")
        #expect(text.contains("# pass 12") && text.contains("# fail 0"), "\(text)")
    }
}
