import Foundation
import ParleyModel

/// Turns SMS backup records into messages of their conversations' channels, one at a time, on
/// the second pass over a backup (the first found the conversations: ``SMSConversationDirectory``).
struct SMSConversationBuilder {
    let file: String
    let owner: Author
    let directory: SMSConversationDirectory
    private var ids: SyntheticMessageID
    /// Messages made so far.
    private(set) var count = 0
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, owner: String, directory: SMSConversationDirectory) {
        self.file = file
        self.owner = Author(id: AuthorID("sms:owner"), name: owner)
        self.directory = directory
        ids = SyntheticMessageID(revisited: directory.revisited)
    }

    /// The message `record` gives and its channel (no messages of its own).
    mutating func message(_ record: SMSRecord) -> (Message, Channel) {
        let (key, addresses) = SMSConversationDirectory.conversation(of: record)
        let isGroup = addresses.count > 1 || key.contains("@")
        let channel =
            directory.channel(key) ?? Channel(id: ChannelID("sms:" + key), name: SMSConversationDirectory.contact(of: record) ?? key)
        let author =
            record.isOutgoing
            ? owner : sender(record, addresses: addresses, contact: SMSConversationDirectory.contact(of: record), isGroup: isGroup)
        var text =
            record.isMMS
            ? record.parts.compactMap { $0.contentType.hasPrefix("text/") ? $0.text : nil }.joined(separator: "\n") : record.body
        if let subject = record.subject { text = text.isEmpty ? subject : subject + "\n" + text }
        let timestamp = Timestamp(milliseconds: record.date)
        let id = ids.next(timestamp: timestamp, author: author.id.rawValue + "|" + key, text: text)
        var message = Message(id: id, channel: channel.id, author: author, timestamp: timestamp, content: Content(text: text))
        message.isOutgoing = record.isOutgoing
        message.attachments = attachments(record, id: id)
        count += 1
        return (message, channel)
    }

    /// The sender of a received message: the contact of a one-to-one conversation; in a group,
    /// the MMS `From` address.
    private func sender(_ record: SMSRecord, addresses: [String], contact: String?, isGroup: Bool) -> Author {
        if !isGroup, let address = addresses.first {
            return Author(id: AuthorID("sms:" + address), name: address, displayName: contact)
        }
        let from = record.addresses.first { $0.1 == 137 }.map { SMSConversationDirectory.normalize($0.0) } ?? addresses.first ?? "unknown"
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
}
