import Glibc

/// Character classes of WhatsApp's text export.
enum WhatsAppCharacters {
    /// Invisible marks WhatsApp writes around dates, names, file names and bodies: LRM U+200E,
    /// RLM U+200F, ALM U+061C, the embeddings and isolates U+202A–U+202E and U+2066–U+2069, and
    /// the byte order mark U+FEFF.
    static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// Whether `text` holds `needle`'s UTF-8 bytes in a row: a search of the bytes, where
    /// `StringProtocol.contains(_:)` (Foundation's, which an import of Foundation makes the one a
    /// literal picks) bridges to `NSString` for every call (6 % of the reader's time on 1M messages).
    /// Every needle Parley looks for is ASCII, so bytes and characters find the same places.
    static func contains(_ text: some StringProtocol, _ needle: StaticString) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ holds($0, needle) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { holds($0, needle) }
    }

    private static func holds(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        guard let base = bytes.baseAddress, bytes.count >= count else { return false }
        let first = needle.utf8Start.pointee
        for start in 0...(bytes.count - count) where bytes[start] == first {
            if memcmp(base + start, needle.utf8Start, count) == 0 { return true }
        }
        return false
    }

    /// A space of any width: space, NBSP, U+202F NNBSP (CLDR 42's separator before AM/PM) and
    /// the other Unicode space separators (general category Zs, Unicode 15).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The value of a decimal digit of any script (ASCII, Arabic-Indic, Devanagari, Thai…). The
    /// ASCII answer is inline: a header's numbers are read a digit at a time, eight or more a line.
    @inline(__always) static func digit(_ scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value &- 0x30
        if value < 10 { return Int(value) }
        return scalar.isASCII ? nil : unicodeDigit(scalar)
    }

    /// ``digit(_:)`` of a scalar outside ASCII, by its Unicode numeric type and value.
    private static func unicodeDigit(_ scalar: Unicode.Scalar) -> Int? {
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return Int(value)
    }

    /// A letter or combining mark (AM/PM markers, era names).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII inline: the digit or space after a header's time is asked about on every line.
        if scalar.isASCII { return (scalar.value | 0x20) &- 0x61 < 26 }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// `text` without direction marks, its spaces made plain, trimmed: for names and file names.
    static func clean(_ text: Substring) -> String {
        let utf8 = text.utf8
        if utf8.first != 0x20, utf8.last != 0x20, !mayHoldMarkOrSpace(utf8) { return String(text) }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isDirectionMark(scalar) {
            scalars.append(isSpace(scalar) ? " " : scalar)
        }
        return String(scalars).trimmingSpaces()
    }

    /// Whether `utf8` may hold a direction mark or a space other than U+0020: false when it has no
    /// lead byte of one (`D8` of U+061C, `E1` `E2` `E3` `EF` of the rest) and no `C2 A0` (NBSP),
    /// so a name in Latin, Greek, Cyrillic or most CJK needs no scalar-by-scalar cleaning.
    private static func mayHoldMarkOrSpace(_ utf8: Substring.UTF8View) -> Bool {
        var afterC2 = false
        for byte in utf8 {
            switch byte {
            case 0xD8, 0xE1, 0xE2, 0xE3, 0xEF: return true
            case 0xA0 where afterC2: return true
            default: afterC2 = byte == 0xC2
            }
        }
        return false
    }

    /// The range of the first `: ` in `line` (the separator after an author's name).
    /// - Complexity: O(n), over the line's contiguous UTF-8 bytes.
    static func colonSpace(in line: Substring) -> Range<Substring.Index>? {
        var bytes = line
        let found = bytes.withUTF8 { bytes -> Int? in
            var offset = 0
            while offset + 1 < bytes.count {
                if bytes[offset] == 0x3A, bytes[offset + 1] == 0x20 { return offset }
                offset += 1
            }
            return nil
        }
        guard let found else { return nil }
        let colon = line.utf8.index(line.startIndex, offsetBy: found)
        return colon..<line.utf8.index(colon, offsetBy: 2)
    }

    /// `text` without the direction marks at its start.
    static func dropLeadingMarks(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isDirectionMark($0) }) else { return text[text.endIndex...] }
        return Substring(scalars[first...])
    }
}

extension String {
    /// Without leading and trailing spaces of any width.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !WhatsAppCharacters.isSpace($0) }),
            let last = scalars.lastIndex(where: { !WhatsAppCharacters.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
