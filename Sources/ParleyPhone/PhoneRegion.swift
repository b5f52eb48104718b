import CPhoneNumber

/// A region whose phone numbers libphonenumber knows how to read: an ISO 3166-1 alpha-2 code
/// such as `US` or `DE` (`--phone-region`), the place a number written without its country code
/// was dialled from.
public struct PhoneRegion: Hashable, Sendable, CustomStringConvertible {
    /// The upper-case two-letter code.
    public let code: String

    /// The region `code` names, in any case (`us` is `US`); nil when libphonenumber has no
    /// metadata for it (`XX`, `001`, `USA`).
    /// - Complexity: O(regions), about 250.
    public init?(_ code: String) {
        let upper = code.uppercased()
        guard upper.utf8.count == 2, upper.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
            parley_phone_region_is_supported(upper) == 1
        else { return nil }
        self.code = upper
    }

    /// A code read back from libphonenumber, known to be supported.
    init(known code: String) { self.code = code }

    public var description: String { code }
}
