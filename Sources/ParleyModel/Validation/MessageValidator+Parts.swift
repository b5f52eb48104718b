extension MessageValidator {
    /// Checks the author's id, names, avatar URL and colour.
    func author(_ author: Author) throws(ValidationError) {
        do throws(ValidationError) {
            try identifier(author.id.rawValue, "id")
            try bytes(author.name, "name", limits.nameBytes)
            if let name = author.displayName { try bytes(name, "displayName", limits.nameBytes) }
            if let url = author.avatarURL { try bytes(url, "avatarURL", limits.urlBytes) }
            if let color = author.color { try bytes(color, "color", limits.nameBytes) }
        } catch {
            throw error.within("author")
        }
    }

    /// Checks an attachment's id, URL, names and its size and dimensions (0 or more, within the limits).
    func attachment(_ attachment: Attachment) throws(ValidationError) {
        try identifier(attachment.id, "id", required: false)
        try bytes(attachment.url, "url", limits.urlBytes)
        try bytes(attachment.fileName, "fileName", limits.nameBytes)
        if let size = attachment.sizeBytes, !(0...limits.mediaBytes).contains(size) {
            throw ValidationError(field: "sizeBytes", reason: "\(size); expected 0…\(limits.mediaBytes) bytes")
        }
        for (field, value) in [("width", attachment.width), ("height", attachment.height)] {
            if let value, !(0...limits.mediaPixels).contains(value) {
                throw ValidationError(field: field, reason: "\(value); expected 0…\(limits.mediaPixels) pixels")
            }
        }
        if let description = attachment.description { try bytes(description, "description", limits.textBytes) }
        if let type = attachment.contentType { try bytes(type, "contentType", limits.nameBytes) }
        if let omission = attachment.omission { try bytes(omission, "omission", limits.nameBytes) }
    }

    /// Checks an embed's texts, URLs, image list and fields.
    func embed(_ embed: Embed) throws(ValidationError) {
        for (field, value, maximum) in [
            ("title", embed.title, limits.nameBytes), ("url", embed.url, limits.urlBytes),
            ("description", embed.description, limits.textBytes), ("color", embed.color, limits.nameBytes),
            ("authorName", embed.authorName, limits.nameBytes), ("thumbnailURL", embed.thumbnailURL, limits.urlBytes),
            ("footer", embed.footer, limits.textBytes),
        ] {
            if let value { try bytes(value, field, maximum) }
        }
        try list(embed.imageURLs, "imageURLs") { (url) throws(ValidationError) in try self.bytes(url, "url", limits.urlBytes) }
        try list(embed.fields, "fields") { (field) throws(ValidationError) in
            try self.bytes(field.name, "name", limits.textBytes)
            try self.bytes(field.value, "value", limits.textBytes)
        }
    }

    /// Checks a sticker's id, name, format and URL.
    func sticker(_ sticker: Sticker) throws(ValidationError) {
        try identifier(sticker.id, "id", required: false)
        try bytes(sticker.name, "name", limits.nameBytes)
        try bytes(sticker.format, "format", limits.nameBytes)
        if let url = sticker.url { try bytes(url, "url", limits.urlBytes) }
    }

    /// Checks where a forwarded message came from.
    func forwardOrigin(_ origin: ForwardOrigin) throws(ValidationError) {
        do throws(ValidationError) {
            if let name = origin.authorName { try bytes(name, "authorName", limits.nameBytes) }
            if let name = origin.channelName { try bytes(name, "channelName", limits.nameBytes) }
            if let time = origin.timestamp { try timestamp(time, "timestamp") }
            if let url = origin.url { try bytes(url, "url", limits.urlBytes) }
        } catch {
            throw error.within("forwardedFrom")
        }
    }
}
