extension WhatsAppHeaderScanner {
    struct DatePart {
        var fields: WhatsAppHeader.Fields
        var separator: Unicode.Scalar
        var buddhist: Bool
    }

    struct TimePart {
        var hour: Int
        var minute: Int
        var second: Int?
        var separator: Unicode.Scalar
        var marker: String?
        var underscore: Bool
    }

    /// `18/03/2022`, `3/27/R4`, `18.03.22.`, `2022. 3. 18.`, `3/18/2565 BE`, with direction marks anywhere.
    mutating func date() -> DatePart? {
        // The fields are held inline: an array of them was a heap allocation per line scanned.
        let none = WhatsAppHeader.Field(value: 0, digits: 0, eraLetter: nil)
        var fields = WhatsAppHeader.Fields(first: none, second: none, third: none)
        var separator: Unicode.Scalar = "/"
        for position in 0..<3 {
            skipMarks()
            var eraLetter: Unicode.Scalar?
            if let letter = peek, Self.isEraLetter(letter), let next = peek(1), WhatsAppCharacters.digit(next) != nil {
                eraLetter = letter
                index += 1
            }
            guard let field = number(maxDigits: 4) else { return nil }
            fields[position] = .init(value: field.value, digits: field.digits, eraLetter: eraLetter)
            skipMarks()
            if position < 2 {
                guard let scalar = peek, scalar == "/" || scalar == "." || scalar == "-" else { return nil }
                if position == 0 { separator = scalar } else if scalar != separator { return nil }
                index += 1
                if separator == "." { while peek == " " { index += 1 } }
            }
        }
        if separator == ".", peek == ".", peek(1).map(WhatsAppCharacters.isSpace) ?? false { index += 1 }
        var buddhist = false
        let save = index
        if skipSpaces() > 0, take("B"), take("E") {
            buddhist = true
        } else {
            index = save
        }
        return DatePart(fields: fields, separator: separator, buddhist: buddhist)
    }

    /// Whether `scalar` is a Japanese era letter written before a year: M, T, S, H or R.
    static func isEraLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "M", "T", "S", "H", "R": return true
        default: return false
        }
    }

    /// `14:56`, `14:56:01`, `21.41.35`, `2:56:00 م`, `11:25 a. m.`, `7:02 PM` (any space, or `_`).
    mutating func time() -> TimePart? {
        guard let hour = number(maxDigits: 2)?.value, let separator = peek, separator == ":" || separator == "." else { return nil }
        index += 1
        guard let minutes = number(maxDigits: 2), minutes.digits == 2, hour < 24, minutes.value < 60 else { return nil }
        let minute = minutes.value
        var second: Int?
        if peek == separator, let next = peek(1), WhatsAppCharacters.digit(next) != nil {
            index += 1
            guard let seconds = number(maxDigits: 2), seconds.digits == 2, seconds.value < 61 else { return nil }
            second = seconds.value
        }
        var time = TimePart(hour: hour, minute: minute, second: second, separator: separator, marker: nil, underscore: false)
        let save = index
        let underscore = peek == "_"
        if underscore { index += 1 } else if skipSpaces() == 0 { return time }
        if let marker = marker() {
            time.marker = marker
            time.underscore = underscore
        } else {
            index = save
        }
        return time
    }

    /// An AM/PM marker: letters, dots and single inner spaces (`a. m.`), normalized.
    mutating func marker() -> String? {
        guard let first = peek, WhatsAppCharacters.isLetter(first) else { return nil }
        var normalized = String.UnicodeScalarView()
        var end = index
        var cursor = index
        while cursor < scalarCount {
            let scalar = scalarAt(cursor)
            if WhatsAppCharacters.isLetter(scalar) {
                if scalar.isASCII {
                    normalized.append(Unicode.Scalar(UInt8(scalar.value) | 0x20))
                } else {
                    normalized.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                }
                cursor += 1
                end = cursor
            } else if scalar == "." || WhatsAppCharacters.isDirectionMark(scalar) {
                cursor += 1
                end = cursor
            } else if WhatsAppCharacters.isSpace(scalar), cursor + 1 < scalarCount, WhatsAppCharacters.isLetter(scalarAt(cursor + 1)),
                normalized.count < 3
            {
                cursor += 1
            } else {
                break
            }
        }
        guard normalized.count <= 12 else { return nil }
        index = end
        skipSpaces()
        return String(normalized)
    }

    /// `, ` or `، ` or a lone space between date and time. Returns whether a comma was there.
    mutating func dateTimeSeparator() -> Bool? {
        skipMarks()
        let comma = take(",") || take("،")
        guard skipSpaces() > 0 else { return nil }
        return comma
    }
}
