import CPhoneNumber

/// Phone numbers as libphonenumber reads them (Google's library, the one Android uses): the
/// sole user of `CPhoneNumber`.
///
/// A number may be written in many ways — `+1 415-555-0199`, `(415) 555-0199`, `4155550199`,
/// `14155550199` — that are one number in E.164 form (`+14155550199`). The C++ library stays
/// behind `CPhoneNumber`'s `extern "C"` functions, so its headers (abseil, protobuf) never reach
/// a Swift module. Thread-safe: libphonenumber's reader is a singleton with const methods.
public enum PhoneNumber {
    /// The longest input read, in UTF-8 bytes: libphonenumber's own bound (its Java reader's
    /// `MAX_INPUT_STRING_LENGTH`). The C++ reader has none and takes time that grows with the square
    /// of the input (10,000 digits: 6.9 s; 20,000: 17 s), so a longer input is no number here.
    public static let longestInput = 250

    /// The E.164 form of `number` dialled in `region` (nil: only a number written with its country
    /// code can be read); nil when it is not a complete number there — libphonenumber cannot parse
    /// it, it has a length no number of its country has (short codes such as `72975`), it lacks an
    /// area code (`555-0199` in the US), it carries an extension, or it is longer than ``longestInput``.
    /// - Complexity: O(length of `number`); a few microseconds.
    public static func e164(_ number: String, region: PhoneRegion?) -> String? {
        guard number.utf8.count <= longestInput else { return nil }
        var out = [CChar](repeating: 0, count: Int(PARLEY_PHONE_E164_CAPACITY))
        let length = parley_phone_e164(number, region?.code ?? "ZZ", &out, out.count)
        guard length > 0 else { return nil }
        return String(decoding: out.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The region of the country calling code `number` is written with (`+44 20 7183 8750` →
    /// `GB`; `+1 …` → `US`, the main region of a code several share); nil when it is written
    /// without one (no leading `+`), cannot be parsed or is longer than ``longestInput``.
    public static func countryRegion(of number: String) -> PhoneRegion? {
        guard number.utf8.count <= longestInput else { return nil }
        var out = [CChar](repeating: 0, count: 3)
        guard parley_phone_country_region(number, &out) == 1 else { return nil }
        return PhoneRegion(known: String(decoding: out.prefix(2).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
