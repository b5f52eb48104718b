import ParleyRender
import Testing

@testable import ParleyCLI

/// The `--stats` line's exact text.
@Suite("Render stats")
struct RenderStatsTests {
    @Test(
        "seconds with three decimals, rounded to the millisecond",
        arguments: [
            (Duration.zero, "0.000"), (.milliseconds(1030), "1.030"), (.nanoseconds(1_499_999), "0.001"),
            (.nanoseconds(1_500_000), "0.002"),
            (.nanoseconds(999_500_000), "1.000"), (.seconds(3600), "3600.000"), (.milliseconds(-5), "0.000"),
        ])
    func seconds(duration: Duration, expected: String) {
        #expect(RenderStats.seconds(duration) == expected)
    }

    @Test func line() {
        var archive = ArchiveTimings()
        archive.render = .microseconds(1_030_400)
        archive.write = .milliseconds(214)
        archive.bytes = 48_123_904
        let stats = RenderStats(
            parse: .milliseconds(412), store: .milliseconds(51), archive: archive, messages: 12_000, pages: 41, rewritten: 2, unchanged: 39,
            rendered: 3, searchKept: 11_800, known: 11_950, peakResidentBytes: 52_428_800)
        #expect(
            stats.line
                == "stats: parse=0.412 store=0.051 render=1.030 write=0.214 messages=12000 pages=41 bytes=48123904 rewritten=2 unchanged=39 rendered=3 search_kept=11800 known=11950 peak_rss=52428800"
        )
    }
}
