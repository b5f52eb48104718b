import ParleyRender
import Testing

@Suite struct PlainTextTests {
    @Test(arguments: [
        ("one\ntwo", "one<br>two"),
        ("a\r\nb", "a<br>b"),
        ("see https://e.org/x.", #"see <a class="link" href="https://e.org/x" rel="noopener noreferrer nofollow">https://e.org/x</a>."#),
        (
            "(https://e.org/a_(b))",
            #"(<a class="link" href="https://e.org/a_(b)" rel="noopener noreferrer nofollow">https://e.org/a_(b)</a>)"#
        ),
        ("javascript:alert(1)", "javascript:alert(1)"),
        ("xhttps://e.org", "xhttps://e.org"),
        ("http://", "http://"),
        ("<b>&</b>", "&lt;b&gt;&amp;&lt;/b&gt;"),
        (
            "https://e.org/?a=\"x\"<y>",
            #"<a class="link" href="https://e.org/?a=" rel="noopener noreferrer nofollow">https://e.org/?a=</a>&quot;x&quot;&lt;y&gt;"#
        ),
    ])
    func rendersTextWithLinks(input: String, html: String) {
        #expect(PlainText.render(input).description == html)
    }
}
