import Glibc

/// What a byte stream goes through on its way to libxml2's reader (``RepairedInput``):
///
/// - **Surrogate references.** Android writes a character outside the Basic Multilingual Plane as
///   two references to UTF-16 surrogates (`&#55357;&#56397;`), which XML forbids and libxml2
///   refuses. A pair is rewritten to one reference to the character it encodes and a surrogate
///   without its pair to U+FFFD (counted), each in place and of the same length (the decimal
///   digits padded with zeros: `&#0000000128077;`), so lines and byte offsets do not move.
/// - **Diverted attribute values.** The value of one attribute of one element (an MMS `<part>`'s
///   base64 `data`) is handed to a ``DivertedAttributeSink`` as it streams past and never reaches
///   libxml2, which is quadratic in a node past 10 MB; only its newlines are kept, so lines do not
///   move, and ``inputOffset(ofOutput:)`` maps libxml2's byte offsets back to the input's.
/// - **Entity declarations** (`<!ENTITY`) are refused: the reader reads with `XML_PARSE_HUGE`,
///   which in libxml2 2.9 turns off the guard against exponential entity expansion.
/// - **Nodes past 10 MB** are refused: a stretch from one `<` in content to the next (a start tag
///   with its attributes and the text after it; a comment, CDATA section or instruction to its
///   end) of more than ``longestNode`` bytes, diverted values not counted. libxml2's reader takes
///   such a node in time that grows with its square (a 20 MB `body`: minutes, a busy loop as seen
///   from outside), so `XML_PARSE_HUGE` holds only up to that bound, and no node libxml2 holds
///   is larger.
///
/// Comments, CDATA sections and processing instructions are left alone. The input may arrive in
/// chunks cut anywhere: ``filter(_:atEnd:)`` decides a prefix of what it is given and leaves a
/// possibly cut reference, name or markup opener (at most ``longestUndecided`` bytes) to be given
/// again with what follows. Memory: O(1), and one offset pair per diverted value.
struct XMLInputFilter {
    /// What a call decided.
    enum Outcome: Equatable {
        /// The first `consumed` bytes given were read, and the first `produced` bytes of the
        /// buffer now hold what libxml2 is to read of them; the rest must be given again.
        case decided(consumed: Int, produced: Int)
        /// The document declares an entity (`<!ENTITY`) or holds a node past ``XMLInputFilter/longestNode``
        /// bytes, which starts at this line and byte offset of the input.
        case refused(Refusal)
    }

    /// Why the input is not read on.
    struct Refusal: Equatable {
        /// The line (1-based) and input byte offset of the entity declaration, or of the node's `<`.
        var line: Int
        var byteOffset: Int
        /// What stands there, for the reader's error.
        var message: String
    }

    /// Where the bytes being read stand.
    private enum Context: Equatable {
        case content, comment, cdata, instruction
        /// In a diverted element's start tag, between attributes.
        case tag
        /// After an attribute's name (whether it is the diverted one), before its `=` or quote.
        case beforeEquals(diverted: Bool), beforeQuote(diverted: Bool)
        case value(quote: UInt8), divertedValue(quote: UInt8)
    }

    /// The most bytes a call may leave undecided: two references of ``maximumDigits`` digits, or
    /// `<` and a name.
    static let longestUndecided = max(2 * (maximumDigits + 4), longestName + 1)
    /// References with more digits than this are left to libxml2.
    private static let maximumDigits = 24
    /// Element and attribute names longer than this are never the diverted ones.
    private static let longestName = 64
    /// The most bytes from one `<` in content to the next (diverted values not counted): libxml2's
    /// own limit for a node without `XML_PARSE_HUGE` (`XML_MAX_TEXT_LENGTH`).
    static let longestNode = 10_000_000

