import ParleyModel
import ParleyPhone

/// The conversations of an SMS backup as written, found by a first pass over it, and what decides
/// which of them are one: the backup's phone region and the contacts' names.
///
/// A conversation as written (a *spelling*) is an address, or a set of addresses for a group MMS
/// (`a~b~c`), compared without formatting (`+1 (555) 010-0123` = `+15550100123`): its key is
/// those addresses sorted and `~`-joined, the channel id Parley has always given it. After the
/// pass, ``resolved(region:)`` reads every phone number in E.164 form (libphonenumber, through
/// ``PhoneNumber``), so `(415) 555-0199`, `4155550199` and `+1 415-555-0199` are one conversation.
/// Memory: O(conversations + distinct addresses + timestamps met again after a later one).
struct SMSConversationDirectory {
    /// One conversation as written.
    struct Spelling {
        /// Its addresses without formatting, sorted and `~`-joined (`unknown` when there are none).
        var key: String
        /// Its addresses without formatting, as the first record wrote them.
        var addresses: [String]
        /// Its first contact name and the index of the record that gave it.
        var contact: (name: String, record: Int)?
        var isGroup: Bool
    }

    /// The spellings in order of first appearance.
    private(set) var spellings: [Spelling] = []
    private var index: [String: Int] = [:]
    /// The name the backup gives each address (without formatting): a one-to-one conversation's
    /// contact, or a group's `contact_name` when it lists one name per address — the first given,
    /// with the index of the record that gave it.
    private(set) var names: [String: (name: String, record: Int)] = [:]
    /// How many distinct addresses written with a country code belong to each region, and the
    /// regions in order of first appearance (ties go to the first).
    private var regionCounts: [PhoneRegion: Int] = [:]
    private var regionOrder: [PhoneRegion] = []
    private var tallied: Set<String> = []
    private var records = 0
    private var latest: Int64?
    /// The dates (milliseconds) met again after a later one, for ``SyntheticMessageID``.
    private(set) var revisited: Set<Int64> = []

    /// Takes the next record in file order.
    mutating func add(_ record: SMSRecord) {
        defer { records += 1 }
        let (key, addresses) = Self.conversation(of: record)
        let contact = Self.contact(of: record)
        if let position = index[key] {
            if spellings[position].contact == nil, let contact { spellings[position].contact = (contact, records) }
        } else {
            index[key] = spellings.count
            spellings.append(
                Spelling(
                    key: key, addresses: addresses, contact: contact.map { ($0, records) },
                    isGroup: addresses.count > 1 || key.contains("@")))
            for address in addresses { tally(address) }
        }
        if let contact { name(addresses, contact) }
        if let latest, record.date < latest {
            revisited.insert(record.date)
        } else {
            latest = record.date
        }
    }

    /// The region of most of the backup's distinct numbers written with a country code (the first
    /// met of those with as many); nil when none carries one.
    var prevailingRegion: PhoneRegion? {
        var best: PhoneRegion?
        for region in regionOrder where regionCounts[region, default: 0] > best.map({ regionCounts[$0, default: 0] }) ?? 0 {
            best = region
        }
        return best
    }

    /// The conversations once every number is read as dialled in `region` (`--phone-region`;
    /// nil: ``prevailingRegion``).
    /// - Complexity: O(addresses) libphonenumber look-ups, a few microseconds each.
    func resolved(region: PhoneRegion?) -> SMSConversations {
        SMSConversations(directory: self, region: region ?? prevailingRegion)
    }

    /// The conversation's key (its addresses without formatting, sorted, `~`-joined; `unknown`
    /// when there are none) and its addresses without formatting, as the record writes them.
    static func conversation(of record: SMSRecord) -> (key: String, addresses: [String]) {
        let addresses = record.address.split(separator: "~").map { normalize(String($0)) }.filter { !$0.isEmpty }
        return (addresses.isEmpty ? "unknown" : addresses.sorted().joined(separator: "~"), addresses)
    }

    /// The record's contact name, unless the app wrote `(Unknown)`.
    static func contact(of record: SMSRecord) -> String? { record.contactName.flatMap { $0 == "(Unknown)" ? nil : $0 } }

    /// A phone number without spaces, dashes, dots and parentheses; other addresses (e-mail, RCS
    /// group ids such as `group_8@rcs.google.com`, names such as `AMAZON`, an address longer than
    /// any phone number) only trimmed.
    static func normalize(_ address: String) -> String {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        guard isPhoneNumber(trimmed) else { return trimmed }
        return String(trimmed.unicodeScalars.filter { !" -.()\u{00A0}".unicodeScalars.contains($0) }.map(Character.init))
    }

    /// Whether `address` may be a phone number: it holds no letter and no `@`, and it is no longer
    /// than libphonenumber reads (``PhoneNumber/longestInput``; a longer one is kept as written).
    static func isPhoneNumber(_ address: String) -> Bool {
        address.utf8.count <= PhoneNumber.longestInput && !address.contains { $0.isLetter || $0 == "@" }
    }

    /// Counts `address` (without formatting) towards its country's region, once.
    private mutating func tally(_ address: String) {
        guard address.hasPrefix("+"), tallied.insert(address).inserted, let region = PhoneNumber.countryRegion(of: address) else { return }
        if regionCounts[region] == nil { regionOrder.append(region) }
        regionCounts[region, default: 0] += 1
    }

    /// Names the addresses of a record whose contact name is `contact`: a one-to-one conversation's
    /// address, or a group's addresses when `contact` is one `, `-separated name per address.
    private mutating func name(_ addresses: [String], _ contact: String) {
        let parts = addresses.count == 1 ? [contact] : contact.components(separatedBy: ", ")
        guard parts.count == addresses.count else { return }
        for (address, part) in zip(addresses, parts) where part != "(Unknown)" && !part.isEmpty && names[address] == nil {
            names[address] = (part, records)
        }
    }
}
