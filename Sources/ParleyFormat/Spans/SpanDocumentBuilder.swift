import ParleyModel

/// Builds a ``FormatDocument`` from plain text and formatting spans (Telegram message entities).
///
/// Top-level `pre` spans become code blocks and `blockquote` spans quotes; every other span
/// becomes inline formatting, a link or a mention. Text outside link and code spans gets line
/// breaks and bare `http(s)` links, as in plain text.
struct SpanDocumentBuilder {
    let tree: SpanTree

    init(text: String) { tree = SpanTree(units: Array(text.utf16)) }

    func document(_ spans: [FormatSpan]) -> FormatDocument {
        FormatDocument(blocks: blocks(tree.nodes(spans)))
    }

    private func blocks(_ nodes: [SpanTree.Node]) -> [Block] {
        var blocks: [Block] = []
        var paragraph: [Inline] = []
        func flush() {
            while paragraph.first == .lineBreak { paragraph.removeFirst() }
            while paragraph.last == .lineBreak { paragraph.removeLast() }
            if !paragraph.isEmpty { blocks.append(.paragraph(paragraph)) }
            paragraph = []
        }
        for node in nodes {
            switch node {
            case let .span(.pre, value, range, _):
                flush()
                var code = tree.string(range)
                if code.hasSuffix("\n") { code.removeLast() }
                blocks.append(.codeBlock(language: value.flatMap { $0.isEmpty ? nil : $0 }, code: code))
            case let .span(.blockquote, _, _, children):
                flush()
                blocks.append(.quote(self.blocks(children)))
            default:
                paragraph.append(contentsOf: inlines([node], linkify: true))
            }
        }
        flush()
        return blocks
    }

    private func inlines(_ nodes: [SpanTree.Node], linkify: Bool) -> [Inline] {
        var result: [Inline] = []
        for node in nodes {
            switch node {
            case let .text(range):
                let text = tree.string(range).replacingCRLF()
                if linkify {
                    var scanner = InlineScanner(text, dialect: .plain)
                    result.append(contentsOf: scanner.parse())
                } else {
                    result.append(contentsOf: Self.plain(text))
                }
            case let .span(kind, value, range, children):
                result.append(contentsOf: inline(kind, value: value, raw: tree.string(range), children: children))
            }
        }
        return result
    }

    private func inline(_ kind: FormatSpan.Kind, value: String?, raw: String, children: [SpanTree.Node]) -> [Inline] {
        switch kind {
        case .bold: return [.strong(inlines(children, linkify: true))]
        case .italic: return [.emphasis(inlines(children, linkify: true))]
        case .underline: return [.underline(inlines(children, linkify: true))]
        case .strikethrough: return [.strikethrough(inlines(children, linkify: true))]
        case .spoiler: return [.spoiler(inlines(children, linkify: true))]
        case .code, .pre: return [.code(raw)]
        case .url: return [.link(destination: raw, inlines(children, linkify: false))]
        case .textLink:
            guard let value, !value.isEmpty else { return inlines(children, linkify: true) }
            return [.link(destination: value, inlines(children, linkify: false))]
        case .email: return [.link(destination: "mailto:" + raw, inlines(children, linkify: false))]
        case .mention: return [.mention(MentionTarget(kind: .user, label: raw.hasPrefix("@") ? String(raw.dropFirst()) : raw))]
        case .mentionName: return [.mention(MentionTarget(kind: .user, id: value, label: raw))]
        case .hashtag, .cashtag, .botCommand, .phone, .customEmoji, .blockquote:
            return inlines(children, linkify: kind != .phone)
        }
    }

    /// Text with line breaks and no links.
    static func plain(_ text: String) -> [Inline] {
        var builder = InlineBuilder()
        builder.append(text: text)
        return builder.finish()
    }
}
