import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

@Suite struct ReportPageTests {
    @Test func reportIsSelfContainedAndNamesEveryImage() throws {
        let site = SummaryReportTests.site()
        #expect(site.run(["report", site.manifestPath]).code == .usage)  // no index yet
        try site.build()
        #expect(site.run(["report", site.manifestPath]).code == .success)
        let html = String(decoding: try #require(site.folder.read("site/report.html")), as: UTF8.self)
        for outside in ["src=\"http", "href=\"http", "url(http", "src=\"//", "href=\"//", "@import"] {
            #expect(!html.contains(outside))  // no outside requests
        }
        #expect(!html.contains("<link") && !html.contains("<script"))
        #expect(html.contains("<svg class=\"chart\""))
        for path in ["big.jpg", "small.jpg", "anim.gif", "broken.jpg"] { #expect(html.contains("<h3>\(path) ")) }
        #expect(html.contains("corrupt or truncated JPEG data (Premature end of JPEG file); the original is shown"))
        #expect(html.contains("<img src=\"big.Thumbnail(640x427).jpg\" width=\"160\" height=\"107\""))
        #expect(html.contains("2x · 640×427 · "))
    }

    /// Opened in headless Chromium, every image loads and the chart is there.
    @Test(.needs("chromium (make test installs it)") { Browser.isAvailable })
    func reportLoadsInABrowser() throws {
        let site = SummaryReportTests.site()
        try site.build()
        #expect(site.run(["report", site.manifestPath]).code == .success)
        var html = String(decoding: try #require(site.folder.read("site/report.html")), as: UTF8.self)
        // A copy with a probe that writes what it finds into the page.
        html = html.replacingOccurrences(of: "</body>", with: """
            <script>
            window.addEventListener('load', () => {
              const images = [...document.images];
              const broken = images.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src'));
              const out = document.createElement('pre');
              out.id = 'probe';
              out.textContent = JSON.stringify({images: images.length, broken, bars: document.querySelectorAll('svg.chart rect').length});
              document.body.appendChild(out);
            });
            </script></body>
            """)
        site.folder.write("site/report-probe.html", Array(html.utf8))
        let dom = try Browser.dumpDOM(site.folder.url.appendingPathComponent("site/report-probe.html"))
        let probe = try #require(dom.range(of: #"<pre id="probe">"#).map { dom[$0.upperBound...].prefix { $0 != "<" } })
        let json = String(probe).replacingOccurrences(of: "&quot;", with: "\"")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        // 4 images × 3 entries. Only the broken JPEG may fail (Chromium shows what it can of it).
        #expect(result["images"] as? Int == 12)
        #expect((result["broken"] as? [String] ?? ["?"]).allSatisfy { $0 == "broken.jpg" })
        #expect((result["bars"] as? Int ?? 0) >= 4)  // two bars per slot (plus the legend)
    }
}
