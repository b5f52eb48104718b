import Foundation
import ParleyArchive
import ParleyPhone

/// Choices the user makes about how inputs are read (`parley render --me`, `--date-order`,
/// `--phone-region`, `--max-entry-size`, `--max-zip-ratio`).
public struct ImportOptions: Hashable, Sendable {
    /// The exporting user's name as the export shows it: their messages are marked outgoing
    /// (WhatsApp), and it names the owner of an SMS backup. Nil when not given.
    public var me: String?
    /// The order of day, month and year in WhatsApp dates; nil to decide from the whole file.
    public var dateOrder: DateOrder?
    /// The region where an SMS backup's numbers written without a country code were dialled (`(415)
    /// 555-0199` in `US`); nil to take the region most of the backup's numbers written with one belong to.
    public var phoneRegion: PhoneRegion?
    /// The zone in which wall-clock times with no zone (WhatsApp's) are taken as instants:
    /// `--timezone`, UTC by default (``WhatsAppImporter``).
    public var timeZone: TimeZone = .gmt
    /// The most bytes one zip entry (a day file, a chat `.txt`, `conversations.json`) may inflate
    /// to; 1 GiB by default. Counted as the bytes stream out, whatever the zip declares.
    public var maxEntryBytes: Int64 = ZipLimits().maxEntryBytes
    /// The most uncompressed bytes per compressed byte of a zip entry past its first 16 MiB; 200
    /// by default (real exports compress about 5–20:1, zip bombs about 1000:1).
    public var maxZipRatio: Int64 = ZipLimits().maxRatio
    /// Where media that exist only inside an input — an SMS backup's MMS parts — are written,
    /// decoded, each as a file named by the 64 lowercase hex digits of its SHA-256 (`parley render`
    /// passes its archive store's `DIR/.parley/media/`); the attachment then names its file by an
    /// RFC 6920 `ni:` URI (``ContentURI``). Nil (the default): such media is measured, not kept.
    public var mediaFolder: URL?

    /// Options with the exporting user's name, a forced WhatsApp date order and an SMS backup's
    /// phone region, all optional.
    public init(me: String? = nil, dateOrder: DateOrder? = nil, phoneRegion: PhoneRegion? = nil) {
        self.me = me
        self.dateOrder = dateOrder
        self.phoneRegion = phoneRegion
    }

    /// The caps on what is read from one zip entry.
    var zipLimits: ZipLimits { ZipLimits(maxEntryBytes: maxEntryBytes, maxRatio: maxZipRatio) }
}

/// The order of the day, month and year fields in a numeric date such as `03/04/22`.
public enum DateOrder: String, CaseIterable, Hashable, Sendable {
    /// Day, month, year (`18/03/2022`): most of the world.
    case dmy
    /// Month, day, year (`3/18/22`): the United States and a few others.
    case mdy
    /// Year, month, day (`2022/03/18`): ISO 8601, East Asia.
    case ymd

    /// `day/month/year` and so on, for messages.
    public var spelledOut: String {
        switch self {
        case .dmy: return "day/month/year"
        case .mdy: return "month/day/year"
        case .ymd: return "year/month/day"
        }
    }
}
