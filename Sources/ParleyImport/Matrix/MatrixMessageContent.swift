import ParleyModel

/// The visible parts of an `m.room.message` or `m.sticker`: text, attachments and stickers.
///
/// `formatted_body` in `org.matrix.custom.html` is kept as ``Content/Flavor/html`` for the
/// renderer to sanitize; otherwise `body` is plain text. A reply's fallback (the quoted lines of
/// `body`, the `<mx-reply>` element of `formatted_body`) is removed, as the client-server API
/// asks of clients. `m.emote` is written `* Name text`. Media keep their `mxc://` URL; a `body`
/// that differs from `filename` is the media's caption.
struct MatrixMessageContent {
    var content = Content(text: "")
    var attachments: [Attachment] = []
    var stickers: [Sticker] = []

    init(type: String?, content raw: MatrixContent, replacement: MatrixContent.NewContent?, eventID: String, sender: String, isReply: Bool)
    {
        let msgtype = replacement?.msgtype ?? raw.msgtype
        let body = replacement?.body ?? raw.body ?? ""
        let html = (replacement?.format ?? raw.format) == "org.matrix.custom.html" ? replacement?.formatted_body ?? raw.formatted_body : nil
        if type == "m.sticker" {
            stickers.append(
                Sticker(
                    id: eventID, name: body.isEmpty ? "sticker" : body, format: Self.subtype(raw.info?.mimetype) ?? "image", url: raw.url))
            return
        }
        switch msgtype {
        case "m.image", "m.file", "m.video", "m.audio":
            var attachment = Attachment(
                id: eventID, url: raw.url ?? raw.file?.url ?? "", fileName: raw.filename ?? (body.isEmpty ? "file" : body),
                sizeBytes: raw.info?.size, width: raw.info?.w, height: raw.info?.h,
                description: raw.info?.duration.flatMap { $0 >= 0 ? "\($0 / 1000 + ($0 % 1000 >= 500 ? 1 : 0)) s" : nil })
            attachment.contentType = raw.info?.mimetype
            attachments.append(attachment)
            guard let filename = raw.filename, body != filename, !body.isEmpty else { return }
        default:
            break
        }
        let prefix = msgtype == "m.emote" ? "* \(sender) " : ""
        if let html {
            let text = isReply ? Self.removingReplyFallback(html: html) : html
            content = Content(text: Self.escaped(prefix) + text, flavor: .html)
        } else {
            content = Content(text: prefix + (isReply ? Self.removingReplyFallback(body: body) : body))
        }
    }

    /// `body` without the leading `> ` lines of a reply fallback and the blank line after them.
    static func removingReplyFallback(body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.first?.hasPrefix(">") == true else { return body }
        while lines.first?.hasPrefix(">") == true { lines = lines.dropFirst() }
        if lines.first?.isEmpty == true { lines = lines.dropFirst() }
        return lines.joined(separator: "\n")
    }

    /// `html` without its `<mx-reply>…</mx-reply>` element.
    static func removingReplyFallback(html: String) -> String {
        guard let start = html.range(of: "<mx-reply>"), let end = html.range(of: "</mx-reply>", range: start.upperBound..<html.endIndex)
        else {
            return html
        }
        return String(html[..<start.lowerBound] + html[end.upperBound...])
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, to put plain text into HTML content.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `png` from `image/png`.
    static func subtype(_ mimeType: String?) -> String? {
        mimeType?.split(separator: "/").last.map(String.init)
    }
}
