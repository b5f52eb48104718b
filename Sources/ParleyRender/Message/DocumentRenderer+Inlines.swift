import ParleyFormat
import ParleyHTML
import ParleyModel

/// Inline formatting: `strong`, `em`, `u`, `s`, `span.spoiler`, `code`, links (absolute `http`,
/// `https`, `mailto` only; anything else stays its label), line breaks.
extension DocumentRenderer {
    mutating func write(_ inlines: [Inline], into writer: inout HTMLWriter) {
        for inline in inlines { write(inline, into: &writer) }
    }

    private mutating func write(_ inline: Inline, into writer: inout HTMLWriter) {
        switch inline {
        case let .text(text): writer.text(text)
        case .lineBreak: writer.open("br")
        case .softBreak: writer.text("\n")
        case let .strong(children): wrap("strong", nil, children, into: &writer)
        case let .emphasis(children): wrap("em", nil, children, into: &writer)
        case let .underline(children): wrap("u", nil, children, into: &writer)
        case let .strikethrough(children): wrap("s", nil, children, into: &writer)
        case let .spoiler(children):
            writer.open("span", [("class", .text("spoiler")), ("tabindex", .text("0"))])
            write(children, into: &writer)
            writer.close("span")
        case let .code(code):
            writer.open("code", [("class", .text("inline-code"))])
            writer.text(code)
            writer.close("code")
        case let .link(destination, label): link(destination, label, into: &writer)
        case let .image(source, alt):
            link(source, [.text(alt.isEmpty ? source : alt)], className: "link image-link", into: &writer)
        case let .mention(target): mention(target, into: &writer)
        case let .customEmoji(emoji): customEmoji(emoji, into: &writer)
        case let .timestamp(timestamp, style): self.timestamp(timestamp, style, into: &writer)
        }
    }

    private mutating func wrap(_ name: StaticString, _ className: String?, _ children: [Inline], into writer: inout HTMLWriter) {
        writer.open(name, [("class", className.map { .text($0) })])
        write(children, into: &writer)
        writer.close(name)
    }

    /// `<a class="link" href rel title>`: the title shows a masked link's real target.
    private mutating func link(_ destination: String, _ label: [Inline], className: String = "link", into writer: inout HTMLWriter) {
        guard !insideLink, let url = LinkPolicy.absolute(destination) else { return write(label, into: &writer) }
        let isMasked = label != [.text(destination)]
        writer.open(
            "a",
            [
                ("class", .text(className)), ("href", .text(url)), ("rel", .text("noopener noreferrer nofollow")),
                ("title", isMasked ? .text(url) : nil),
            ])
        insideLink = true
        write(label, into: &writer)
        insideLink = false
        writer.close("a")
    }
}
