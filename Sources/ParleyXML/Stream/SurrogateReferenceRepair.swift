/// Repairs, in a byte stream on its way to libxml2, the UTF-16 surrogate character references
/// that Android writes for characters outside the Basic Multilingual Plane and that XML forbids:
/// `&#55357;&#56397;` (a high then a low surrogate) becomes one reference to U+1F44D, and a
/// surrogate without its pair becomes U+FFFD (counted). libxml2 would stop at the first of them.
///
/// Every rewrite keeps the length of what it replaces (the new reference's decimal digits are
/// padded with zeros: `&#0000000128077;`), so libxml2's lines and byte offsets stay those of the
/// input. Text in comments, CDATA sections and processing instructions is left alone. The input
/// may arrive in chunks cut anywhere: ``repair(_:atEnd:)`` decides a prefix of what it is given
/// and leaves a possibly cut reference or markup opener (at most ``longestUndecided`` bytes) to
/// be given again with what follows.
///
/// It also refuses a document that declares entities (`<!ENTITY`): the reader reads with
/// `XML_PARSE_HUGE` (text nodes and attributes past 10 MB), which in libxml2 2.9 turns off the
/// guard against exponential entity expansion, and no SMS backup declares one.
struct SurrogateReferenceRepair {
    /// What a call decided.
    enum Outcome: Equatable {
        /// The first `count` bytes are final (repaired in place); the rest must be given again.
        case decided(Int)
        /// The document declares an entity (`<!ENTITY`) at this byte offset of the input.
        case refused(byteOffset: Int)
    }

    /// Where the bytes being read stand.
    private enum Context {
        case content, comment, cdata, instruction
    }

    /// The most bytes a call may leave undecided: two references of ``maximumDigits`` digits.
    static let longestUndecided = 2 * (maximumDigits + 4)
    /// References with more digits than this are left to libxml2.
    private static let maximumDigits = 24

    private var context = Context.content
    /// Surrogates without their pair, replaced by U+FFFD.
    private(set) var loneSurrogates = 0
    /// Surrogate pairs joined into one reference.
    private(set) var joinedPairs = 0
    /// The line (1-based) and byte offset of the first lone surrogate's reference.
    private(set) var firstLone: (line: Int, byteOffset: Int)?
    /// The line (1-based) of the first byte not yet decided.
    private(set) var line = 1
    /// How many bytes were decided before the current slice.
    private(set) var offset = 0

