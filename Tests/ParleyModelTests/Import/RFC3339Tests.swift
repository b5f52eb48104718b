import ParleyModel
import Testing

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("2023-01-06T14:03:03.853+00:00", Int64(1_673_013_783_853)),
        ("2023-01-06T14:22:25.25+00:00", 1_673_014_945_250),
        ("2023-01-06T14:22:25+00:00", 1_673_014_945_000),
        ("2023-01-06T14:22:25.123456Z", 1_673_014_945_123),
        ("2023-01-06T16:22:25.000+02:00", 1_673_014_945_000),
        ("2023-01-06 14:22:25Z", 1_673_014_945_000),
        ("1969-12-31T23:59:59.000Z", -1000),
        ("2024-02-29T00:00:00Z", 1_709_164_800_000),
        ("2000-02-29T00:00:00Z", 951_782_400_000),
        ("2023-01-06T14:22:25-23:59", 1_673_101_285_000),
        ("2023-01-06T14:22:25+2359", 1_672_928_605_000),
    ])
    func parsesTimestamps(text: String, milliseconds: Int64) {
        #expect(RFC3339.parse(text) == Timestamp(milliseconds: milliseconds))
    }

    /// Days a month does not have were read as days of the next (`2022-02-30` as 2 March), and an
    /// offset past 23:59 moved the instant by days, where RFC 3339 allows neither.
    @Test(arguments: [
        "yesterday", "2023-01-06", "2023-13-06T00:00:00Z", "2023-01-06T14:22:25", "2023-01-06T14:22:25.Z", "",
        "2022-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2022-04-31T00:00:00Z", "2022-01-00T00:00:00Z",
        "2023-01-06T14:22:25+99:99", "2023-01-06T14:22:25+24:00", "2023-01-06T14:22:25-00:60",
    ])
    func rejectsOthers(text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func printsBackAsUTC() {
        #expect(Timestamp(milliseconds: 1_673_013_783_853).description == "2023-01-06T14:03:03.853Z")
        #expect(Timestamp(milliseconds: -1).description == "1969-12-31T23:59:59.999Z")
    }
}
