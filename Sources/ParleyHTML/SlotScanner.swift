/// Splits template text into literal runs and `{{name}}` / `{{{name}}}` slots.
enum SlotScanner {
    enum Piece: Equatable {
        case literal(String)
        case slot(String, isHTML: Bool)
    }

    static func split(_ text: String, template: String) throws(TemplateError) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.literal(String(rest[..<open.lowerBound]))) }
            let isHTML = rest[open.upperBound...].hasPrefix("{")
            let nameStart = isHTML ? rest.index(after: open.upperBound) : open.upperBound
            let closing = isHTML ? "}}}" : "}}"
            guard let close = rest[nameStart...].firstRange(of: closing) else {
                throw .unclosedSlot(template: template, near: String(rest[open.lowerBound...].prefix(30)))
            }
            let name = String(rest[nameStart..<close.lowerBound].filter { !$0.isWhitespace })
            pieces.append(.slot(name, isHTML: isHTML))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}
