import Foundation
import ParleyDigest
import ParleyModel
import ParleyPhone

/// Turns SMS backup records into messages of their conversations' channels, one at a time, on
/// the second pass over a backup (the first found the conversations: ``SMSConversations``).
///
/// A sender is named by their number in E.164 form, shown with the name the backup gives it: the
/// record's contact in a one-to-one conversation, else the name a one-to-one conversation or a
/// group's `contact_name` gives that number. Message ids hash the addresses as written (without
/// formatting), as they did before numbers were read in E.164 form, so every id stays.
struct SMSConversationBuilder {
    let file: String
    let owner: Author
    let conversations: SMSConversations
    private var ids: SyntheticMessageID
    /// Messages made so far.
    private(set) var count = 0
    private(set) var diagnostics: [Diagnostic] = []
    /// The addresses longer than a phone number that a diagnostic has named.
    private var overlong: Set<String> = []

    init(file: String, owner: String, conversations: SMSConversations) {
        self.file = file
        self.owner = Author(id: AuthorID("sms:owner"), name: owner)
        self.conversations = conversations
        ids = SyntheticMessageID(revisited: conversations.revisited)
    }

    /// The message `record` gives and its channel (no messages of its own).
    mutating func message(_ record: SMSRecord) -> (Message, Channel) {
        let (key, addresses) = SMSConversationDirectory.conversation(of: record)
        for address in addresses where address.utf8.count > PhoneNumber.longestInput && overlong.insert(address).inserted {
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(record.line)",
                    message: "an address of \(address.utf8.count) bytes is longer than a phone number is read "
                        + "(\(PhoneNumber.longestInput)); kept as written"))
        }
        let contact = SMSConversationDirectory.contact(of: record)
        let channel =
            conversations.channel(ofSpelling: key)
            ?? Channel(
                id: ChannelID("sms:" + key), name: contact ?? key,
                kind: addresses.count > 1 || key.contains("@") ? .group : .direct)
        let (author, written) = record.isOutgoing ? (owner, owner.id.rawValue) : sender(record, addresses: addresses, in: channel)
        var text =
            record.isMMS
            ? record.parts.compactMap { $0.contentType.hasPrefix("text/") ? $0.text : nil }.joined(separator: "\n") : record.body
        if let subject = record.subject { text = text.isEmpty ? subject : subject + "\n" + text }
        let timestamp = Timestamp(milliseconds: record.date)
        let id = ids.next(timestamp: timestamp, author: written + "|" + key, text: text)
        var message = Message(id: id, channel: channel.id, author: author, timestamp: timestamp, content: Content(text: text))
        message.isOutgoing = record.isOutgoing
        message.attachments = attachments(record, id: id)
        count += 1
        return (message, channel)
    }

    /// The sender of a received message — the contact of a one-to-one conversation; in a group, the
    /// MMS `From` address — and the author id it had when written without formatting (for its id).
    private func sender(_ record: SMSRecord, addresses: [String], in channel: Channel) -> (Author, String) {
        if channel.kind != .group, let address = addresses.first {
            let number = conversations.number(address)
            let name = SMSConversationDirectory.contact(of: record) ?? conversations.name(of: number)
            return (Author(id: AuthorID("sms:" + number), name: number, displayName: name), "sms:" + address)
        }
        let from = record.addresses.first { $0.1 == 137 }.map { SMSConversationDirectory.normalize($0.0) } ?? addresses.first ?? "unknown"
        let number = conversations.number(from)
        return (Author(id: AuthorID("sms:" + number), name: number, displayName: conversations.name(of: number)), "sms:" + from)
    }

    private mutating func attachments(_ record: SMSRecord, id: MessageID) -> [Attachment] {
        var result: [Attachment] = []
        for part in record.parts where !part.contentType.hasPrefix("text/") && part.contentType != "application/smil" {
            var attachment = Attachment(
                id: "\(id.rawValue)-\(result.count)", url: "", fileName: part.name ?? part.contentType, sizeBytes: part.dataBytes)
            attachment.contentType = part.contentType
            if let digest = part.digest, let uri = ContentURI(digest: digest, contentType: part.contentType) {
                attachment.url = uri.description
            }
            if let reason = part.unkept {
                diagnostics.append(
                    Diagnostic(
                        file: file, location: "line \(record.line)",
                        message: "MMS part \"\(attachment.fileName)\" could not be kept (\(reason)); kept without its data"))
            }
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
