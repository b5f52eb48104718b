import ParleyModel

/// A ChatGPT message's visible content: CommonMark source and attachments.
///
/// Text parts are joined by blank lines; `code` becomes a fenced block, `execution_output` an
/// unlabelled one, `tether_quote` a block quote with its source. Parts without text (image and
/// file asset pointers, unknown part types) become attachments, so nothing is dropped; an asset
/// pointer that names a file of `metadata.attachments` is shown once, under that file's name,
/// the pointer (`file-service://file-…`, `sediment://file_…`) as its URL: the export's zip holds
/// the file under a name that starts with the pointer's id (`ZipMedia` in ParleyRender finds it). The markers ChatGPT writes
/// into text for sources and entities are replaced by what they stand for (``ChatGPTMarkers``),
/// and no U+E200–U+E204 is left in any text.
struct ChatGPTContentConverter {
    var text: String = ""
    var attachments: [Attachment] = []

    /// Content types that are the model's private reasoning or the user's settings, never shown.
    static let hiddenContentTypes: Set<String> = [
        "thoughts", "reasoning_recap", "user_editable_context", "model_editable_context", "system_error",
    ]

    init(_ message: ChatGPTMessage) {
        for info in message.metadata?.attachments ?? [] {
            var attachment = Attachment(
                id: info.id ?? info.name ?? "attachment", url: "", fileName: info.name ?? info.id ?? "attachment",
                sizeBytes: info.size, width: info.width, height: info.height)
            attachment.contentType = info.mime_type
            attachments.append(attachment)
        }
        guard let content = message.content else { return }
        let markers = ChatGPTMarkers(message.metadata)
        var pieces: [String] = []
        switch content.content_type ?? "text" {
        case "code":
            pieces.append("```\(content.language.flatMap { $0 == "unknown" ? nil : $0 } ?? "")\n\(content.text ?? "")\n```")
        case "execution_output":
            pieces.append("```\n\(content.text ?? "")\n```")
        case "tether_browsing_display":
            pieces.append(content.result ?? content.text ?? "")
        case "tether_quote":
            let quote = (content.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
            let source = content.title.map { title in content.url.map { "— [\(title)](\($0))" } ?? "— \(title)" }
            pieces.append(quote.joined(separator: "\n") + (source.map { "\n\n" + $0 } ?? ""))
        default:
            if let text = content.text { pieces.append(markers.resolve(text)) }
        }
        for part in content.parts ?? [] {
            switch part {
            case let .text(string): pieces.append(markers.resolve(string))
            case let .object(object): add(object, to: &pieces, markers: markers)
            case .empty: break
            }
        }
        text = ChatGPTMarkers.droppingLeftovers(pieces.filter { !$0.isEmpty }.joined(separator: "\n\n"))
    }

    private mutating func add(_ part: ChatGPTPartObject, to pieces: inout [String], markers: ChatGPTMarkers) {
        if let text = part.text {
            pieces.append(markers.resolve(text))
            return
        }
        let type = part.content_type ?? "part"
        guard let pointer = part.asset_pointer else {
            attachments.append(
                Attachment(
                    id: "\(type)-\(attachments.count + 1)", url: "", fileName: type, description: "a \(type) part Parley cannot show"))
            return
        }
        let id = pointer.range(of: "://").map { String(pointer[$0.upperBound...]) } ?? pointer
        if let named = attachments.firstIndex(where: { $0.id == id }) {
            if attachments[named].url.isEmpty { attachments[named].url = pointer }
            return
        }
        attachments.append(
            Attachment(
                id: id, url: pointer, fileName: id, sizeBytes: part.size_bytes, width: part.width, height: part.height,
                description: type == "image_asset_pointer" ? "image" : nil))
    }
}
