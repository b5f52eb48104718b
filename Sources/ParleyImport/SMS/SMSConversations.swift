import ParleyModel
import ParleyPhone

/// An SMS backup's conversations once its phone numbers are read in E.164 form: the channels,
/// and for each conversation as written (``SMSConversationDirectory/Spelling``) the channel it is
/// part of.
///
/// A phone number is read as dialled in the backup's region (`--phone-region`, else the region of
/// most numbers written with a country code); one libphonenumber cannot read as a complete number
/// (a short code, a local number without area code, any number when no region is known) is kept
/// as written, without formatting; addresses with letters or `@` are never phone numbers.
/// Spellings whose numbers are the same are one conversation:
/// - Its channel id is the spelling's (`sms:` and its key) when it is the only spelling, so a
///   conversation that does not merge keeps the id it always had; a conversation of several
///   spellings gets `sms:` and its E.164 key (the numbers sorted and `~`-joined), and the ids its
///   spellings had before (``Channel/formerIDs``, in order of first appearance; not one equal to
///   its new id), so an archive made by an earlier Parley moves their messages to it.
/// - It is named by the first contact name any of its spellings has (in file order), else by its
///   key as written (one spelling) or in E.164 form (several).
/// - It comes where its first spelling first appears.
struct SMSConversations {
    /// One channel per conversation, in order of first appearance, without messages.
    let channels: [Channel]
    /// The phone region the numbers were read in, nil when none was known.
    let region: PhoneRegion?
    /// The dates (milliseconds) met again after a later one, for ``SyntheticMessageID``.
    let revisited: Set<Int64>
    /// Each spelling's key → the index of its channel.
    private let channelOfSpelling: [String: Int]
    /// Each address of the backup (without formatting) → its E.164 form, or itself.
    private let canonical: [String: String]
    /// The names the backup gives numbers, by E.164 form (or the address as written).
    private let names: [String: String]

    init(directory: SMSConversationDirectory, region: PhoneRegion?) {
        self.region = region
        revisited = directory.revisited
        var canonical: [String: String] = [:]
        for address in directory.spellings.flatMap(\.addresses) + directory.names.keys where canonical[address] == nil {
            canonical[address] = Self.canonical(address, region: region)
        }
        var names: [String: (name: String, record: Int)] = [:]
        for (address, given) in directory.names {
            let number = canonical[address] ?? address
            if names[number].map({ (given.record, given.name) < ($0.record, $0.name) }) ?? true { names[number] = given }
        }
        var groups: [String: [SMSConversationDirectory.Spelling]] = [:]
        var order: [String] = []
        for spelling in directory.spellings {
            let numbers = Set(spelling.addresses.map { canonical[$0] ?? $0 }).sorted()
            let key = numbers.isEmpty ? spelling.key : numbers.joined(separator: "~")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(spelling)
        }
        var channels: [Channel] = []
        var channelOfSpelling: [String: Int] = [:]
        for key in order {
            let spellings = groups[key] ?? []
            let merged = spellings.count > 1
            let contact = spellings.compactMap(\.contact).min { $0.record < $1.record }?.name
            let id = merged ? key : spellings.first?.key ?? key
            let isGroup = merged ? key.contains("~") || key.contains("@") : spellings.first?.isGroup ?? false
            for spelling in spellings { channelOfSpelling[spelling.key] = channels.count }
            var channel = Channel(id: ChannelID("sms:" + id), name: contact ?? id, kind: isGroup ? .group : .direct)
            channel.formerIDs = merged ? spellings.map { ChannelID("sms:" + $0.key) }.filter { $0 != channel.id } : []
            channels.append(channel)
        }
        self.channels = channels
        self.channelOfSpelling = channelOfSpelling
        self.canonical = canonical
        self.names = names.mapValues(\.name)
    }

    /// The channel of the conversation written as `key` (a spelling's key), when the first pass met it.
    func channel(ofSpelling key: String) -> Channel? { channelOfSpelling[key].map { channels[$0] } }

    /// `address` (without formatting) in E.164 form, or as written when it is not a complete phone number.
    /// - Complexity: O(1) for an address of a conversation; a libphonenumber look-up for another.
    func number(_ address: String) -> String { canonical[address] ?? Self.canonical(address, region: region) }

    /// The name the backup gives `number` (an E.164 form from ``number(_:)``), if any.
    func name(of number: String) -> String? { names[number] }

    /// `address` in E.164 form when it is a phone number libphonenumber reads as complete in
    /// `region`, else `address`.
    static func canonical(_ address: String, region: PhoneRegion?) -> String {
        guard SMSConversationDirectory.isPhoneNumber(address) else { return address }
        return PhoneNumber.e164(address, region: region) ?? address
    }
}
