import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// The page tokenizer: every byte in exactly one token, in order; tags where the WHATWG
/// tokenizer sees them, with the attributes it gives them. html5lib (Debian's python3-html5lib,
/// scripts/install-deps.sh --test) is the reference for which `<img>` elements a page has.
@Suite struct HTMLTokenizerTests {
    static func tokens(_ html: String) -> [HTMLTokenizer.Token] {
        var tokenizer = HTMLTokenizer(Array(html.utf8))
        var tokens: [HTMLTokenizer.Token] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    /// The start tags of `html` as `name attr=value …`, the way a test reads them.
    static func startTags(_ html: String) -> [String] {
        tokens(html).filter { $0.kind == .startTag }.map { token in
            ([token.name] + PageEncoding.utf8.attributes(of: token, in: Array(html.utf8)).map { "\($0.name)=\($0.value)" }).joined(separator: " ")
        }
    }

    /// Pages whose tags a regular expression gets wrong; html5lib agrees on each (below).
    static let corpus: [String] = [
        "<p>a<img src=a.jpg alt='x>y'>b<IMG SRC=\"B.JPG\" Alt=B/>c<img src=c.jpg/>",
        "<!-- <img src=no.jpg> --><!--> <img src=a.jpg> <!---> <img src=b.jpg> <!-- x --!> <img src=c.jpg>",
        "<!doctype html public \"<img src=no.jpg>\"><?php <img src=x ?><img src=a.jpg></ <img src=no2.jpg>><img src=b.jpg></><img src=c.jpg>",
        "<script>if (a<b) document.write('<img src=no.jpg>')</script ><img src=a.jpg>",
        "<script><!-- <script> </script> <img src=no.jpg> </script> --> <img src=no2.jpg> </script><img src=a.jpg>",
        "<script><!--</script><img src=a.jpg>",
        "<style>p::before{content:'<img src=no.jpg>'}</style><title><img src=no2.jpg></title><textarea><img src=no3.jpg></TEXTAREA ><img src=a.jpg>",
        "<xmp><img src=no.jpg></xmp><iframe><img src=no2.jpg></iframe><noembed><img src=no3.jpg></noembed><img src=a.jpg>",
        "<svg><![CDATA[<img src=no.jpg>]]><style><img src=a.jpg></style></svg><![CDATA[ <img src=b.jpg> ]]>",
        "<svg><title><style><img src=no.jpg></style></title><desc><img src=a.jpg></desc></svg>",
        "<math><mi><img src=a.jpg></mi><annotation-xml encoding=text/html><img src=b.jpg></annotation-xml></math>",
        "<img src=a.jpg src=b.jpg SRC=c.jpg alt=1 ALT=2><img/src=d.jpg/alt=e><img src = 'f.jpg' alt = g ><img\tsrc\n=\rh.jpg>",
        "<img src=\"a&amp;b.jpg\" alt=\"caf&eacute; &#233; &#xE9; &#x80; &#0; &notit; &not &copy=1 &amp\">",
        "<a href=\"?x=1&copy=2&lang=en\"><img src=x.jpg?a=1&amp;b=2 alt=&lt;&gt;&quot;&AMP;&ThickSpace;></a>",
        "<img src=a.jpg alt=\"x\"y=z><img src=b.jpg\"c\" alt=d'e><img =x src=c.jpg><img src=d.jpg \"a\"=1>",
        "<template><img src=a.jpg></template><img src=b.jpg><plaintext><img src=no.jpg></plaintext>",
        "<p>5 < 6 <img src=a.jpg> <3 <a <img src=b.jpg>",
    ]

    @Test func everyByteIsInOneToken() {
        for page in Self.corpus + ["<img src=a.jpg", "<!--", "<script>x", "</", "<"] {
            var at = 0
            for token in Self.tokens(page) {
                #expect(token.range.lowerBound == at && token.range.upperBound > at, "\(page)")
                at = token.range.upperBound
            }
            #expect(at == page.utf8.count, "\(page)")
        }
    }

    @Test func tagSpansAndAttributes() {
        let page = "x<IMG Src='a.jpg' alt=\"A &amp; B\" hidden>y"
        let tag = try! #require(Self.tokens(page).first { $0.kind == .startTag })
        #expect(tag.range == 1..<(page.utf8.count - 1))
        #expect(Self.startTags(page) == ["img src=a.jpg alt=A & B hidden="])
        #expect(Self.startTags("<img src=a.jpg src=b.jpg>") == ["img src=a.jpg"])
        #expect(Self.tokens("<img src=a.jpg").map(\.kind) == [.other])
    }

    static let html5lib = "/usr/bin/python3"
    static let hasHTML5lib = (try? Subprocess.run(html5lib, ["-c", "import html5lib"]).status) == 0

    /// The `<img>` elements html5lib's parser builds from each page of the corpus, attributes in
    /// order, are the `img` start tags the tokenizer finds outside raw text.
    @Test(.needs("Debian's python3-html5lib (scripts/install-deps.sh --test)") { hasHTML5lib })
    func theImagesAreTheOnesHTML5libFinds() throws {
        let script = """
            import html5lib, json, sys
            for page in json.load(sys.stdin):
                tree = html5lib.parse(page, namespaceHTMLElements=False)
                found = []
                def visit(node):
                    if node.tag == "img":
                        found.append(" ".join(["img"] + ["%s=%s" % (k, v) for k, v in node.attrib.items()]))
                    for child in node:
                        visit(child)
                    if node.tag == "template":
                        pass
                visit(tree)
                print(json.dumps(found))
            """
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tokenizer-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: Self.corpus).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try Subprocess.run("/bin/sh", ["-c", "\(Self.html5lib) -c '\(script.replacing("'", with: "'\\''"))' < \(input.path)"])
        try #require(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == Self.corpus.count, "\(result.output)")
        for (page, line) in zip(Self.corpus, lines) {
            let expected = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String]
            #expect(Self.startTags(page).filter { $0 == "img" || $0.hasPrefix("img ") } == expected, "\(page)")
        }
    }
}
