import Foundation

/// A strict reader of JSON text over UTF-8 bytes, for ``MessageRecordReader``'s fast path:
/// objects, arrays, strings (every escape, surrogate pairs joined), integers, `true`, `false`
/// and `null`, with JSON white space between tokens.
///
/// It reads a subset of what `JSONDecoder` reads and refuses everything else by throwing
/// ``Refusal``, so the caller can fall back to `JSONDecoder`: a number with a fraction or an
/// exponent, `-0` or out of `Int` range, invalid UTF-8, a lone surrogate, a raw control
/// character in a string, a key with an escape or a non-ASCII byte (`JSONDecoder` compares keys
/// as Swift strings, by canonical equivalence), a key given twice, nesting deeper than
/// ``maximumDepth``, and any broken JSON.
/// - Complexity: every read is O(n) in the bytes it consumes.
struct JSONScanner {
    /// The scanner gives up on these bytes: they may be valid JSON that it does not read.
    struct Refusal: Error {}

    /// How deep values skipped under unknown keys may nest.
    static let maximumDepth = 32

    /// The JSON text.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    private var position = 0

    /// A scanner at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A key: printable ASCII without escapes (see the type's rules), as its length and its first
    /// 16 bytes packed into two words, little-endian and zero-padded: two keys of at most 16 bytes
    /// are equal when these are.
    struct Key {
        /// The key's length in bytes.
        var count: Int
        /// Its first 16 bytes.
        var packed: (UInt64, UInt64)

        /// The key of `bytes`.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            count = bytes.count
            packed = (0, 0)
            for index in 0..<min(bytes.count, 16) {
                if index < 8 {
                    packed.0 |= UInt64(bytes[index]) << (8 * index)
                } else {
                    packed.1 |= UInt64(bytes[index]) << (8 * (index - 8))
                }
            }
        }

