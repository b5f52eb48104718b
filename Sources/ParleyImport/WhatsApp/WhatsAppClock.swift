import ParleyModel

/// Turns the numbers of a WhatsApp header into a date and a 24-hour time.
///
/// AM/PM markers are matched after lowercasing and removing dots and spaces, so `PM`, `p. m.`
/// and `p.m.` are one marker. The table holds the abbreviated CLDR day periods of the locales
/// WhatsApp exports in. Eras: Thai Buddhist (`BE`, year − 543) and the Japanese eras written as
/// a letter and a year (`R4`: Meiji 1868, Taishō 1912, Shōwa 1926, Heisei 1989, Reiwa 2019).
enum WhatsAppClock {
    /// Markers for the hours before noon.
    static let morning: Set<String> = [
        "am", "vorm", "ص", "قظ", "午前", "上午", "오전", "ก่อนเที่ยง", "sa", "pg", "öö", "πμ", "vm", "de", "dop", "ap", "дп",
        "पूर्वाह्न", "fm", "ie", "πμ", "rn", "sm",
    ]
    /// Markers for the hours from noon.
    static let afternoon: Set<String> = [
        "pm", "nachm", "م", "بظ", "午後", "下午", "오후", "หลังเที่ยง", "ch", "ptg", "ös", "μμ", "nm", "du", "odp", "ip", "пп",
        "अपराह्न", "em", "ih", "mn", "mm",
    ]

    /// Whether `marker` is a known AM or PM marker.
    static func isKnown(_ marker: String) -> Bool { morning.contains(marker) || afternoon.contains(marker) }

    /// The 24-hour hour for `hour` written with `marker` (nil or unknown: already 24-hour).
    static func hour24(_ hour: Int, marker: String?) -> Int {
        guard let marker else { return hour }
        if morning.contains(marker) { return hour == 12 ? 0 : hour }
        if afternoon.contains(marker) { return hour < 12 ? hour + 12 : hour }
        return hour
    }

    /// The Gregorian year a year field stands for: two digits are 20xx, a Japanese era letter
    /// adds the era's start, a Buddhist year (written `BE`, or a year in ``unmarkedBuddhistYears``)
    /// subtracts 543; any other year is the Gregorian year written.
    static func year(_ field: WhatsAppHeader.Field, buddhist: Bool) -> Int {
        if let letter = field.eraLetter {
            let start: [Unicode.Scalar: Int] = ["M": 1867, "T": 1911, "S": 1925, "H": 1988, "R": 2018]
            return (start[letter] ?? 2018) + field.value
        }
        if field.digits <= 2 { return 2000 + field.value }
        if buddhist || unmarkedBuddhistYears.contains(field.value) { return field.value - 543 }
        return field.value
    }

    /// The years a phone set to the Thai Buddhist calendar writes without `BE` (Android's Thai
    /// locale): 2400–2999 BE is 1857–2456 CE, which holds every date WhatsApp can have written,
    /// where no Gregorian year of those centuries can be a WhatsApp date. A year past them is
    /// taken as written, so that a date such as 9999-12-31 is not moved by 543 years.
    static let unmarkedBuddhistYears = 2400...2999

    /// The date the header's fields give in `order`, or nil when they are not a valid date of the
    /// years 1–9999 (``Timestamp/earliestSupported`` to ``Timestamp/latestSupported``).
    static func date(_ header: WhatsAppHeader, order: DateOrder) -> LocalDate? {
        let fields = header.fields
        let (yearField, month, day): (WhatsAppHeader.Field, Int, Int)
        switch order {
        case .dmy: (yearField, month, day) = (fields[2], fields[1].value, fields[0].value)
        case .mdy: (yearField, month, day) = (fields[2], fields[0].value, fields[1].value)
        case .ymd: (yearField, month, day) = (fields[0], fields[1].value, fields[2].value)
        }
        let yearPosition = order == .ymd ? 0 : 2
        for position in 0..<3 where position != yearPosition {
            if fields[position].eraLetter != nil || fields[position].digits > 2 { return nil }
        }
        if order == .ymd, yearField.digits < 4, yearField.eraLetter == nil { return nil }
        let year = Self.year(yearField, buddhist: header.buddhistEra)
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= LocalDate.days(inMonth: month, year: year) else {
            return nil
        }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The header's wall-clock time on `date` (its date read in some order), its fields read as
    /// UTC (the export has no time zone; ``WhatsAppZone`` takes it in `--timezone`); nil when out
    /// of range.
    static func timestamp(_ header: WhatsAppHeader, date: LocalDate) -> Timestamp? {
        let hour = hour24(header.hour, marker: header.marker)
        let seconds = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + header.minute * 60 + header.second)
        return Timestamp(unixSeconds: seconds)
    }
}
