import ParleyPhone
import Testing

/// libphonenumber behind `ParleyPhone`: the spellings of one number are one E.164 number, and what
/// is not a complete number is refused rather than guessed.
@Suite("phone numbers")
struct PhoneNumberTests {
    static let us = PhoneRegion("US")

    @Test("the ways a US number is written are one E.164 number")
    func spellings() {
        for spelling in ["+1 415-555-0199", "(415) 555-0199", "4155550199", "14155550199", "+1 (415) 555.0199", "415 555 0199"] {
            #expect(PhoneNumber.e164(spelling, region: Self.us) == "+14155550199", "\(spelling)")
        }
    }

    @Test("without a region only a number written with its country code is read")
    func noRegion() {
        #expect(PhoneNumber.e164("+44 20 7183 8750", region: nil) == "+442071838750")
        #expect(PhoneNumber.e164("(415) 555-0199", region: nil) == nil)
        #expect(PhoneNumber.e164("020 7183 8750", region: PhoneRegion("gb")) == "+442071838750")
        #expect(PhoneNumber.e164("00 44 20 7183 8750", region: PhoneRegion("DE")) == "+442071838750")
    }

    @Test("short codes, local numbers, extensions, names and e-mail addresses are not complete numbers")
    func refused() {
        for text in ["72975", "555-0199", "+1 415 555 0199 ext. 12", "AMAZON", "group_8@rcs.google.com", "", "+", "++++++"] {
            #expect(PhoneNumber.e164(text, region: Self.us) == nil, "\(text)")
        }
    }

    @Test("a number's country code names its main region")
    func countryRegion() {
        #expect(PhoneNumber.countryRegion(of: "+44 20 7183 8750") == PhoneRegion("GB"))
        #expect(PhoneNumber.countryRegion(of: "+1 416 555 0199")?.code == "US")
        #expect(PhoneNumber.countryRegion(of: "+49 30 901820") == PhoneRegion("DE"))
        #expect(PhoneNumber.countryRegion(of: "4155550199") == nil)
        #expect(PhoneNumber.countryRegion(of: "+999 1234") == nil)
    }

    @Test("a region is a supported two-letter code, in any case")
    func regions() {
        #expect(PhoneRegion("us")?.code == "US")
        #expect(PhoneRegion("De")?.description == "DE")
        for code in ["XX", "001", "USA", "", "U", "ÜS"] { #expect(PhoneRegion(code) == nil, "\(code)") }
    }
}
