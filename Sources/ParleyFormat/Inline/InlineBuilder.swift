/// Collects inlines, merging adjacent text and turning `\n` into ``Inline/lineBreak``.
struct InlineBuilder {
    private var inlines: [Inline] = []
    private var pending = ""

    mutating func append(_ character: Character) {
        if character == "\n" {
            flush()
            inlines.append(.lineBreak)
        } else {
            pending.append(character)
        }
    }

    /// Appends the UTF-8 bytes of whole characters none of which is `\n`.
    mutating func append(run: ArraySlice<UInt8>) {
        pending.append(String(decoding: run, as: UTF8.self))
    }

    mutating func append(text: String) {
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return pending.append(text) }
        for character in text { append(character) }
    }

    mutating func append(_ inline: Inline) {
        if case let .text(text) = inline {
            append(text: text)
            return
        }
        flush()
        inlines.append(inline)
    }

    mutating func finish() -> [Inline] {
        flush()
        return inlines
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        inlines.append(.text(pending))
        pending = ""
    }
}