    private let diverted: DivertedAttribute?
    private var context = Context.content
    /// Surrogates without their pair, replaced by U+FFFD.
    private(set) var loneSurrogates = 0
    /// Surrogate pairs joined into one reference.
    private(set) var joinedPairs = 0
    /// The line (1-based) and input byte offset of the first lone surrogate's reference.
    private(set) var firstLone: (line: Int, byteOffset: Int)?
    /// The line (1-based) of the first byte not yet decided.
    private(set) var line = 1
    /// How many input bytes were decided before the current slice.
    private(set) var offset = 0
    /// How many bytes were produced before the current slice.
    private var produced = 0
    /// The bytes passed since the last `<` in content (diverted values not counted), and where that `<` stood.
    private var nodeLength = 0
    private var nodeStart = (line: 1, byteOffset: 0)
    /// The input byte offset of the first byte given.
    private let base: Int
    /// How many input bytes diverted values removed so far.
    private var removed = 0
    /// For each diverted value: the output offset where it ended, and the bytes removed up to there.
    private var removals: [(output: Int, removed: Int)] = []

    /// A filter handing the values of `diverted` (if any) to its sink, whose first byte stands at
    /// `line` and `byteOffset` of the input.
    init(diverting diverted: DivertedAttribute? = nil, line: Int = 1, byteOffset: Int = 0) {
        self.diverted = diverted
        self.line = line
        offset = byteOffset
        base = byteOffset
        nodeStart = (line, byteOffset)
    }

    /// The input byte offset of what stands at byte `output` of the filtered stream (past what was
    /// produced: counted from the end of what was read, a diverted value cut short included).
    /// - Complexity: O(log diverted values).
    func inputOffset(ofOutput output: Int) -> Int {
        if output >= produced { return offset + (output - produced) }
        var low = 0, high = removals.count
        while low < high {
            let middle = (low + high) / 2
            if removals[middle].output <= output { low = middle + 1 } else { high = middle }
        }
        return base + output + (low == 0 ? 0 : removals[low - 1].removed)
    }

    /// Filters what it can decide of `bytes` (the input from the first byte not yet decided) in
    /// place; `atEnd` when no byte follows them.
    /// - Complexity: O(`bytes.count`).
    mutating func filter(_ bytes: UnsafeMutableBufferPointer<UInt8>, atEnd: Bool) -> Outcome {
        var read = 0, write = 0
        defer {
            offset += read
            produced += write
        }
        while read < bytes.count {
            if case let .divertedValue(quote) = context {
                let (end, newlines) = divert(bytes, from: read, until: quote, writingAt: write)
                read = end
                write += newlines
                guard read < bytes.count else { break }
                diverted?.sink.valueEnded()
                removals.append((produced + write, removed))
                context = .tag
            }
            let byte = bytes[read]
            let opensNode = context == .content && byte == UInt8(ascii: "<")
            guard let step = step(bytes, at: read, atEnd: atEnd) else { break }
            if step < 0 {
                return .refused(
                    Refusal(line: line, byteOffset: offset + read, message: "the document declares an entity (<!ENTITY), which is not read")
                )
            }
            if opensNode {
                nodeLength = 0
                nodeStart = (line, offset + read)
            }
            nodeLength += step
            if nodeLength > Self.longestNode {
                return .refused(
                    Refusal(
                        line: nodeStart.line, byteOffset: nodeStart.byteOffset,
                        message: "a tag or text here runs past \(Self.longestNode) bytes (libxml2 reads one in quadratic time); not read"))
            }
            if byte == 0x0A, step > 0 { line += 1 }
            if write != read, step > 0, let base = bytes.baseAddress { memmove(base + write, base + read, step) }
            read += step
            write += step
        }
        return .decided(consumed: read, produced: write)
    }

