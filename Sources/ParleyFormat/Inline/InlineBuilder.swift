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

    /// Appends characters none of which is `\n`.
    mutating func append(run: ArraySlice<Character>) {
        for character in run { pending.append(character) }
    }

    mutating func append(text: String) {
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
