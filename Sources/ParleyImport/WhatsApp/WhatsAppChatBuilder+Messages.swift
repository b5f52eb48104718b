import Foundation
import ParleyModel

extension WhatsAppChatBuilder {
    /// The transcript: one channel named `chatName`; `media` gives the size of files in a zip export.
    /// - Complexity: O(n) in the export's bytes.
    mutating func build(chatName: String, media: [String: Int64]) -> ImportResult {
        var known = Set<String>()
        for line in headers {
            if let name = WhatsAppBody.authorCandidate(Substring(firstLine(line))) { known.insert(name) }
        }
        let channelID = ChannelID("whatsapp:" + chatName)
        let me = options.me.map { WhatsAppCharacters.clean(Substring($0)) }
        let system = Author(id: AuthorID("whatsapp:system"), name: "WhatsApp")
        var authors: [String: Author] = [:]
        var ids = SyntheticMessageID()
        var messages: [Message] = []
        messages.reserveCapacity(headers.count)
        for (index, line) in headers.enumerated() {
            let first = firstLine(line)
            let continuation = continuationLines(after: line, next: index + 1 < headers.count ? headers[index + 1].start : bytes.count)
            let body = WhatsAppBody(
                line: Substring(first), continuation: continuation, knownAuthors: known, markedLine: line.header.leadingMark)
            let timestamp = WhatsAppClock.timestamp(line.header, order: order) ?? Timestamp(milliseconds: 0)
            var author = system
            if let name = body.author {
                author = authors[name] ?? Author(id: AuthorID(name), name: name)
                authors[name] = author
            }
            let id = ids.next(timestamp: timestamp, author: body.author ?? "", text: continuation.map { first + "\n" + $0 } ?? first)
            var message = Message(
                id: id, channel: channelID, author: author, timestamp: timestamp,
                kind: body.author == nil ? Self.systemKind(body.text) : .default, content: Content(text: body.text, flavor: .whatsapp))
            message.attachments = body.attachments.enumerated().map { position, attachment in
                var attachment = attachment
                attachment.id = "\(id.rawValue)-\(position)"
                if !attachment.url.isEmpty { attachment.sizeBytes = media[attachment.url] }
                return attachment
            }
            if let me, let name = body.author { message.isOutgoing = name == me }
            messages.append(message)
        }
        let channel = Channel(id: channelID, name: chatName, kind: authors.count > 2 ? .group : .direct, messages: messages)
        var directory = Directory()
        for name in authors.keys { directory.users[name] = name }
        return ImportResult(
            transcript: Transcript(title: chatName, channels: [channel], directory: directory), diagnostics: diagnostics,
            format: .whatsApp)
    }

    /// The header line after its header.
    private func firstLine(_ line: WhatsAppLines.HeaderLine) -> String {
        String(decoding: bytes[min(line.start + line.header.bodyOffset, line.end)..<line.end], as: UTF8.self)
    }

    /// The lines between a header line and the next header, without trailing empty lines.
    private func continuationLines(after line: WhatsAppLines.HeaderLine, next: Int) -> String? {
        let start = WhatsAppLines.nextNewline(bytes, from: line.end) + 1
        guard start < next else { return nil }
        var text = String(decoding: bytes[start..<next], as: UTF8.self)
        if text.contains("\r") { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text.isEmpty ? nil : text
    }

    /// English system lines mapped to message kinds; other system lines are ``Message/Kind/system``.
    static func systemKind(_ text: String) -> Message.Kind {
        if text.hasSuffix(" joined using this group's invite link") || text.hasSuffix(" joined") || text.hasSuffix(" added")
            || text.contains(" added ")
            || text.hasSuffix(" added you")
        {
            return .memberJoined
        }
        if text.hasSuffix(" left") || text.contains(" removed ") { return .memberLeft }
        if text.contains(" changed the subject ") || text.contains(" changed the group name") { return .channelRenamed }
        return .system
    }
}
