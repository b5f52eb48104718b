extension JSONTape {
    /// Builds the tape of the JSON object that begins at `input[0]` from its bytes alone, in one
    /// pass, exactly as the events yajl reports for it would (``JSONStreamReader`` does so for the
    /// records of its tape lists that lie whole in a chunk, and leaves the rest to yajl).
    ///
    /// The grammar is RFC 8259's; what it accepts, yajl accepts and reads alike: strings unescaped
    /// (`\uXXXX` as UTF-8, a surrogate pair as one scalar), numbers kept as written. Whatever it
    /// does not take on, it leaves to yajl — which then reads the record itself, and reports the
    /// error if there is one — by returning nil: the bytes ending before the object does, any byte
    /// out of place, whitespace other than space, tab, line feed and carriage return (yajl also
    /// takes vertical tab and form feed), a control character or invalid UTF-8 in a string (which
    /// the reader then takes from yajl as U+FFFD, ``JSONTreeBuilder/tapeText(_:_:)``), a lone
    /// surrogate escape (which yajl writes as `?` or as an invalid 3-byte form, read as U+FFFD
    /// alike), a number not followed by a delimiter in the input.
    /// - Returns: The object's length in bytes (`{` to `}`), the tape holding it; nil when it was
    ///   left to yajl (the tape then holds part of it, and is reset by the next record).
    /// - Complexity: O(bytes of the object).
    mutating func scanObject(_ input: UnsafeRawBufferPointer) -> Int? {
        reset()
        guard input.count > 1, let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self), base[0] == Byte.openObject
        else { return nil }
        var cursor = Cursor(base: base, count: input.count, index: 1)
        open(.object)
        // Whether the innermost container was just opened (it may close at once).
        var justOpened = true
        while true {
            guard var byte = cursor.skipWhitespace() else { return nil }
            var inObject = nodes[openContainers[openContainers.count - 1]].kind == .object
            if !(justOpened && byte == (inObject ? Byte.closeObject : Byte.closeArray)) {
                if inObject {
                    guard byte == Byte.quote, appendString(.key, &cursor) else { return nil }
                    guard cursor.skipWhitespace() == Byte.colon else { return nil }
                    cursor.index += 1
                    guard let next = cursor.skipWhitespace() else { return nil }
                    byte = next
                }
                switch byte {
                case Byte.openObject, Byte.openArray:
                    open(byte == Byte.openObject ? .object : .array)
                    cursor.index += 1
                    justOpened = true
                    continue
                case Byte.quote: guard appendString(.string, &cursor) else { return nil }
                case UInt8(ascii: "t"):
                    guard cursor.skip(literal: Literal.true, length: 4) else { return nil }
                    append(.bool, nil, flag: true)
                case UInt8(ascii: "f"):
                    guard cursor.index + 5 <= cursor.count, cursor.skip(literal: Literal.alse, length: 4, from: 1) else { return nil }
                    append(.bool, nil, flag: false)
                case UInt8(ascii: "n"):
                    guard cursor.skip(literal: Literal.null, length: 4) else { return nil }
                    append(.null, nil)
                default:
                    let start = cursor.index
                    guard cursor.skipNumber() else { return nil }
                    append(.number, UnsafeRawBufferPointer(start: base + start, count: cursor.index - start))
                }
                guard let next = cursor.skipWhitespace() else { return nil }
                if next == Byte.comma {
                    cursor.index += 1
                    justOpened = false
                    continue
                }
                byte = next
            }
            // `byte` closes the innermost container; so may the bytes after it.
            while true {
                guard byte == (inObject ? Byte.closeObject : Byte.closeArray) else { return nil }
                close()
                cursor.index += 1
                if openContainers.isEmpty { return cursor.index }
                guard let next = cursor.skipWhitespace() else { return nil }
                if next == Byte.comma {
                    cursor.index += 1
                    justOpened = false
                    break
                }
                byte = next
                inObject = nodes[openContainers[openContainers.count - 1]].kind == .object
            }
        }
    }

    /// Appends the string (or key) whose opening quote is at the cursor, unescaped, and moves the
    /// cursor past its closing quote; false when it is left to yajl.
    private mutating func appendString(_ kind: Node.Kind, _ cursor: inout Cursor) -> Bool {
        let base = cursor.base, count = cursor.count
        let offset = bytes.count
        var index = cursor.index + 1
        var run = index
        while true {
            // Eight bytes at a time up to the first that is not printable ASCII other than a quote
            // or a backslash.
            while index + 8 <= count {
                let marked = Word.marked(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                if marked != 0 {
                    index += marked.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < count else { return false }
            let byte = base[index]
            if byte >= 0x20, byte < 0x80, byte != Byte.quote, byte != Byte.backslash {
                index += 1
                continue
            }
            if byte == Byte.quote {
                if run < index { bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + run, count: index - run)) }
                nodes.append(Node(kind: kind, offset: offset, length: bytes.count - offset, end: nodes.count + 1))
                cursor.index = index + 1
                return true
            }
            if byte == Byte.backslash {
                if run < index { bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + run, count: index - run)) }
                guard let next = appendEscape(base, at: index, count: count) else { return false }
                index = next
                run = index
                continue
            }
            guard byte >= 0x80, let length = Self.utf8Length(base, at: index, count: count) else { return false }
            index += length
        }
    }

    /// Appends what the escape whose backslash is at `base[index]` stands for; returns the index
    /// past it, or nil when it is left to yajl.
    private mutating func appendEscape(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        guard index + 1 < count else { return nil }
        let unescaped: UInt8
        switch base[index + 1] {
        case Byte.quote: unescaped = Byte.quote
        case Byte.backslash: unescaped = Byte.backslash
        case UInt8(ascii: "/"): unescaped = UInt8(ascii: "/")
        case UInt8(ascii: "b"): unescaped = 0x08
        case UInt8(ascii: "f"): unescaped = 0x0C
        case UInt8(ascii: "n"): unescaped = 0x0A
        case UInt8(ascii: "r"): unescaped = 0x0D
        case UInt8(ascii: "t"): unescaped = 0x09
        case UInt8(ascii: "u"):
            guard var scalar = Self.hexQuad(base, at: index + 2, count: count) else { return nil }
            var next = index + 6
            if (0xDC00...0xDFFF).contains(scalar) { return nil }
            if (0xD800...0xDBFF).contains(scalar) {
                guard next + 1 < count, base[next] == Byte.backslash, base[next + 1] == UInt8(ascii: "u"),
                    let low = Self.hexQuad(base, at: next + 2, count: count), (0xDC00...0xDFFF).contains(low)
                else { return nil }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            }
            appendUTF8(scalar)
            return next
        default: return nil
        }
        bytes.append(unescaped)
        return index + 2
    }

    /// Appends `scalar` (at most U+10FFFF, not a surrogate) in UTF-8; U+0000 as one zero byte.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80: bytes.append(UInt8(scalar))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The value of the four hexadecimal digits at `base[index]`, or nil.
    private static func hexQuad(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> UInt32? {
        guard index + 4 <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = base[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence of a scalar above U+007F at `base[index]`
    /// (the Unicode Standard's table 3-7: no overlong form, no surrogate, nothing above U+10FFFF),
    /// or nil.
    static func utf8Length(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        let lead = base[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(base[index + offset])
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    /// The literals' bytes as little-endian words (`alse` is `false` after its `f`).
    private enum Literal {
        static let `true`: UInt32 = 0x6575_7274, alse: UInt32 = 0x6573_6C61, null: UInt32 = 0x6C6C_756E
    }

    /// Eight bytes of a string at once, as one little-endian word.
    private enum Word {
        static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

        /// `word` with the high bit of its first byte set (in memory order: the lowest) that is
        /// not printable ASCII, or is a quote or a backslash; bits above that one may be set too,
        /// and no bit when there is none. (A byte is zero where `x − 0x01…` borrows into a byte
        /// whose own high bit is clear: Hacker's Delight §6-1.)
        @inline(__always)
        static func marked(_ word: UInt64) -> UInt64 {
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let control = (word &- ones &* 0x20) & ~word
            return (word | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | control) & highs
        }
    }

    /// The structural bytes of JSON.
    private enum Byte {
        static let openObject = UInt8(ascii: "{"), closeObject = UInt8(ascii: "}")
        static let openArray = UInt8(ascii: "["), closeArray = UInt8(ascii: "]")
        static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    }

    /// A place in the bytes being scanned.
    private struct Cursor {
        let base: UnsafePointer<UInt8>
        let count: Int
        var index: Int

        /// Moves past JSON whitespace (RFC 8259 §2); the byte there, or nil at the end. After a
        /// whitespace byte, a run of spaces (indentation) is passed over eight bytes at a time.
        mutating func skipWhitespace() -> UInt8? {
            while index < count {
                let byte = base[index]
                // Space, tab, line feed and carriage return: bits 32, 9, 10 and 13.
                guard byte <= 0x20, (0x1_0000_2600 as UInt64) >> UInt64(byte) & 1 != 0 else { return byte }
                index = JSONObjectScanner.spaceRunEnd(base, from: index + 1, count: count)
            }
            return nil
        }

        /// Moves past the literal whose bytes from its `offset`th on are the little-endian word
        /// `literal` of `length` bytes, when the bytes spell it.
        mutating func skip(literal: UInt32, length: Int, from offset: Int = 0) -> Bool {
            guard index + offset + length <= count,
                UInt32(littleEndian: UnsafeRawPointer(base + index + offset).loadUnaligned(as: UInt32.self)) == literal
            else { return false }
            index += offset + length
            return true
        }

        /// Moves past a number (RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`)
        /// when one is here and a byte follows it.
        mutating func skipNumber() -> Bool {
            if index < count, base[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count else { return false }
            if base[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                guard skipDigits() else { return false }
            }
            if index < count, base[index] == UInt8(ascii: ".") {
                index += 1
                guard skipDigits() else { return false }
            }
            if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
                index += 1
                if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
                guard skipDigits() else { return false }
            }
            return index < count
        }

        /// Moves past one or more decimal digits; false when none is here.
        private mutating func skipDigits() -> Bool {
            let start = index
            while index < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(base[index]) { index += 1 }
            return index > start
        }
    }
}
