import ParleyModel
import ParleyTestSupport
import Testing

/// Telegram-style spans (offsets in UTF-16 code units) → HTML.
@Suite struct SpanFormatTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let text: String
        let spans: [FormatSpan]
        let html: String
        var testDescription: String { text.debugDescription }
    }

    static let link = #"rel="noopener noreferrer nofollow""#

    static let cases: [Row] = [
        Row(
            text: "bold and link",
            spans: [
                FormatSpan(kind: .bold, offset: 0, length: 4), FormatSpan(kind: .textLink, offset: 9, length: 4, value: "https://t.me"),
            ],
            html: #"<strong>bold</strong> and <a class="link" href="https://t.me" \#(link) title="https://t.me">link</a>"#),
        Row(
            text: "abcdef", spans: [FormatSpan(kind: .bold, offset: 0, length: 4), FormatSpan(kind: .italic, offset: 2, length: 4)],
            html: "<strong>ab<em>cd</em></strong><em>ef</em>"),
        Row(text: "👍 ok", spans: [FormatSpan(kind: .bold, offset: 3, length: 2)], html: "👍 <strong>ok</strong>"),
        Row(text: "👍 split", spans: [FormatSpan(kind: .italic, offset: 1, length: 3)], html: "<em>👍 s</em>plit"),
        Row(
            text: "code:\nlet x = 1", spans: [FormatSpan(kind: .pre, offset: 6, length: 9, value: "swift")],
            html: #"<p>code:</p><pre class="code-block"><code class="language-swift">let x = 1</code></pre>"#),
        Row(
            text: "@alice hi", spans: [FormatSpan(kind: .mention, offset: 0, length: 6)],
            html: #"<span class="mention mention-user">@alice</span> hi"#),
        Row(
            text: "Bob!", spans: [FormatSpan(kind: .mentionName, offset: 0, length: 3, value: "42")],
            html: #"<span class="mention mention-user">@Bob</span>!"#),
        Row(
            text: "x spoiler y code",
            spans: [FormatSpan(kind: .spoiler, offset: 2, length: 7), FormatSpan(kind: .code, offset: 12, length: 4)],
            html: #"x <span class="spoiler" tabindex="0">spoiler</span> y <code class="inline-code">code</code>"#),
        Row(
            text: "see https://a.example", spans: [FormatSpan(kind: .url, offset: 4, length: 17)],
            html: #"see <a class="link" href="https://a.example" \#(link)>https://a.example</a>"#),
        Row(
            text: "abc", spans: [FormatSpan(kind: .bold, offset: 2, length: 100), FormatSpan(kind: .italic, offset: -5, length: 2)],
            html: "ab<strong>c</strong>"),
        Row(
            text: "q\nrest", spans: [FormatSpan(kind: .blockquote, offset: 0, length: 1)],
            html: "<blockquote><p>q</p></blockquote><p>rest</p>"),
        Row(
            text: "bad link", spans: [FormatSpan(kind: .textLink, offset: 0, length: 3, value: "javascript:alert(1)")],
            html: "bad link"),
        Row(
            text: "#tag and /start",
            spans: [FormatSpan(kind: .hashtag, offset: 0, length: 4), FormatSpan(kind: .botCommand, offset: 9, length: 6)],
            html: "#tag and /start"),
    ]

    @Test(arguments: cases)
    func rendersCase(_ row: Row) {
        let message = TextSlot.message(Content(text: row.text, spans: row.spans))
        #expect(TextSlot.html(message) == row.html)
    }
}
