import ParleyHTML
import ParleyModel
import ParleyTestSupport
import Testing

/// The libxml2 allowlist sanitizer: what survives, what is unwrapped, what is dropped.
@Suite struct HTMLSanitizerTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let input: String
        let output: String
        init(_ input: String, _ output: String) {
            self.input = input
            self.output = output
        }
        var testDescription: String { input.debugDescription }
    }

    static let rel = #"rel="noopener noreferrer nofollow""#

    static let cases: [Row] = [
        Row("<b>bold</b> <i>it</i> <u>u</u> <s>s</s> <del>d</del>", "<b>bold</b> <i>it</i> <u>u</u> <s>s</s> <del>d</del>"),
        Row("<strike>old</strike><sup>1</sup><sub>2</sub>", "<s>old</s><sup>1</sup><sub>2</sub>"),
        Row("<script>alert(1)</script>ok", "ok"),
        Row("<style>p{}</style><iframe src=\"https://evil\"></iframe><object data=x></object>kept", "kept"),
        Row("<img src=x onerror=alert(1)>", ""),
        Row(
            #"<img src="https://i.example/a.png" alt="A" width="10" height="abc" onerror="x">"#,
            #"<img src="https://i.example/a.png" alt="A" width="10" loading="lazy">"#),
        Row(#"<img src="mxc://server/id" alt="photo">"#, "photo"),
        Row(#"<a href="javascript:alert(1)">x</a>"#, "x"),
        Row(#"<a href=" JaVaScRiPt:alert(1)">x</a>"#, "x"),
        Row(#"<a href="/relative">rel</a>"#, "rel"),
        Row(
            #"<a href="https://e.org" onclick="x" style="color:red" target="_blank">e</a>"#,
            #"<a class="link" href="https://e.org" \#(rel)>e</a>"#),
        Row(#"<p style="color:red" class="x" id="y">p</p>"#, "<p>p</p>"),
        Row("<h1>T</h1><h2>U</h2><h6>V</h6>", "<h3>T</h3><h4>U</h4><h6>V</h6>"),
        Row(#"<span data-mx-spoiler="">s</span>"#, #"<span class="spoiler" tabindex="0">s</span>"#),
        Row("<mx-reply><blockquote>old</blockquote></mx-reply>new", "new"),
        Row("<li>loose</li>", "loose"),
        Row("<ul><li>a</li></ul><ol start=\"3\" type=\"a\"><li>c</li></ol>", #"<ul><li>a</li></ul><ol start="3"><li>c</li></ol>"#),
        Row("<table><tr><td>1</td></tr></table>", "<table><tbody><tr><td>1</td></tr></tbody></table>"),
        Row(#"<code class="language-swift evil">x</code>"#, #"<code class="language-swift">x</code>"#),
        Row("<pre><code>x &lt; y</code></pre>", "<pre><code>x &lt; y</code></pre>"),
        Row("</div><b>after</b>", "<b>after</b>"),
        Row("<svg onload=alert(1)><circle></circle></svg>text", "text"),
        Row(#"<font color="red">f</font><center>c</center>"#, "fc"),
        Row("a &amp; b &lt;c&gt; \"q\" 'a'", "a &amp; b &lt;c&gt; &quot;q&quot; &#39;a&#39;"),
        Row("<blockquote><p>q</p></blockquote><hr><br>", "<blockquote><p>q</p></blockquote><hr><br>"),
        Row("<form action=\"https://e\"><input value=x><button>b</button>text</form>", "text"),
        Row("<!-- comment --><b>x</b>", "<b>x</b>"),
    ]

    @Test(arguments: cases)
    func sanitizes(_ row: Row) {
        #expect(HTMLSanitizer.sanitize(row.input).description == row.output)
    }

    @Test func plainTextLeavesOutMarkupAndDroppedElements() {
        #expect(
            HTMLSanitizer.plainText("<p>Hello <b>world</b></p><mx-reply>quoted</mx-reply><script>x()</script><br>again")
                == "Hello world again")
    }

    /// Elements below depth 64 become their text (libxml2 itself stops at depth 256).
    @Test func deepNestingIsFlattened() {
        let html = String(repeating: "<b>", count: 200) + "deep" + String(repeating: "</b>", count: 200)
        let output = HTMLSanitizer.sanitize(html).description
        #expect(output.hasSuffix("deep" + String(repeating: "</b>", count: 64)))
        #expect(!output.contains("<script"))
    }

    @Test func htmlBodiesAreSanitizedInTheTextSlot() {
        let message = TextSlot.message(Content(text: #"<b>hi</b><img src=x onerror="alert(1)"><script>alert(2)</script>"#, flavor: .html))
        #expect(TextSlot.html(message) == "<b>hi</b>")
    }
}
