import ParleyHTML
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// Exact labels and links built byte by byte (the full time on every message, the links of
/// attachments and embeds).
@Suite struct LabelTextTests {
    @Test func fullAndShortTimesAreExact() {
        // 2023-01-06T04:03:09.5Z, a Friday; 0001-01-01T00:00:00Z, a Monday; 9999-12-31T23:59:59Z, a Friday.
        let times: [(Int64, String, String)] = [
            (1_672_977_789_500, "Friday, 6 January 2023 04:03:09 (Europe/Berlin)", "04:03"),
            (-62_135_596_800_000, "Monday, 1 January 1 00:00:00 (Europe/Berlin)", "00:00"),
            (253_402_300_799_000, "Friday, 31 December 9999 23:59:59 (Europe/Berlin)", "23:59"),
            (1_700_000_000_000 + 13 * 3_600_000 + 10 * 60_000, "Wednesday, 15 November 2023 11:23:20 (Europe/Berlin)", "11:23"),
        ]
        for (milliseconds, full, short) in times {
            let time = CivilTime(utcMilliseconds: milliseconds)
            #expect(DateText.fullTime(time, zone: "Europe/Berlin") == full)
            #expect(DateText.shortTime(time) == short)
        }
        #expect(DateText.fullTime(CivilTime(utcMilliseconds: 0), zone: "") == "Thursday, 1 January 1970 00:00:00 ()")
        // Seeded instants from year 1 to 9999: after the weekday, the fields written out by String.
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        var random = SeededRandom(seed: 0xF011)
        for _ in 0..<5_000 {
            let milliseconds = -62_135_596_800_000 + Int64(random.next() % 315_537_897_600_000)
            let time = CivilTime(utcMilliseconds: milliseconds)
            let full = DateText.fullTime(time, zone: "UTC")
            let fields =
                "\(time.day) \(months[time.month - 1]) \(time.year) \(two(time.hour)):\(two(time.minute)):\(two(time.second)) (UTC)"
            #expect(full.hasSuffix(", " + fields), "\(milliseconds)")
        }
        // Every minute of a day, against the digits written out.
        let digits = (0..<60).map { $0 < 10 ? "0\($0)" : "\($0)" }
        for minute in 0..<1440 {
            let time = CivilTime(utcMilliseconds: Int64(minute) * 60_000 + 59_999)
            #expect(DateText.shortTime(time) == digits[minute / 60] + ":" + digits[minute % 60])
        }
    }

    @Test func absoluteLinksArePercentEncodedExactly() {
        let cases: [(String, String?)] = [
            ("https://cdn.example.org/a/b.png?size=512", "https://cdn.example.org/a/b.png?size=512"),
            ("https://example.org/a b/ü?q=\"x\"&y=<z>", "https://example.org/a%20b/%C3%BC?q=%22x%22&y=%3Cz%3E"),
            ("https://example.org/100%25/%zz/%4", "https://example.org/100%25/%25zz/%254"),
            ("  https://example.org/\ttab", "https://example.org/tab"),
            ("https://user@host.example:8080/p", "https://user@host.example:8080/p"),
            ("https://bücher.example/", "https://b%C3%BCcher.example/"),
            ("https://host:port/", nil),
            ("https:///no-host", nil),
            ("https://a b/", nil),
            ("javascript:alert(1)", nil),
            ("mailto:someone@example.org", "mailto:someone@example.org"),
        ]
        for (url, expected) in cases { #expect(LinkPolicy.absolute(url) == expected, "\(url)") }
    }
}
