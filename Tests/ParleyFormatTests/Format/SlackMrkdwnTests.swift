import ParleyModel
import ParleyTestSupport
import Testing

/// Slack mrkdwn (as exports write it, entity-escaped) → HTML.
@Suite struct SlackMrkdwnTests {
    static let link = #"rel="noopener noreferrer nofollow""#

    static let cases: [FormatCase] = [
        FormatCase("*bold* _it_ ~strike~", "<strong>bold</strong> <em>it</em> <s>strike</s>"),
        FormatCase("a*b*c and 2*3", "a*b*c and 2*3"),
        FormatCase("*bold\nacross*", "*bold<br>across*"),
        FormatCase("`x &lt; y`", #"<code class="inline-code">x &lt; y</code>"#),
        FormatCase("```if a &amp;&amp; b```", #"<pre class="code-block"><code>if a &amp;&amp; b</code></pre>"#),
        FormatCase("&gt; quoted\nplain", "<blockquote><p>quoted</p></blockquote><p>plain</p>"),
        FormatCase("a &amp; b &lt;c&gt;", "a &amp; b &lt;c&gt;"),
        FormatCase(
            "<https://example.org|Example>",
            #"<a class="link" href="https://example.org" \#(link) title="https://example.org">Example</a>"#),
        FormatCase("<https://example.org>", #"<a class="link" href="https://example.org" \#(link)>https://example.org</a>"#),
        FormatCase(
            "<https://a.example/?x=1&amp;y=2>",
            #"<a class="link" href="https://a.example/?x=1&amp;y=2" \#(link)>https://a.example/?x=1&amp;y=2</a>"#),
        FormatCase(
            "<@U123> <@U999|dana>",
            #"<span class="mention mention-user">@Sam Sample</span> <span class="mention mention-user">@dana</span>"#),
        FormatCase(
            "<#C1|random> <#C2|other>",
            #"<span class="mention mention-channel">#random</span> <span class="mention mention-channel">#other</span>"#),
        FormatCase(
            "<!here> and <!channel>",
            #"<span class="mention mention-broadcast">@here</span> and <span class="mention mention-broadcast">@channel</span>"#),
        FormatCase("<!subteam^S1|@devs>", #"<span class="mention mention-role">@devs</span>"#),
        FormatCase("<tel:5550100123|555 0100>", "555 0100"),
        FormatCase("<javascript:alert(1)|click>", "click"),
        FormatCase("• item one\n• item two", "• item one<br>• item two"),
    ]

    @Test(arguments: cases)
    func rendersCase(_ row: FormatCase) {
        #expect(TextSlot.html(row.input, .slackMrkdwn) == row.html)
    }
}

/// WhatsApp formatting → HTML.
@Suite struct WhatsAppFormatTests {
    static let cases: [FormatCase] = [
        FormatCase("*bold* _it_ ~strike~", "<strong>bold</strong> <em>it</em> <s>strike</s>"),
        FormatCase("price 5*3*2 and snake_case_x", "price 5*3*2 and snake_case_x"),
        FormatCase("```mono``` text", #"<code class="inline-code">mono</code> text"#),
        FormatCase("```\nline1\nline2```", "<pre class=\"code-block\"><code>line1\nline2</code></pre>"),
        FormatCase("`code`", #"<code class="inline-code">code</code>"#),
        FormatCase("- a\n- b", "<ul><li>a</li><li>b</li></ul>"),
        FormatCase("* a\n* b", "<ul><li>a</li><li>b</li></ul>"),
        FormatCase("1. one\n2. two", "<ol><li>one</li><li>two</li></ol>"),
        FormatCase("> quote\nreply", "<blockquote><p>quote</p></blockquote><p>reply</p>"),
        FormatCase("<Media omitted>", "&lt;Media omitted&gt;"),
        FormatCase("*_both_*", "<strong><em>both</em></strong>"),
        FormatCase(
            "location: https://maps.google.com/?q=1,2",
            #"location: <a class="link" href="https://maps.google.com/?q=1,2" rel="noopener noreferrer nofollow">https://maps.google.com/?q=1,2</a>"#
        ),
    ]

    @Test(arguments: cases)
    func rendersCase(_ row: FormatCase) {
        #expect(TextSlot.html(row.input, .whatsapp) == row.html)
    }
}
