import ParleyModel
import ParleyTestSupport
import Testing

/// CommonMark with GFM (through cmark-gfm) → Parley's tree → HTML.
@Suite struct CommonMarkTests {
    static let link = #"rel="noopener noreferrer nofollow""#

    static let cases: [FormatCase] = [
        FormatCase(
            "# Title\n\nText with *em* and **strong**.",
            #"<h3 class="md-h1">Title</h3><p>Text with <em>em</em> and <strong>strong</strong>.</p>"#),
        FormatCase(
            "| a | b |\n|:--|--:|\n| 1 | 2 |",
            #"<div class="table-scroll"><table class="md-table"><thead><tr><th class="align-left">a</th><th class="align-right">b</th></tr></thead><tbody><tr><td class="align-left">1</td><td class="align-right">2</td></tr></tbody></table></div>"#
        ),
        FormatCase(
            "- [x] done\n- [ ] todo",
            #"<ul><li class="task"><input type="checkbox" disabled="disabled" checked="checked">done</li><li class="task"><input type="checkbox" disabled="disabled">todo</li></ul>"#
        ),
        FormatCase("~~gone~~", "<s>gone</s>"),
        FormatCase(
            "Visit www.example.com or https://example.org.",
            #"Visit <a class="link" href="http://www.example.com" \#(link) title="http://www.example.com">www.example.com</a> or <a class="link" href="https://example.org" \#(link)>https://example.org</a>."#
        ),
        FormatCase("```swift\nlet a = 1\n```", #"<pre class="code-block"><code class="language-swift">let a = 1</code></pre>"#),
        FormatCase("<b>raw</b> html", "&lt;b&gt;raw&lt;/b&gt; html"),
        FormatCase("<div onclick=\"x()\">\nblock\n</div>", "&lt;div onclick=&quot;x()&quot;&gt;<br>block<br>&lt;/div&gt;"),
        FormatCase("[x](javascript:alert(1))", "x"),
        FormatCase(
            "![alt](https://img.example/x.png)",
            #"<a class="link image-link" href="https://img.example/x.png" \#(link) title="https://img.example/x.png">alt</a>"#),
        FormatCase("line one\nline two", "line one\nline two"),
        FormatCase("> quote\n\n---\n\n1. a\n2. b", "<blockquote><p>quote</p></blockquote><hr><ol><li>a</li><li>b</li></ol>"),
        FormatCase("3. three", #"<ol start="3"><li>three</li></ol>"#),
        FormatCase("`code` and hard  \nbreak", #"<code class="inline-code">code</code> and hard<br>break"#),
    ]

    @Test(arguments: cases)
    func rendersCase(_ row: FormatCase) {
        #expect(TextSlot.html(row.input, .commonMark) == row.html)
    }

    /// Deep nesting is flattened to text instead of recursing without bound.
    @Test func deepNestingIsBounded() {
        let html = TextSlot.html(String(repeating: ">", count: 5000) + " deep", .commonMark)
        #expect(html.hasSuffix("deep</p>" + String(repeating: "</blockquote>", count: 48)))
    }
}