    /// Handles the byte at `index` in the current context: the bytes it passes (0 when the
    /// context changed and the byte is to be read again), -1 for an entity declaration, or nil
    /// when what follows must be seen first.
    private mutating func step(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Int? {
        let byte = bytes[index]
        switch context {
        case .content where byte == UInt8(ascii: "&"), .value where byte == UInt8(ascii: "&"):
            return reference(bytes, at: index, atEnd: atEnd)
        case .content where byte == UInt8(ascii: "<"): return opener(bytes, at: index, atEnd: atEnd)
        case .comment where byte == UInt8(ascii: "-"): return closer("-->", bytes, at: index, atEnd: atEnd)
        case .cdata where byte == UInt8(ascii: "]"): return closer("]]>", bytes, at: index, atEnd: atEnd)
        case .instruction where byte == UInt8(ascii: "?"): return closer("?>", bytes, at: index, atEnd: atEnd)
        case .tag: return attribute(bytes, at: index, atEnd: atEnd)
        case let .beforeEquals(isDiverted):
            if Self.isSpace(byte) { return 1 }
            context = byte == UInt8(ascii: "=") ? .beforeQuote(diverted: isDiverted) : .tag
            return byte == UInt8(ascii: "=") ? 1 : 0
        case let .beforeQuote(isDiverted):
            if Self.isSpace(byte) { return 1 }
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                context = .tag
                return 0
            }
            context = isDiverted ? .divertedValue(quote: byte) : .value(quote: byte)
            return 1
        case let .value(quote) where byte == quote:
            context = .tag
            return 1
        default: return 1
        }
    }

    /// Hands the diverted value's bytes from `start` to the sink, up to its closing `quote` or the
    /// slice's end, writing only its newlines at `write`. Returns where it stopped and the newlines.
    private mutating func divert(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, until quote: UInt8, writingAt write: Int
    ) -> (end: Int, newlines: Int) {
        var end = bytes.count
        if let base = bytes.baseAddress, let found = memchr(base + start, Int32(quote), bytes.count - start) {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
        diverted?.sink.valueContinues(run)
        var newlines = 0
        for byte in run where byte == 0x0A {
            bytes[write + newlines] = 0x0A
            newlines += 1
        }
        line += newlines
        removed += run.count - newlines
        return (end, newlines)
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

    /// What a `<` may open: a context, or an entity declaration (nil).
    private static let openers: [(text: String, context: Context?)] = [
        ("<?", .instruction), ("<!--", .comment), ("<![CDATA[", .cdata), ("<!ENTITY", nil),
    ]

    /// Handles the `<` at `index`: a comment, CDATA section or processing instruction starts a
    /// context, and so does the start tag of the diverted element. Returns the bytes passed, -1
    /// for an entity declaration, or nil when what follows must be seen first.
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
        guard let diverted else { return 1 }
        guard let length = Self.name(bytes, at: index + 1, atEnd: atEnd) else { return nil }
        guard Self.localName(bytes, at: index + 1, length: length).elementsEqual(diverted.element.utf8) else { return 1 }
        diverted.sink.elementStarted()
        context = .tag
        return 1 + length
    }

    /// Handles a byte between a diverted element's attributes: the tag's end, or an attribute's name.
    private mutating func attribute(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Int? {
        if bytes[index] == UInt8(ascii: ">") { context = .content }
        guard let length = Self.name(bytes, at: index, atEnd: atEnd) else { return nil }
        guard length > 0 else { return 1 }
        let isDiverted = Self.localName(bytes, at: index, length: length).elementsEqual((diverted?.attribute ?? "").utf8)
        context = .beforeEquals(diverted: isDiverted)
        return length
    }

    /// The length of the name at `index` (up to ``longestName``); nil when the slice ends first.
    private static func name(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Int? {
        var length = 0
        while length < longestName {
            guard index + length < bytes.count else { return atEnd ? length : nil }
            let byte = bytes[index + length]
            if isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "!")
                || byte == UInt8(ascii: "?")
            {
                return length
            }
            length += 1
        }
        return length
    }

    /// The name's part after its namespace prefix (`x:part` → `part`).
    private static func localName(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, length: Int) -> Slice<
        UnsafeMutableBufferPointer<UInt8>
    > {
        let whole = bytes[index..<index + length]
        guard let colon = whole.lastIndex(of: UInt8(ascii: ":")) else { return whole }
        return bytes[(colon + 1)..<(index + length)]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Handles a byte that may start `text`, which ends the current context.
    private mutating func closer(_ text: String, _ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, atEnd: Bool) -> Int? {
        switch Self.match(text, bytes, at: index, atEnd: atEnd) {
        case nil: return nil
        case true?:
            context = .content
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
