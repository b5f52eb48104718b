/// Writes HTML as UTF-8 bytes, escaping every value for the context it is written in.
///
/// This is Parley's one escaping layer. Text escapes `& < > " '`; attribute values are always
/// double-quoted and escape the same set; the control characters no page holds (C0 controls but
/// tab, line feed and carriage return, and DEL: `ControlCharacters`' set, which the importers
/// already replace) are written as U+FFFD; URLs pass ``URLPolicy`` first. Element and attribute
/// names are `StaticString`s, so no input can ever become markup.
/// - Complexity: O(n) in the bytes written; values are scanned once.
public struct HTMLWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Text content, escaped.
    public mutating func text(_ value: String) {
        // Read in place when the string is stored as UTF-8 (a native or small string), without
        // the copy, retain and release that `withUTF8` needs to be handed a mutable string.
        if value.utf8.withContiguousStorageIfAvailable({ escape($0) }) != nil { return }
        var value = value
        value.withUTF8 { escape($0) }
    }

    /// An already-safe fragment (from a template, the sanitizer or another writer).
    public mutating func html(_ fragment: SafeHTML) { bytes.append(contentsOf: fragment.bytes) }

    /// `<name attr="value" …>`. Attributes with a nil value are left out.
    public mutating func open(_ name: StaticString, _ attributes: [(StaticString, AttributeValue?)] = []) {
        bytes.append(0x3C)
        appendStatic(name)
        for (attribute, value) in attributes {
            guard let value else { continue }
            switch value {
            case let .text(text): self.attribute(attribute, text)
            case let .url(url):
                if let safe = URLPolicy.sanitize(url) { self.attribute(attribute, safe) }
            }
        }
        bytes.append(0x3E)
    }

    /// `</name>`.
    public mutating func close(_ name: StaticString) {
        bytes.append(contentsOf: [0x3C, 0x2F])
        appendStatic(name)
        bytes.append(0x3E)
    }

    /// The finished fragment.
    public var fragment: SafeHTML { SafeHTML(trusted: bytes) }

    mutating func attribute(_ name: StaticString, _ value: String) {
        bytes.append(0x20)
        appendStatic(name)
        bytes.append(contentsOf: [0x3D, 0x22])
        text(value)
        bytes.append(0x22)
    }

    mutating func appendStatic(_ value: StaticString) {
        value.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendRaw(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    mutating func appendRaw(_ value: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: value) }

    mutating func appendRaw(_ byte: UInt8) { bytes.append(byte) }

    mutating func escape(_ input: UnsafeBufferPointer<UInt8>) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        var start = 0
        var index = 0
        while index < count {
            // A word of 8 bytes none of which may need a replacement is passed over at once; any
            // other is read byte by byte.
            let end = min(index + 8, count)
            if end - index == 8, !Self.mayReplace(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))) {
                index = end
                continue
            }
            while index < end {
                let byte = base[index]
                index += 1
                // Most bytes of text need nothing: one comparison, or one bit of a mask below 0x40.
                guard byte < 0x40 ? Self.escapedBelow0x40 >> byte & 1 == 1 : byte == 0x7F else { continue }
                let replacement: [UInt8]
                switch byte {
                case 0x26: replacement = Self.amp
                case 0x3C: replacement = Self.lt
                case 0x3E: replacement = Self.gt
                case 0x22: replacement = Self.quot
                case 0x27: replacement = Self.apos
                default: replacement = Self.replacementCharacter
                }
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - 1 - start))
                bytes.append(contentsOf: replacement)
                start = index
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// Whether a word of 8 bytes holds one that ``escape(_:)`` may replace: a control (below 0x20,
    /// tab, line feed and carriage return among them, which the byte path tells apart), DEL, or
    /// `"`, `&`, `'`, `<`, `>`. The tests for a byte below a bound and for a zero byte of Sean
    /// Eron Anderson's "Bit Twiddling Hacks" (exact for whether any byte is one; a byte not ASCII
    /// is none).
    @inline(__always)
    static func mayReplace(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quote = zeroByte(word ^ ones &* 0x22) | zeroByte(word ^ ones &* 0x26) | zeroByte(word ^ ones &* 0x27)
        let angle = zeroByte(word ^ ones &* 0x3C) | zeroByte(word ^ ones &* 0x3E) | zeroByte(word ^ ones &* 0x7F)
        return control | quote | angle != 0
    }

    /// Bit `b` set for each byte `b` below 0x40 that ``escape(_:)`` replaces: `"` (0x22), `&`
    /// (0x26), `'` (0x27), `<` (0x3C), `>` (0x3E) and the control characters other than tab, line
    /// feed and carriage return (0x00–0x08, 0x0B, 0x0C, 0x0E–0x1F). HTMLEscapingTests checks it
    /// against the replacements for every byte.
    static let escapedBelow0x40: UInt64 = 0x5000_00C4_FFFF_D9FF

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)
    private static let replacementCharacter = Array("\u{FFFD}".utf8)
}

/// A value for an attribute written by ``HTMLWriter/open(_:_:)``.
public enum AttributeValue: Sendable, Hashable {
    /// Plain text, escaped.
    case text(String)
    /// A URL: written only if ``URLPolicy`` allows it, else the attribute is left out.
    case url(String)
}
