import ParleyModel

/// What a message body holds once its header is removed: the author, the text and any media.
struct WhatsAppBody {
    /// The author's name, nil for a system line ("Alice added Bob", or a name before one that
    /// ``WhatsAppSystemText`` knows).
    var author: String?
    /// The name before `: `, also when the line is a system line (message ids hash it, so they
    /// are the same whether or not the line is known as a system line).
    var writtenName: String?
    var text: String
    var attachments: [Attachment] = []

    /// The author candidate at the start of a body — the text before the first `: `, when it can
    /// be a name (not empty, at most 80 characters, no quotation marks `"“”«»„`, no `://`) — and
    /// the rest of the line after that `: `, found by one scan.
    static func authorAndText(_ line: Substring) -> (name: String, text: Substring)? {
        guard let colon = WhatsAppCharacters.colonSpace(in: line) else { return nil }
        let name = WhatsAppCharacters.clean(line[..<colon.lowerBound])
        guard !name.isEmpty, name.utf8.count <= 80 || name.unicodeScalars.count <= 80 else { return nil }
        if name.utf8.contains(where: { $0 == 0x22 || $0 == 0x3A || $0 >= 0xC2 }) {
            guard !containsURLScheme(name) else { return nil }
            guard !name.unicodeScalars.contains(where: { [0x22, 0x201C, 0x201D, 0xAB, 0xBB, 0x201E].contains($0.value) }) else {
                return nil
            }
        }
        return (name, line[colon.upperBound...])
    }

    /// Whether `name`'s bytes hold `://`.
    private static func containsURLScheme(_ name: String) -> Bool {
        var matched = 0
        for byte in name.utf8 {
            matched = byte == 0x3A ? 1 : (byte == 0x2F && matched > 0 ? matched + 1 : 0)
            if matched == 3 { return true }
        }
        return false
    }

    /// Splits a body into author and text, then recognises media.
    /// - Parameters:
    ///   - line: the rest of the header line; `continuation`: the following lines, if any.
    ///   - knownAuthors: names seen before `: ` anywhere in the export, which also claim a
    ///     `Name:` with no space after the colon.
    ///   - markedLine: the header line began with a direction mark (iOS media lines).
    init(line: Substring, continuation: String?, knownAuthors: Set<String>, markedLine: Bool) {
        var rest = line
        if let (name, text) = Self.authorAndText(line) {
            author = name
            rest = text
        } else if let colon = line.firstIndex(of: ":"), knownAuthors.contains(WhatsAppCharacters.clean(line[..<colon])) {
            author = WhatsAppCharacters.clean(line[..<colon])
            rest = line[line.index(after: colon)...]
            if rest.first == " " { rest = rest.dropFirst() }
        } else {
            author = nil
        }
        writtenName = author
        if author != nil, WhatsAppSystemText.isSystem(rest) {
            author = nil
            rest = WhatsAppCharacters.dropLeadingMarks(rest)
        }
        let caption = continuation ?? ""
        if author != nil, let media = WhatsAppMedia.recognise(rest, markedLine: markedLine) {
            attachments = [media]
            text = caption
        } else {
            let first = String(WhatsAppCharacters.dropLeadingMarks(rest))
            text = continuation.map { first + "\n" + $0 } ?? first
        }
    }
}
