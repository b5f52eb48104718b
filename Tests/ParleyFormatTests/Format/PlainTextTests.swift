import ParleyModel
import ParleyTestSupport
import Testing

/// Plain text (`Content.Flavor.plain`, the default flavor, e.g. of SMS messages) as pages show
/// it: line breaks kept, bare `http(s)` URLs linked, everything else escaped.
@Suite struct PlainTextTests {
    static let link = #"rel="noopener noreferrer nofollow""#

    @Test(arguments: [
        FormatCase("one\ntwo", "one<br>two"),
        FormatCase("a\r\nb", "a<br>b"),
        FormatCase("see https://e.org/x.", #"see <a class="link" href="https://e.org/x" \#(link)>https://e.org/x</a>."#),
        FormatCase("(https://e.org/a_(b))", #"(<a class="link" href="https://e.org/a_(b)" \#(link)>https://e.org/a_(b)</a>)"#),
        FormatCase("javascript:alert(1)", "javascript:alert(1)"),
        FormatCase("xhttps://e.org", "xhttps://e.org"),
        FormatCase("http://", "http://"),
        FormatCase("<b>&</b>", "&lt;b&gt;&amp;&lt;/b&gt;"),
        FormatCase(
            #"https://e.org/?a="x"<y>"#, #"<a class="link" href="https://e.org/?a=" \#(link)>https://e.org/?a=</a>&quot;x&quot;&lt;y&gt;"#),
    ])
    func rendersLineBreaksAndLinks(_ row: FormatCase) {
        #expect(TextSlot.html(row.input, .plain) == row.html)
    }
}
