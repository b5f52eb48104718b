import ParleyModel

/// The conversations of an SMS backup, found by a first pass over it: each one's channel — id,
/// name, kind — in the order the conversations first appear, without messages.
///
/// A conversation is an address, or a set of addresses for a group MMS (`a~b~c`); an address is
/// compared without formatting (`+1 (555) 010-0123` = `+15550100123`). The channel is named after
/// the conversation's first contact (`contact_name`, unless `(Unknown)`), else the address, so a
/// name known only from a later message is known before the first is handed on.
/// Memory: O(conversations + timestamps met again after a later one).
struct SMSConversationDirectory {
    /// One channel per conversation, in order of first appearance, without messages.
    private(set) var channels: [Channel] = []
    private var index: [String: Int] = [:]
    private var latest: Int64?
    /// The dates (milliseconds) met again after a later one, for ``SyntheticMessageID``.
    private(set) var revisited: Set<Int64> = []

    /// Takes the next record in file order.
    mutating func add(_ record: SMSRecord) {
        let (key, addresses) = Self.conversation(of: record)
        let contact = Self.contact(of: record)
        if let position = index[key] {
            if channels[position].name == key, let contact { channels[position].name = contact }
        } else {
            index[key] = channels.count
            let isGroup = addresses.count > 1 || key.contains("@")
            channels.append(Channel(id: ChannelID("sms:" + key), name: contact ?? key, kind: isGroup ? .group : .direct))
        }
        if let latest, record.date < latest {
            revisited.insert(record.date)
        } else {
            latest = record.date
        }
    }

    /// The channel of the conversation `key`, as far as it is known.
    func channel(_ key: String) -> Channel? { index[key].map { channels[$0] } }

    /// The conversation's key (its normalized addresses, sorted, `~`-joined; `unknown` when there
    /// are none) and its addresses.
    static func conversation(of record: SMSRecord) -> (key: String, addresses: [String]) {
        let addresses = record.address.split(separator: "~").map { normalize(String($0)) }.filter { !$0.isEmpty }
        return (addresses.isEmpty ? "unknown" : addresses.sorted().joined(separator: "~"), addresses)
    }

    /// The record's contact name, unless the app wrote `(Unknown)`.
    static func contact(of record: SMSRecord) -> String? { record.contactName.flatMap { $0 == "(Unknown)" ? nil : $0 } }

    /// A phone number without spaces, dashes, dots and parentheses; other addresses (e-mail, RCS
    /// group ids such as `group_8@rcs.google.com`) only trimmed.
    static func normalize(_ address: String) -> String {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        guard !trimmed.contains(where: { $0.isLetter || $0 == "@" }) else { return trimmed }
        return String(trimmed.unicodeScalars.filter { !" -.()\u{00A0}".unicodeScalars.contains($0) }.map(Character.init))
    }
}
