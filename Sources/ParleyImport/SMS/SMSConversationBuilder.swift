import Foundation
import ParleyModel

/// Groups SMS backup records into conversations (channels) by address and turns them into messages.
///
/// An address is compared without formatting (`+1 (555) 010-0123` = `+15550100123`); a group MMS
/// (`a~b~c`) is one conversation per set of addresses. The channel is named after the contact
/// (`contact_name`, unless `(Unknown)`), else the address.
struct SMSConversationBuilder {
    let file: String
    let owner: Author
    private var channels: [Channel] = []
    private var index: [String: Int] = [:]
    private var ids = SyntheticMessageID()
    private(set) var count = 0
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, owner: String) {
        self.file = file
        self.owner = Author(id: AuthorID("sms:owner"), name: owner)
    }

    mutating func add(_ record: SMSRecord) {
        let addresses = record.address.split(separator: "~").map { Self.normalize(String($0)) }.filter { !$0.isEmpty }
        let key = addresses.isEmpty ? "unknown" : addresses.sorted().joined(separator: "~")
        let contact = record.contactName.flatMap { $0 == "(Unknown)" ? nil : $0 }
        let position: Int
        if let existing = index[key] {
            position = existing
            if channels[position].name == key, let contact { channels[position].name = contact }
        } else {
            position = channels.count
            index[key] = position
            let isGroup = addresses.count > 1 || key.contains("@")
            channels.append(Channel(id: ChannelID("sms:" + key), name: contact ?? key, kind: isGroup ? .group : .direct))
        }
        let author =
            record.isOutgoing ? owner : sender(record, addresses: addresses, contact: contact, isGroup: channels[position].kind == .group)
        var text =
            record.isMMS
            ? record.parts.compactMap { $0.contentType.hasPrefix("text/") ? $0.text : nil }.joined(separator: "\n") : record.body
        if let subject = record.subject { text = text.isEmpty ? subject : subject + "\n" + text }
        let timestamp = Timestamp(milliseconds: record.date)
        let id = ids.next(timestamp: timestamp, author: author.id.rawValue + "|" + key, text: text)
        var message = Message(id: id, channel: channels[position].id, author: author, timestamp: timestamp, content: Content(text: text))
        message.isOutgoing = record.isOutgoing
        message.attachments = attachments(record, id: id)
        channels[position].messages.append(message)
        count += 1
    }

    func transcript() -> Transcript {
        var directory = Directory()
        for channel in channels { directory.channels[channel.id.rawValue] = channel.name }
        return Transcript(title: "SMS backup", channels: channels, directory: directory)
    }

    /// The sender of a received message: the contact of a one-to-one conversation; in a group,
    /// the MMS `From` address.
    private func sender(_ record: SMSRecord, addresses: [String], contact: String?, isGroup: Bool) -> Author {
        if !isGroup, let address = addresses.first {
            return Author(id: AuthorID("sms:" + address), name: address, displayName: contact)
        }
        let from = record.addresses.first { $0.1 == 137 }.map { Self.normalize($0.0) } ?? addresses.first ?? "unknown"
        return Author(id: AuthorID("sms:" + from), name: from)
    }

    private mutating func attachments(_ record: SMSRecord, id: MessageID) -> [Attachment] {
        var result: [Attachment] = []
        for part in record.parts where !part.contentType.hasPrefix("text/") && part.contentType != "application/smil" {
            var attachment = Attachment(
                id: "\(id.rawValue)-\(result.count)", url: "", fileName: part.name ?? part.contentType, sizeBytes: part.dataBytes)
            attachment.contentType = part.contentType
            if let offset = part.invalidDataAt {
                diagnostics.append(
                    Diagnostic(
                        file: file, location: "line \(record.line)",
                        message: "MMS part \"\(attachment.fileName)\" has invalid base64 data at character \(offset); kept without a size"))
            }
            result.append(attachment)
        }
        return result
    }

    /// A phone number without spaces, dashes, dots and parentheses; other addresses (e-mail, RCS
    /// group ids such as `group_8@rcs.google.com`) only trimmed.
    static func normalize(_ address: String) -> String {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        guard !trimmed.contains(where: { $0.isLetter || $0 == "@" }) else { return trimmed }
        return String(trimmed.unicodeScalars.filter { !" -.()\u{00A0}".unicodeScalars.contains($0) }.map(Character.init))
    }
}
