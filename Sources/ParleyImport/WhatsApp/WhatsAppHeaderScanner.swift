/// Recognises the header at the start of one line of a WhatsApp export.
///
/// Works on the line's first scalars only (a header is short), so scanning a line costs O(1)
/// whatever the message's length. Returns nil for lines that do not start with a header.
struct WhatsAppHeaderScanner {
    /// The scalars of the line's first ``prefixLength`` bytes, and where each begins: storage for
    /// that many, of which the first ``scalarCount`` hold the current line's.
    private var scalars = [Unicode.Scalar](repeating: "\0", count: prefixLength)
    private var offsets = [Int](repeating: 0, count: prefixLength)
    private(set) var scalarCount = 0
    var index = 0

    /// The bytes of a line decoded: enough for any header.
    static let prefixLength = 160

    func scalarAt(_ position: Int) -> Unicode.Scalar { scalars[position] }

    /// The header at the start of `line` (UTF-8 bytes), or nil.
    mutating func scan(_ line: UnsafeRawBufferPointer) -> WhatsAppHeader? {
        decodePrefix(line)
        index = 0
        var leadingMark = false
        while let scalar = peek, WhatsAppCharacters.isDirectionMark(scalar) {
            leadingMark = true
            index += 1
        }
        let bracket = peek == "["
        if bracket { index += 1 }
        skipMarks()
        guard var header = dateTime(leadingMark: leadingMark) else { return nil }
        skipMarks()
        if bracket {
            guard take("]") else { return nil }
            skipSpaces()
        } else if take(":") {
            guard take(" ") else { return nil }
            header.shape.layout = .colon
        } else {
            skipSpaces()
            guard take("-") || take("–") else { return nil }
            guard take(" ") || peek == nil else { return nil }
            header.shape.layout = .dash
        }
        header.bodyOffset = index < scalarCount ? offsets[index] : line.count
        return header
    }

    private mutating func dateTime(leadingMark: Bool) -> WhatsAppHeader? {
        let start = index
        if let time = time(), let separator = dateTimeSeparator(), let date = date() {
            return header(date: date, time: time, timeFirst: true, comma: separator, leadingMark: leadingMark)
        }
        index = start
        guard let date = date(), let comma = dateTimeSeparator() else { return nil }
        let before = marker()
        guard var time = time() else { return nil }
        if time.marker == nil, let before {
            time.marker = before
            time.underscore = false
        }
        return header(date: date, time: time, timeFirst: false, comma: comma, leadingMark: leadingMark)
    }

    private func header(date: DatePart, time: TimePart, timeFirst: Bool, comma: Bool, leadingMark: Bool) -> WhatsAppHeader {
        WhatsAppHeader(
            shape: .init(
                layout: .dash, timeFirst: timeFirst, dateSeparator: date.separator, hasComma: comma,
                timeSeparator: time.separator, hasSeconds: time.second != nil, hasMarker: time.marker != nil),
            fields: date.fields, buddhistEra: date.buddhist, hour: time.hour, minute: time.minute,
            second: time.second ?? 0, marker: time.marker, markerAfterUnderscore: time.underscore,
            leadingMark: leadingMark, bodyOffset: 0)
    }

    // MARK: Cursor

    var peek: Unicode.Scalar? { index < scalarCount ? scalars[index] : nil }

    func peek(_ ahead: Int) -> Unicode.Scalar? { index + ahead < scalarCount ? scalars[index + ahead] : nil }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    mutating func skipMarks() {
        while let scalar = peek, WhatsAppCharacters.isDirectionMark(scalar) { index += 1 }
    }

    @discardableResult
    mutating func skipSpaces() -> Int {
        var count = 0
        while let scalar = peek, WhatsAppCharacters.isSpace(scalar) || WhatsAppCharacters.isDirectionMark(scalar) {
            index += 1
            count += 1
        }
        return count
    }

    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0, digits = 0
        while let scalar = peek, let digit = WhatsAppCharacters.digit(scalar), digits < maxDigits {
            value = value * 10 + digit
            digits += 1
            index += 1
        }
        if digits == maxDigits, let scalar = peek, WhatsAppCharacters.digit(scalar) != nil { return nil }
        return digits == 0 ? nil : (value, digits)
    }

    /// Decodes up to ``prefixLength`` bytes of the line into scalars and offsets, up to the first
    /// ill-formed or cut sequence. An ASCII byte is its own scalar; any other is decoded by the
    /// standard library's UTF-8 decoder.
    private mutating func decodePrefix(_ line: UnsafeRawBufferPointer) {
        let end = min(line.count, Self.prefixLength)
        scalarCount = scalars.withUnsafeMutableBufferPointer { scalars in
            offsets.withUnsafeMutableBufferPointer { offsets in
                var offset = 0, count = 0
                while offset < end {
                    let byte = line[offset]
                    var scalar = Unicode.Scalar(byte)
                    if byte >= 0x80 {
                        var iterator = UnsafeRawBufferPointer(rebasing: line[offset..<end]).makeIterator()
                        var decoder = UTF8()
                        guard case let .scalarValue(decoded) = decoder.decode(&iterator) else { break }
                        scalar = decoded
                    }
                    scalars[count] = scalar
                    offsets[count] = offset
                    count += 1
                    offset += UTF8.width(scalar)
                }
                return count
            }
        }
    }
}