        /// The key of `count` bytes packed as `packed`.
        init(count: Int, packed: (UInt64, UInt64)) {
            self.count = count
            self.packed = packed
        }
    }

    /// Consumes the white space before the next token and returns its first byte.
    /// - Throws: ``Refusal`` at the end of the text.
    @inline(__always)
    private mutating func peek() throws(Refusal) -> UInt8 {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            position += 1
        }
        throw Refusal()
    }

    /// The text from the next token (white space before it consumed) to the end.
    /// - Throws: ``Refusal`` at the end of the text.
    mutating func rest() throws(Refusal) -> UnsafeBufferPointer<UInt8> {
        _ = try peek()
        return UnsafeBufferPointer(rebasing: bytes[position...])
    }

    /// The number of bytes not consumed yet.
    var remaining: Int { bytes.count - position }

    /// Consumes `count` bytes of ``rest()`` the caller has read.
    mutating func pass(_ count: Int) { position += count }

    /// Consumes `byte`, the next token.
    /// - Throws: ``Refusal`` when the next token is another.
    mutating func expect(_ byte: UInt8) throws(Refusal) {
        guard try peek() == byte else { throw Refusal() }
        position += 1
    }

    /// Consumes the white space after the value read last.
    /// - Throws: ``Refusal`` unless that is the end of the text.
    mutating func expectEnd() throws(Refusal) {
        guard (try? peek()) == nil else { throw Refusal() }
    }

    /// Consumes `null` when it is the next token.
    mutating func null() throws(Refusal) -> Bool {
        guard try peek() == 0x6E else { return false }
        try literal("null")
        return true
    }

    /// The next member's key in an object whose `{` was consumed, with its `:` consumed; nil
    /// after the object's closing `}`. `first` is true until a member was read.
    /// - Throws: ``Refusal`` for a missing comma or colon, or a key outside the type's rules.
    mutating func key(first: inout Bool) throws(Refusal) -> Key? {
        var byte = try peek()
        if byte == 0x7D {
            position += 1
            return nil
        }
        if !first {
            guard byte == 0x2C else { throw Refusal() }
            position += 1
            byte = try peek()
        }
        first = false
        guard byte == 0x22 else { throw Refusal() }
        position += 1
        let start = position
        let key: Key
        if let short = JSONStringBytes.shortASCII(in: bytes, from: start) {
            key = Key(count: short.count, packed: short.packed)
            position += short.count
        } else {
            var nonASCII = false
            position += JSONStringBytes.plainRun(in: bytes, from: position, nonASCII: &nonASCII)
            guard !nonASCII, position < bytes.count, bytes[position] == 0x22 else { throw Refusal() }
            key = Key(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        }
        position += 1
        if position < bytes.count, bytes[position] == 0x3A {
            position += 1
        } else {
            try expect(0x3A)
        }
        return key
    }

    /// The elements of an array, each read by `element`.
    /// - Throws: ``Refusal`` for anything but an array, or what `element` throws.
    mutating func array<Element>(_ element: (inout JSONScanner) throws(Refusal) -> Element) throws(Refusal) -> [Element] {
        try expect(0x5B)
        var elements: [Element] = []
        if try peek() == 0x5D {
            position += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            switch try peek() {
            case 0x2C: position += 1
            case 0x5D:
                position += 1
                return elements
            default: throw Refusal()
            }
        }
    }

    /// A string.
    /// - Throws: ``Refusal`` for anything but a string, or one outside the type's rules.
    mutating func string() throws(Refusal) -> String {
        try withString { utf8, nonASCII in Self.string(utf8, nonASCII: nonASCII) }
    }

    /// A string of ASCII characters (escaped or not), its bytes handed to `read`.
    /// - Throws: ``Refusal`` for anything but a string, a string outside the type's rules or with
    ///   a character beyond ASCII, or when `read` returns nil.
    mutating func asciiString<Value>(_ read: (UnsafeBufferPointer<UInt8>) -> Value?) throws(Refusal) -> Value {
        try withString { utf8, nonASCII in nonASCII ? nil : read(utf8) }
    }

    /// Consumes a string that is `word` (ASCII), escaped or not.
    /// - Throws: ``Refusal`` for anything else.
    mutating func expectString(_ word: StaticString) throws(Refusal) {
        _ = try asciiString { utf8 in
            utf8.count == word.utf8CodeUnitCount && memcmp(utf8.baseAddress!, word.utf8Start, utf8.count) == 0 ? true : nil
        }
    }

    /// An integer: `-`, then `0` or digits without a leading zero, within `Int`'s range, not
    /// followed by a fraction or an exponent.
    /// - Throws: ``Refusal`` for anything else.
    mutating func integer() throws(Refusal) -> Int {
        let negative = try peek() == 0x2D
        if negative { position += 1 }
        guard position < bytes.count, bytes[position] &- 0x30 < 10 else { throw Refusal() }
        var value = 0
        if bytes[position] == 0x30 {
            guard !negative else { throw Refusal() }
            position += 1
        } else {
            while position < bytes.count, bytes[position] &- 0x30 < 10 {
                let digit = Int(bytes[position] &- 0x30)
                let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
                let (next, carry) = negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
                guard !overflow, !carry else { throw Refusal() }
                value = next
                position += 1
            }
        }
        if position < bytes.count {
            switch bytes[position] {
            case 0x2E, 0x45, 0x65, 0x30...0x39: throw Refusal()
            default: break
            }
        }
        return value
    }

    /// A value read by `read`, or nil for `null` (how `JSONDecoder` reads an optional).
    /// - Throws: ``Refusal`` when `read` throws it.
    mutating func optional<Value>(_ read: (inout JSONScanner) throws(Refusal) -> Value) throws(Refusal) -> Value? {
        try null() ? nil : try read(&self)
    }

    /// A string, or nil for `null`.
    /// - Throws: ``Refusal`` for anything else.
    mutating func optionalString() throws(Refusal) -> String? { try null() ? nil : try string() }

    /// An integer, or nil for `null`.
    /// - Throws: ``Refusal`` for anything else.
    mutating func optionalInteger() throws(Refusal) -> Int? { try null() ? nil : try integer() }

    /// `true` or `false`, or nil for `null`.
    /// - Throws: ``Refusal`` for anything else.
    mutating func optionalBool() throws(Refusal) -> Bool? { try null() ? nil : try bool() }

    /// A case of `Value` named by a string, or nil for `null`.
    /// - Throws: ``Refusal`` for anything else.
    mutating func optionalEnumeration<Value: RawRepresentable>() throws(Refusal) -> Value? where Value.RawValue == String {
        try null() ? nil : try enumeration()
    }

    /// An array of elements read by `element`, or nil for `null`.
    /// - Throws: ``Refusal`` for anything else, or what `element` throws.
    mutating func optionalArray<Element>(_ element: (inout JSONScanner) throws(Refusal) -> Element) throws(Refusal) -> [Element]? {
        try null() ? nil : try array(element)
    }

    /// A string naming a case of `Value`, as `JSONDecoder` reads a `String`-backed enum.
    /// - Throws: ``Refusal`` for anything but a string, or a string that names no case.
    mutating func enumeration<Value: RawRepresentable>() throws(Refusal) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: try string()) else { throw Refusal() }
        return value
    }

    /// `true` or `false`.
    /// - Throws: ``Refusal`` for anything else.
    mutating func bool() throws(Refusal) -> Bool {
        switch try peek() {
        case 0x74:
            try literal("true")
            return true
        case 0x66:
            try literal("false")
            return false
        default: throw Refusal()
        }
    }

    /// Consumes any value (read as strictly as the rest), nesting at most ``maximumDepth`` deep.
    /// A key given twice is accepted here: `JSONDecoder` ignores such a value too.
    /// - Throws: ``Refusal`` for a value outside the type's rules.
    mutating func skipValue(depth: Int = 0) throws(Refusal) {
        guard depth < Self.maximumDepth else { throw Refusal() }
        switch try peek() {
        case 0x7B:
            position += 1
            var first = true
            while try key(first: &first) != nil { try skipValue(depth: depth + 1) }
        case 0x5B: _ = try array { (scanner) throws(Refusal) in try scanner.skipValue(depth: depth + 1) }
        case 0x22: _ = try string()
        case 0x74, 0x66: _ = try bool()
        case 0x6E: _ = try null()
        default: _ = try integer()
        }
    }

    /// Consumes the letters of `word`.
    private mutating func literal(_ word: StaticString) throws(Refusal) {
        guard bytes.count - position >= word.utf8CodeUnitCount else { throw Refusal() }
        for letter in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard bytes[position] == letter else { throw Refusal() }
            position += 1
        }
    }

    /// Reads a string and hands `body` its unescaped bytes, and whether any byte of it as written
    /// is above 0x7F (when none is, the bytes are valid UTF-8: escapes unescape to valid UTF-8).
    /// A string without escapes is handed over in place; one with escapes is unescaped into a
    /// temporary buffer first (escapes never grow, so the written length is enough).
    /// - Throws: ``Refusal`` for anything but a string, a raw control character, a broken escape,
    ///   or when `body` returns nil.
    private mutating func withString<Value>(_ body: (UnsafeBufferPointer<UInt8>, Bool) -> Value?) throws(Refusal) -> Value {
        try expect(0x22)
        let start = position
        var nonASCII = false
        var escaped = false
        while true {
            position += JSONStringBytes.plainRun(in: bytes, from: position, nonASCII: &nonASCII)
            guard position < bytes.count else { throw Refusal() }
            if bytes[position] == 0x22 { break }
            guard bytes[position] == 0x5C else { throw Refusal() }
            escaped = true
            position += 2
        }
        let written = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        let value =
            escaped
            ? withUnsafeTemporaryAllocation(of: UInt8.self, capacity: written.count) { buffer in
                Self.unescape(written, into: buffer).flatMap { body(UnsafeBufferPointer(rebasing: buffer[..<$0]), nonASCII) }
            } : body(written, nonASCII)
        guard let value else { throw Refusal() }
        return value
    }

    /// Unescapes `written` (a string's bytes between its quotes) into `buffer`, at least as long;
    /// returns the length written, nil for a broken escape or a lone surrogate.
    private static func unescape(_ written: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var from = 0
        var count = 0
        while from < written.count {
            var nonASCII = false
            let run = JSONStringBytes.plainRun(in: written, from: from, nonASCII: &nonASCII)
            if run > 0 { (buffer.baseAddress! + count).initialize(from: written.baseAddress! + from, count: run) }
            from += run
            count += run
            guard from < written.count else { break }
            guard written[from] == 0x5C, from + 1 < written.count else { return nil }
            let letter = written[from + 1]
            from += 2
            let byte: UInt8
            switch letter {
            case 0x22, 0x5C, 0x2F: byte = letter
            case 0x62: byte = 0x08
            case 0x66: byte = 0x0C
            case 0x6E: byte = 0x0A
            case 0x72: byte = 0x0D
            case 0x74: byte = 0x09
            case 0x75:
                guard let scalar = scalar(written, from: &from) else { return nil }
                UTF8.encode(scalar) { unit in
                    buffer[count] = unit
                    count += 1
                }
                continue
            default: return nil
            }
            buffer[count] = byte
            count += 1
        }
        return count
    }

    /// The scalar of the `\u` escape whose hex digits start at `from` (and of the low surrogate's
    /// escape after a high one), moving `from` past them; nil for a lone surrogate or bad digits.
    private static func scalar(_ written: UnsafeBufferPointer<UInt8>, from: inout Int) -> Unicode.Scalar? {
        guard var value = hexUnit(written, from: &from).map(UInt32.init) else { return nil }
        if (0xD800..<0xDC00).contains(value) {
            guard written.count - from >= 2, written[from] == 0x5C, written[from + 1] == 0x75 else { return nil }
            from += 2
            guard let low = hexUnit(written, from: &from).map(UInt32.init), (0xDC00..<0xE000).contains(low) else { return nil }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        return Unicode.Scalar(value)
    }

    /// Four hex digits from `from`, the code unit of a `\u` escape, moving `from` past them.
    private static func hexUnit(_ written: UnsafeBufferPointer<UInt8>, from: inout Int) -> UInt16? {
        guard written.count - from >= 4 else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = written[from]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
            from += 1
        }
        return unit
    }

    /// The string of `utf8`, which holds a byte above 0x7F when `nonASCII` is true; nil when it
    /// is not valid UTF-8.
    ///
    /// ASCII is copied as it is (the cheapest way into a `String`). Other text goes through
    /// `String(decoding:as:)`, which replaces what is not UTF-8 with U+FFFD: it did not when its
    /// bytes are `utf8`'s (a replacement never stands for the bytes of U+FFFD itself).
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>, nonASCII: Bool) -> String? {
        guard nonASCII else {
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                if !utf8.isEmpty { buffer.baseAddress!.initialize(from: utf8.baseAddress!, count: utf8.count) }
                return utf8.count
            }
        }
        var string = String(decoding: utf8, as: UTF8.self)
        let unchanged = string.withUTF8 { $0.count == utf8.count && memcmp($0.baseAddress!, utf8.baseAddress!, utf8.count) == 0 }
        return unchanged ? string : nil
    }
}
