import ParleyHTML

/// A rendered message: the whole element, and its parts that a later change may touch.
///
/// The DOM-patch emitter compares two fragments of one message slot by slot and attribute by
/// attribute, so an edit travels as one slot update instead of a re-rendered element.
public struct MessageFragment: Hashable, Sendable {
    /// The element's DOM id (`m-…`).
    public var elementID: String
    /// The element's attributes that may change: `class`.
    public var attributes: [String: String]
    /// Slot name → rendered inner HTML: `reply`, `text`, `edited`, `attachments`, `embeds`,
    /// `stickers`, `reactions`.
    public var slots: [String: SafeHTML]
    /// The whole `<article>` element.
    public var html: SafeHTML
    /// A hash of everything rendered outside the slots and the class attribute (header, ids):
    /// when it differs between two fragments of a message, the element must be replaced.
    public var frame: Int

    public init(elementID: String, attributes: [String: String], slots: [String: SafeHTML], html: SafeHTML, frame: Int = 0) {
        self.elementID = elementID
        self.attributes = attributes
        self.slots = slots
        self.html = html
        self.frame = frame
    }
}

/// DOM ids of the archive's elements: stable, derived from the message id or the day.
public enum DOMID {
    /// `m-` then the id; characters outside `[A-Za-z0-9_-]` are written as `.XX` (hex of each UTF-8 byte).
    public static func message(_ id: String) -> String { "m-" + encode(id) }

    /// `d-YYYY-MM-DD`.
    public static func day(_ isoDate: String) -> String { "d-" + isoDate }

    static func encode(_ text: String) -> String {
        if text.utf8.allSatisfy(isKept) { return text }
        var result = ""
        for byte in text.utf8 {
            if isKept(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "." + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// `[A-Za-z0-9_-]`: written as is.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: return true
        default: return false
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
