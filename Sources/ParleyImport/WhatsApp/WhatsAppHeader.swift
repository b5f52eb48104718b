/// A line that has the shape of a WhatsApp message header, before the date order is known.
///
/// Three layouts exist: iOS `[date, time] body`, Android `date, time - body` and the old iOS
/// `date, time: body`. The date may follow the time (`[21:41:35, 3/27/22]`); the time may have
/// seconds, dots instead of colons and an AM/PM marker before or after it.
struct WhatsAppHeader {
    enum Layout: UInt8, Hashable { case bracket, dash, colon }

    /// The punctuation of a header; the lines of one export share one shape, so a continuation
    /// line that merely starts with a date does not match.
    struct Shape: Hashable {
        var layout: Layout
        var timeFirst: Bool
        var dateSeparator: Unicode.Scalar
        var hasComma: Bool
        var timeSeparator: Unicode.Scalar
        var hasSeconds: Bool
        var hasMarker: Bool
    }

    /// A calendar era written with the year.
    enum Era: Hashable {
        /// Thai Buddhist era (`2565 BE`): Gregorian year + 543.
        case buddhist
        /// A Japanese era letter (`R4` = Reiwa 4): M, T, S, H or R.
        case japanese(Unicode.Scalar)
    }

    /// One number of the date, as written.
    struct Field: Hashable {
        var value: Int
        var digits: Int
        /// The Japanese era letter written before the number, if any.
        var eraLetter: Unicode.Scalar?
    }

    /// The three numbers of the date in written order, stored inline (no allocation per line).
    struct Fields: Hashable {
        var first: Field
        var second: Field
        var third: Field

        subscript(position: Int) -> Field {
            get {
                switch position {
                case 0: return first
                case 1: return second
                default: return third
                }
            }
            set {
                switch position {
                case 0: first = newValue
                case 1: second = newValue
                default: third = newValue
                }
            }
        }
    }

    var shape: Shape
    var fields: Fields
    var buddhistEra: Bool
    var hour: Int
    var minute: Int
    var second: Int
    /// The AM/PM marker, lowercased without dots, spaces or marks (`am`, `pm`, `م`, `午後`).
    var marker: String?
    /// The marker was preceded by `_` instead of a space (a mangled U+202F).
    var markerAfterUnderscore: Bool
    /// The line started with an invisible direction mark (iOS marks media lines this way).
    var leadingMark: Bool
    /// Where the body starts, in UTF-8 bytes from the line's start.
    var bodyOffset: Int
}
