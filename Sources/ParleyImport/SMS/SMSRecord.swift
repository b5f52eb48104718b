/// One `<sms>` or `<mms>` element of an SMS Backup & Restore file, as read.
///
/// Attribute meanings follow the app's schema (SyncTech's `sms.xsd`) and Android's
/// `Telephony` provider: `date` is UTC milliseconds; an SMS `type` is 1 inbox, 2 sent, 3 draft,
/// 4 outbox, 5 failed, 6 queued; an MMS `msg_box` is 1 inbox, 2 sent, 3 drafts, 4 outbox;
/// an `<addr>` `type` is a PDU header field: 137 `From`, 151 `To`, 130 `Cc`, 129 `Bcc`.
struct SMSRecord {
    /// One `<part>` of an MMS.
    struct Part {
        var contentType: String
        var name: String?
        var text: String?
        /// Decoded size of the inline base64 `data`, when present and valid.
        var dataBytes: Int64?
        /// Where the `data` stops being base64, when it is invalid (character offset).
        var invalidDataAt: Int?
        /// The SHA-256 digest of the decoded `data`, when it was kept in the media folder.
        var digest: [UInt8]?
        /// Why valid `data` could not be kept in the media folder.
        var unkept: String?
    }

    var isMMS: Bool
    /// The 1-based line of the element's start tag.
    var line: Int
    var date: Int64
    /// `~`-separated addresses for a group MMS.
    var address: String
    var contactName: String?
    /// SMS `type` or MMS `msg_box`.
    var box: Int
    var body: String
    var subject: String?
    var parts: [Part] = []
    /// `<addr>` entries: (address, PDU field type).
    var addresses: [(String, Int)] = []

    /// Whether the owner of the backup wrote the message (sent, draft, outbox, failed, queued).
    var isOutgoing: Bool { box >= 2 }

    /// A value the app writes as the string "null" when absent.
    static func value(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text != "null" else { return nil }
        return text
    }
}
