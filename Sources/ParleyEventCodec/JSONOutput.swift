import ParleyModel

/// JSON text written straight into UTF-8 bytes, the way `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` writes it on this platform: no white space, strings
/// with `"` and `\` escaped, the control characters U+0000–U+001F as `\b \t \n \f \r` or
/// `\u00xx` (lower-case hex), everything else (`/`, U+007F, U+2028, any non-ASCII) as it is, and
/// integers in decimal.
///
/// The caller writes an object's members in sorted key order; the output only places the commas.
/// The bytes are written into memory of the output's own, grown by doubling, and handed over
/// once at the end (``append(to:)``): no write pays for an array's checks.
/// - Complexity: O(n) in the bytes written.
struct JSONOutput: ~Copyable {
    /// The memory written to: `capacity` bytes, the first `count` written.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Whether the open object or array already holds a value, so the next one needs a comma.
    private var continues = false

    /// An empty output with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Appends the bytes written to `bytes`.
    consuming func append(to bytes: inout [UInt8]) { bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, as a string (one copy, no array on the way).
    consuming func string() -> String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// `{`.
    mutating func beginObject() {
        byte(0x7B)
        continues = false
    }

    /// `}`.
    mutating func endObject() {
        byte(0x7D)
        continues = true
    }

    /// `"key":`, after a comma when the object already has a member. `key` needs no escaping.
    mutating func key(_ key: StaticString) {
        reserve(key.utf8CodeUnitCount + 4)
        if continues { put(0x2C) }
        put(0x22)
        (base + count).initialize(from: key.utf8Start, count: key.utf8CodeUnitCount)
        count += key.utf8CodeUnitCount
        put(0x22)
        put(0x3A)
    }

    /// A member whose value is a string.
    mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// A member whose value is a string; left out when nil.
    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        member(key, value)
    }

    /// A member whose value is an instant, as its RFC 3339 string (`Timestamp.description`);
    /// left out when nil.
    mutating func member(_ key: StaticString, _ value: Timestamp?) {
        guard let value else { return }
        let time = CivilTime(utcMilliseconds: value.milliseconds)
        guard time.fitsRFC3339 else { return member(key, value.description) }
        self.key(key)
        reserve(26)
        put(0x22)
        time.writeRFC3339(into: UnsafeMutableBufferPointer(start: base + count, count: 24))
        count += 24
        put(0x22)
        continues = true
    }

    /// A member whose value is an integer; left out when nil.
    mutating func member(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        self.key(key)
        integer(value)
    }

    /// A member whose value is an integer; left out when nil.
    mutating func member(_ key: StaticString, _ value: Int?) { member(key, value.map { Int64($0) }) }

    /// A member whose value is `true` or `false`.
    mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        let literal: StaticString = value ? "true" : "false"
        reserve(5)
        (base + count).initialize(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        count += literal.utf8CodeUnitCount
        continues = true
    }

    /// The value of a member of ``object(_:)``: a member whose value is nil is left out.
    enum Value {
        case string(String?)
        case int(Int?)
        case int64(Int64?)
        case bool(Bool?)
        case timestamp(Timestamp?)
    }

    /// An object of `members`, in the order given (sorted by key); members whose value is nil
    /// are left out.
    @inline(__always)
    mutating func object(_ members: KeyValuePairs<StaticString, Value>) {
        beginObject()
        for (key, value) in members {
            switch value {
            case let .string(string): member(key, string)
            case let .int(integer): member(key, integer)
            case let .int64(integer): member(key, integer)
            case let .bool(bool): if let bool { member(key, bool) }
            case let .timestamp(timestamp): member(key, timestamp)
            }
        }
        endObject()
    }

    /// A member whose value is an array of `elements`, each written by `write`.
    mutating func member<Element>(_ key: StaticString, _ elements: [Element], _ write: (inout JSONOutput, Element) -> Void) {
        self.key(key)
        byte(0x5B)
        for (index, element) in elements.enumerated() {
            if index > 0 { byte(0x2C) }
            write(&self, element)
        }
        byte(0x5D)
        continues = true
    }

    /// A member whose value is an array; left out when the array is empty (the record's rule
    /// for its optional lists).
    mutating func nonEmptyMember<Element>(_ key: StaticString, _ elements: [Element], _ write: (inout JSONOutput, Element) -> Void) {
        guard !elements.isEmpty else { return }
        member(key, elements, write)
    }

    /// A string value, quoted and escaped.
    mutating func string(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ escape($0) }) == nil {
            var copy = value
            copy.withUTF8 { escape($0) }
        }
        continues = true
    }

    /// An integer value in decimal, `-` before a negative one.
    mutating func integer(_ value: Int64) {
        reserve(20)
        if value < 0 { put(0x2D) }
        let start = count
        var rest = value.magnitude
        repeat {
            put(UInt8(truncatingIfNeeded: 0x30 &+ rest % 10))
            rest /= 10
        } while rest > 0
        var digits = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        digits.reverse()
        continues = true
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Appends `input` in quotes, escaping what JSON strings must: runs that need nothing are
    /// copied whole.
    private mutating func escape(_ input: UnsafeBufferPointer<UInt8>) {
        reserve(input.count + 2)
        put(0x22)
        var position = 0
        var nonASCII = false
        while true {
            let run = JSONStringBytes.plainRun(in: input, from: position, nonASCII: &nonASCII)
            if run > 0 {
                (base + count).initialize(from: input.baseAddress! + position, count: run)
                count += run
            }
            position += run
            guard position < input.count else { break }
            let byte = input[position]
            position += 1
            reserve(6 + input.count - position + 1)
            put(UInt8(ascii: "\\"))
            switch byte {
            case 0x22, 0x5C: put(byte)
            case 0x08: put(UInt8(ascii: "b"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0C: put(UInt8(ascii: "f"))
            case 0x0D: put(UInt8(ascii: "r"))
            default:
                put(UInt8(ascii: "u"))
                put(0x30)
                put(0x30)
                put(Self.hexDigits.utf8Start[Int(byte >> 4)])
                put(Self.hexDigits.utf8Start[Int(byte & 0x0F)])
            }
        }
        put(0x22)
    }

    /// Appends one byte.
    private mutating func byte(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    /// Writes `byte` in room already reserved.
    private mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Makes room for `extra` more bytes, doubling the memory as often as needed.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }
}
