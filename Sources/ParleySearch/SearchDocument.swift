import ParleyModel

/// What the search index holds of one message: its terms (words, `from:` and `has:` terms,
/// `docs/SEARCH-INDEX.md`) and its snippet text.
public struct SearchDocument: Sendable, Equatable {
    /// The longest snippet text, in characters.
    public static let snippetLength = 1000

    /// The terms, repeats included.
    public var terms: [String]
    /// The indexed texts joined by line feeds, cut after ``snippetLength`` characters.
    public var text: String

    public init(terms: [String], text: String) {
        self.terms = terms
        self.text = text
    }

    /// The document of `message`: its text (HTML bodies without their tags), its attachments'
    /// names and descriptions, its embeds' texts, its stickers' names and where it was forwarded
    /// from; `from:` the terms of the author's shown name and user name; the `has:` terms.
    /// - Complexity: O(the message's text).
    public init(_ message: Message) {
        var cache = SearchTokenizer.FoldCache(capacity: 0)
        self.init(message, cache: &cache)
    }

    /// The document of `message`, as ``init(_:)`` makes it, its words folded through `cache`
    /// (for a caller making many documents).
    /// - Complexity: O(the message's text).
    public init(_ message: borrowing Message, cache: inout SearchTokenizer.FoldCache) {
        var texts: [String] = []
        let body = message.content.flavor == .html ? Self.withoutTags(message.content.text) : message.content.text
        if !body.isEmpty { texts.append(body) }
        for attachment in message.attachments {
            texts.append(attachment.fileName)
            if let description = attachment.description, !description.isEmpty { texts.append(description) }
        }
        for embed in message.embeds {
            let parts: [String?] = [embed.authorName, embed.title, embed.description, embed.footer]
            texts += (parts.compactMap { $0 } + embed.fields.flatMap { [$0.name, $0.value] }).filter { !$0.isEmpty }
        }
        texts += message.stickers.map(\.name)
        if let origin = message.forwardedFrom {
            texts += [origin.authorName, origin.channelName].compactMap { $0 }.filter { !$0.isEmpty }
        }
        var terms: [String] = []
        for text in texts { SearchTokenizer.append(termsOf: text, cache: &cache, to: &terms) }
        var names = SearchTokenizer.terms(message.author.shownName, cache: &cache)
        if message.author.name != message.author.shownName { names += SearchTokenizer.terms(message.author.name, cache: &cache) }
        // A name has a few terms: a scan of those already taken beats hashing them (a set for a long name).
        if names.count <= 16 {
            for (index, name) in names.enumerated() where !names[..<index].contains(name) { terms.append("from:" + name) }
        } else {
            var seen: Set<String> = []
            for name in names where seen.insert(name).inserted { terms.append("from:" + name) }
        }
        terms += Self.hasTerms(message, body: body)
        self.terms = terms
        let joined = texts.joined(separator: "\n")
        // No more bytes than the limit: no more characters either, without counting them.
        self.text =
            joined.utf8.count > Self.snippetLength && joined.count > Self.snippetLength ? String(joined.prefix(Self.snippetLength)) : joined
    }

    /// The `has:` terms of `message`.
    static func hasTerms(_ message: Message, body: String) -> [String] {
        var kinds: [String] = []
        let media = message.attachments.map(Self.mediaKind)
        if media.contains("image") || message.embeds.contains(where: { !$0.imageURLs.isEmpty }) { kinds.append("image") }
        if media.contains("video") { kinds.append("video") }
        if media.contains("audio") { kinds.append("audio") }
        if !message.attachments.isEmpty { kinds.append("file") }
        if hasWebLink(body) || message.embeds.contains(where: { $0.url != nil }) { kinds.append("link") }
        if !message.embeds.isEmpty { kinds.append("embed") }
        if !message.reactions.isEmpty { kinds.append("reaction") }
        if !message.stickers.isEmpty { kinds.append("sticker") }
        return kinds.map { "has:" + $0 }
    }

    /// Whether `text` holds `http://` or `https://` (ASCII letters in any case).
    /// - Complexity: O(text's UTF-8 bytes).
    static func hasWebLink(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index + 7 <= bytes.count {
                // `h` or `H` first: most positions are passed over on that one byte.
                if bytes[index] | 0x20 == UInt8(ascii: "h"), bytes[index + 1] | 0x20 == UInt8(ascii: "t"),
                    bytes[index + 2] | 0x20 == UInt8(ascii: "t"), bytes[index + 3] | 0x20 == UInt8(ascii: "p")
                {
                    var end = index + 4
                    if bytes[end] | 0x20 == UInt8(ascii: "s") { end += 1 }
                    if end + 3 <= bytes.count, bytes[end] == UInt8(ascii: ":"), bytes[end + 1] == UInt8(ascii: "/"),
                        bytes[end + 2] == UInt8(ascii: "/")
                    {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// `image`, `video`, `audio` or `file`: from the attachment's content type, else its name's
    /// extension.
    static func mediaKind(_ attachment: Attachment) -> String {
        if let type = attachment.contentType?.lowercased() {
            for kind in ["image", "video", "audio"] where type.hasPrefix(kind + "/") { return kind }
        }
        let name = attachment.fileName.lowercased()
        guard let dot = name.lastIndex(of: ".") else { return "file" }
        switch name[name.index(after: dot)...] {
        case "png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "heic", "svg": return "image"
        case "mp4", "webm", "mov", "mkv", "m4v", "3gp": return "video"
        case "mp3", "ogg", "opus", "m4a", "wav", "flac", "aac", "amr": return "audio"
        default: return "file"
        }
    }

    /// `html` without its tags (what lies between `<` and `>`); entities are left as written.
    static func withoutTags(_ html: String) -> String {
        var text = String.UnicodeScalarView()
        var inTag = false
        for scalar in html.unicodeScalars {
            if scalar == "<" {
                inTag = true
                text.append(" ")
            } else if scalar == ">" {
                inTag = false
            } else if !inTag {
                text.append(scalar)
            }
        }
        return String(text)
    }
}