    /// Repairs what it can decide of `bytes` (the input from the first byte not yet decided) in
    /// place; `atEnd` when no byte follows them.
    /// - Complexity: O(`bytes.count`).
    mutating func repair(_ bytes: UnsafeMutableBufferPointer<UInt8>, atEnd: Bool) -> Outcome {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            let step: Int?
            switch context {
            case .content where byte == UInt8(ascii: "&"): step = reference(bytes, at: index, atEnd: atEnd)
            case .content where byte == UInt8(ascii: "<"):
                guard let opened = opener(bytes, at: index, atEnd: atEnd) else { return decided(index) }
                if opened < 0 { return .refused(byteOffset: offset + index) }
                step = opened
            case .comment where byte == UInt8(ascii: "-"): step = closer("-->", .content, bytes, at: index, atEnd: atEnd)
            case .cdata where byte == UInt8(ascii: "]"): step = closer("]]>", .content, bytes, at: index, atEnd: atEnd)
            case .instruction where byte == UInt8(ascii: "?"): step = closer("?>", .content, bytes, at: index, atEnd: atEnd)
            default: step = 1
            }
            guard let step else { return decided(index) }
            index += step
        }
        return decided(index)
    }

    private mutating func decided(_ count: Int) -> Outcome {
        offset += count
        return .decided(count)
    }

    /// Handles the `&` at `index`: a surrogate reference (with its pair) is rewritten. Returns the
    /// bytes passed, or nil when what follows must be seen first.
    private mutating func reference(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Int? {
        guard let first = Self.scan(bytes, at: index, atEnd: atEnd) else { return nil }
        guard case let .reference(value, length) = first, (0xD800...0xDFFF).contains(value) else { return 1 }
        if value <= 0xDBFF {
            guard let second = Self.scan(bytes, at: index + length, atEnd: atEnd) else { return nil }
            if case let .reference(low, lowLength) = second, (0xDC00...0xDFFF).contains(low) {
                let scalar = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                Self.write(scalar, into: bytes, at: index, length: length + lowLength)
                joinedPairs += 1
                return length + lowLength
            }
        }
        Self.write(0xFFFD, into: bytes, at: index, length: length)
        loneSurrogates += 1
        if firstLone == nil { firstLone = (line, offset + index) }
        return length
    }

    /// What stands at `index`.
    private enum Scanned {
        /// A numeric character reference of `length` bytes to `value`.
        case reference(value: Int, length: Int)
        /// Anything else.
        case other
    }

    /// Reads a numeric character reference (`&#123;`, `&#x7B;`) at `index`; nil when the slice
    /// ends before it can tell.
    private static func scan(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Scanned? {
        var cursor = index
        func next() -> UInt8?? {
            guard cursor < bytes.count else { return atEnd ? .some(nil) : nil }
            defer { cursor += 1 }
            return .some(bytes[cursor])
        }
        guard let ampersand = next() else { return nil }
        guard ampersand == UInt8(ascii: "&") else { return .other }
        guard let hash = next() else { return nil }
        guard hash == UInt8(ascii: "#") else { return .other }
        guard var current = next() else { return nil }
        let radix = current == UInt8(ascii: "x") ? 16 : 10
        if radix == 16 {
            guard let following = next() else { return nil }
            current = following
        }
        var value = 0, digits = 0
        while let byte = current, let digit = Self.digit(byte, radix: radix) {
            digits += 1
            guard digits <= maximumDigits else { return .other }
            value = min(value * radix + digit, 0x110000)
            guard let following = next() else { return nil }
            current = following
        }
        guard digits > 0, current == UInt8(ascii: ";") else { return .other }
        return .reference(value: value, length: cursor - index)
    }

    private static func digit(_ byte: UInt8, radix: Int) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// Writes `&#…;` to `scalar`, its decimal digits padded with zeros to fill `length` bytes
    /// (at least 8, the shortest surrogate reference: room for any scalar's 7 digits).
    private static func write(_ scalar: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, length: Int) {
        let digits = Array(String(scalar).utf8)
        let padding = length - 3 - digits.count
        bytes[index] = UInt8(ascii: "&")
        bytes[index + 1] = UInt8(ascii: "#")
        for position in 0..<padding { bytes[index + 2 + position] = UInt8(ascii: "0") }
        for (position, digit) in digits.enumerated() { bytes[index + 2 + padding + position] = digit }
        bytes[index + length - 1] = UInt8(ascii: ";")
    }

    /// Handles the `<` at `index`: a comment, CDATA section or processing instruction starts a
    /// context. Returns the bytes passed, -1 for an entity declaration, or nil when what follows
    /// must be seen first.
    private mutating func opener(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Int? {
        for (text, context) in Self.openers {
            switch Self.match(text, bytes, at: index, atEnd: atEnd) {
            case nil: return nil
            case true?:
                guard let context else { return -1 }
                self.context = context
                return text.utf8.count
            case false?: continue
            }
        }
        return 1
    }

    /// What a `<` may open: a context, or an entity declaration (nil).
    private static let openers: [(text: String, context: Context?)] = [
        ("<?", .instruction), ("<!--", .comment), ("<![CDATA[", .cdata), ("<!ENTITY", nil),
    ]

    /// Handles a byte that may start `text`, which ends the current context.
    private mutating func closer(
        _ text: String, _ next: Context, _ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool
    ) -> Int? {
        switch Self.match(text, bytes, at: index, atEnd: atEnd) {
        case nil: return nil
        case true?:
            context = next
            return text.utf8.count
        case false?: return 1
        }
    }

    /// Whether `text` stands at `index`; nil when the slice ends before it can tell.
    private static func match(_ text: String, _ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Bool? {
        for (position, expected) in text.utf8.enumerated() {
            guard index + position < bytes.count else { return atEnd ? false : nil }
            if bytes[index + position] != expected { return false }
        }
        return true
    }
}
