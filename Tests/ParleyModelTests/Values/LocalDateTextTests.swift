import Testing

@testable import ParleyModel

/// `LocalDate.isoString` and `isoMonth` write the digits of a date of years 0…9999 straight into
/// their bytes: they equal the padded fields for every such date, and dates outside stay padded,
/// never cut.
@Suite struct LocalDateTextTests {
    @Test func everyDayOfFourDigitYearsIsPadded() {
        var checked = 0
        for year in stride(from: 0, through: 9999, by: 7) {
            for month in 1...12 {
                for day in [1, 9, 10, 28, 31] {
                    let date = LocalDate(year: year, month: month, day: day)
                    #expect(date.isoString == date.paddedISOString)
                    #expect(date.isoMonth == date.paddedISOMonth)
                    checked += 1
                }
            }
        }
        #expect(checked == 1429 * 60)
        #expect(LocalDate(year: 2021, month: 1, day: 5).isoString == "2021-01-05")
        #expect(LocalDate(year: 7, month: 12, day: 31).isoString == "0007-12-31")
        #expect(LocalDate(year: 7, month: 12, day: 31).isoMonth == "0007-12")
        #expect(LocalDate(daysSinceEpoch: 0).isoString == "1970-01-01")
    }

    @Test func datesOutsideFourDigitYearsStayWhole() {
        #expect(LocalDate(year: 10000, month: 1, day: 1).isoString == "10000-01-01")
        #expect(LocalDate(year: -1, month: 1, day: 1).isoString == "00-1-01-01")
        #expect(LocalDate(year: 2021, month: 100, day: 1).isoString == "2021-100-01")
        #expect(LocalDate(year: 2021, month: 100, day: 1).isoMonth == "2021-100")
        #expect(LocalDate(year: 2021, month: 1, day: 100).isoString == "2021-01-100")
        #expect(LocalDate(year: 2021, month: 1, day: 100).isoMonth == "2021-01")
        #expect(LocalDate(year: -1, month: 1, day: 1).isoMonth == "00-1-01")
        #expect(LocalDate(year: Int.max, month: 1, day: 1).isoString == "\(Int.max)-01-01")
        #expect(LocalDate(daysSinceEpoch: -719_528).isoString == "0000-01-01")
        #expect(LocalDate(daysSinceEpoch: -719_529).isoString == "00-1-12-31")
    }
}
