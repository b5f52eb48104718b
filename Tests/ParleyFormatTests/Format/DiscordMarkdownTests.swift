import ParleyFormat
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Discord markdown → HTML, case by case (each checked by hand against Discord's rules).
@Suite struct DiscordMarkdownTests {
    static let link = #"rel="noopener noreferrer nofollow""#

    static let cases: [FormatCase] = [
        FormatCase("**bold**", "<strong>bold</strong>"),
        FormatCase("*it* and _it_", "<em>it</em> and <em>it</em>"),
        FormatCase("__under__ ~~gone~~", "<u>under</u> <s>gone</s>"),
        FormatCase("||secret||", #"<span class="spoiler" tabindex="0">secret</span>"#),
        FormatCase("***both***", "<strong><em>both</em></strong>"),
        FormatCase("__*under italic*__", "<u><em>under italic</em></u>"),
        FormatCase("snake_case_name", "snake_case_name"),
        FormatCase("2 * 3 * 4", "2 * 3 * 4"),
        FormatCase("**unclosed", "**unclosed"),
        FormatCase(#"\*not italic\*"#, "*not italic*"),
        FormatCase("`a **b**`", #"<code class="inline-code">a **b**</code>"#),
        FormatCase("``co`de``", #"<code class="inline-code">co`de</code>"#),
        FormatCase("```py\nprint(1)\n```", #"<pre class="code-block"><code class="language-py">print(1)</code></pre>"#),
        FormatCase(
            "see:\n```\n<b>x</b>\n```\nafter", #"<p>see:</p><pre class="code-block"><code>&lt;b&gt;x&lt;/b&gt;</code></pre><p>after</p>"#),
        FormatCase("> quoted\nnot", "<blockquote><p>quoted</p></blockquote><p>not</p>"),
        FormatCase(">>> all\nof this", "<blockquote><p>all<br>of this</p></blockquote>"),
        FormatCase("# Big\n## Mid\n### Small", #"<h3 class="md-h1">Big</h3><h4 class="md-h2">Mid</h4><h5 class="md-h3">Small</h5>"#),
        FormatCase("#nospace", "#nospace"),
        FormatCase("-# tiny", #"<p class="subtext">tiny</p>"#),
        FormatCase("- a\n- b\n  - c", "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>"),
        FormatCase("2. two\n3. three", #"<ol start="2"><li>two</li><li>three</li></ol>"#),
        FormatCase(
            "[site](https://example.org)",
            #"<a class="link" href="https://example.org" \#(link) title="https://example.org">site</a>"#),
        FormatCase("[x](javascript:alert(1))", "[x](javascript:alert(1))"),
        FormatCase(
            "see https://example.org/a_(b).",
            #"see <a class="link" href="https://example.org/a_(b)" \#(link)>https://example.org/a_(b)</a>."#),
        FormatCase("<https://example.org>", #"<a class="link" href="https://example.org" \#(link)>https://example.org</a>"#),
        FormatCase("hi <@100000000000000001>", #"hi <span class="mention mention-user">@Avery</span>"#),
        FormatCase("<@!42> <@55>", #"<span class="mention mention-user">@Bob</span> <span class="mention mention-user">@55</span>"#),
        FormatCase("<#7> <@&9>", #"<span class="mention mention-channel">#general</span> <span class="mention mention-role">@Mods</span>"#),
        FormatCase("@everyone look", #"<span class="mention mention-broadcast">@everyone</span> look"#),
        FormatCase("</ping:123>", #"<span class="mention mention-command">/ping</span>"#),
        FormatCase("<:kekw:782589696621805568>", ":kekw:"),
        FormatCase(
            "hi <a:dance:123>",
            #"hi <img class="emoji" src="https://cdn.discordapp.com/emojis/123.gif" alt=":dance:" title=":dance:" width="48" height="48" loading="lazy">"#
        ),
        FormatCase(
            ":pepeheart: :pepeheart:",
            #"<p class="emoji-only"><img class="emoji" src="https://cdn.example/pepeheart.png" alt=":pepeheart:" title=":pepeheart:" width="48" height="48" loading="lazy"> <img class="emoji" src="https://cdn.example/pepeheart.png" alt=":pepeheart:" title=":pepeheart:" width="48" height="48" loading="lazy"></p>"#
        ),
        FormatCase("Yeah :thisisfine: 12:30:45", "Yeah :thisisfine: 12:30:45"),
        FormatCase("👍👍", #"<p class="emoji-only">👍👍</p>"#),
        FormatCase("👍 ok", "👍 ok"),
        FormatCase(
            "<t:1618953630:R>",
            #"<time class="timestamp" datetime="2021-04-20T21:20:30.000Z" title="Tuesday, 20 April 2021 21:20:30 (UTC)">Tuesday, 20 April 2021 21:20</time>"#
        ),
        FormatCase(
            "<t:1618953630:d> <t:1618953630:t>",
            #"<time class="timestamp" datetime="2021-04-20T21:20:30.000Z" title="Tuesday, 20 April 2021 21:20:30 (UTC)">20/04/2021</time> <time class="timestamp" datetime="2021-04-20T21:20:30.000Z" title="Tuesday, 20 April 2021 21:20:30 (UTC)">21:20</time>"#
        ),
        FormatCase("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        FormatCase("a\nb\r\nc", "a<br>b<br>c"),
        FormatCase("", ""),
    ]

    @Test(arguments: cases)
    func rendersCase(_ row: FormatCase) {
        #expect(TextSlot.html(row.input, .discordMarkdown) == row.html)
    }

    @Test func timestampsFollowThePageTimeZone() throws {
        let berlin = try #require(ZoneClock(identifier: "Europe/Berlin"))
        let html = TextSlot.html("<t:1618953630:f>", .discordMarkdown, context: TextSlot.context(clock: berlin))
        #expect(
            html
                == #"<time class="timestamp" datetime="2021-04-20T21:20:30.000Z" title="Tuesday, 20 April 2021 23:20:30 (Europe/Berlin)">20 April 2021 23:20</time>"#
        )
    }

    @Test func channelMentionsLinkToChannelsInTheArchive() {
        var context = TextSlot.context()
        context.channelNames = [ChannelID("7"): "general"]
        context.rootPath = "../../"
        #expect(
            TextSlot.html("<#7>", .discordMarkdown, context: context)
                == #"<a class="mention mention-channel" href="../../c/7/index.html">#general</a>"#)
    }

    @Test func theTreeKeepsIdentifiersForTheRenderer() {
        let document = MessageFormat.discordMarkdown("**a** <@1> <t:0:D>")
        #expect(
            document.blocks == [
                .paragraph([
                    .strong([.text("a")]), .text(" "), .mention(MentionTarget(kind: .user, id: "1")), .text(" "),
                    .timestamp(Timestamp(seconds: 0), .longDate),
                ])
            ])
    }

    /// Thousands of unmatched markers parse in linear time (a quadratic scan would take seconds).
    @Test func unmatchedMarkersStayLinear() {
        let text = String(repeating: "*a _b [c <@x ]x ", count: 5000)
        let document = MessageFormat.discordMarkdown(text)
        guard case let .paragraph(inlines) = document.blocks.first else {
            Issue.record("expected one paragraph")
            return
        }
        #expect(inlines.count == 1)
    }
}
