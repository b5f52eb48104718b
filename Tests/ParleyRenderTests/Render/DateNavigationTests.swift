import Foundation
import ParleyLayout
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// Navigation by date: pages named by their days, a calendar of days on each channel's index,
/// the archive index grouped by server and category, its channel links opening the newest page.
@Suite struct DateNavigationTests {
    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { LocalDate(year: year, month: month, day: day) }

    @Test func dayRanges() {
        #expect(DateText.dayRange(Self.date(2021, 2, 5), Self.date(2021, 2, 5)) == "5 Feb 2021")
        #expect(DateText.dayRange(Self.date(2021, 2, 5), Self.date(2021, 2, 7)) == "5–7 Feb 2021")
        #expect(DateText.dayRange(Self.date(2021, 2, 28), Self.date(2021, 3, 3)) == "28 Feb – 3 Mar 2021")
        #expect(DateText.dayRange(Self.date(2020, 12, 28), Self.date(2021, 1, 2)) == "28 Dec 2020 – 2 Jan 2021")
    }

    @Test func heat() {
        #expect([0, 1, 2, 3, 4, 5, 8].map { ChannelCalendar.heat($0, busiest: 8) } == [0, 1, 1, 2, 2, 3, 4])
        #expect(ChannelCalendar.heat(1, busiest: 1) == 4)
    }

    /// Three messages on Mon 1 and one on Wed 3 February 2021 (pages of 2): the month starts
    /// after no padding (1 February 2021 is a Monday), each day links to its heading on the
    /// page that holds its first message, and the page list names each page by its days.
    @Test func calendarOfAMonth() {
        var partitioner = Partitioner(messagesPerPage: 2, clock: ZoneClock.utc)
        let start: Int64 = 1_612_137_600_000  // 2021-02-01T00:00:00Z
        let offsets: [Int64] = [0, 3_600_000, 7_200_000, 172_800_000]
        for (index, offset) in offsets.enumerated() {
            partitioner.place(MessageOrderKey(timestamp: start + offset, tiebreak: "0000\(index)"))
        }
        #expect(partitioner.days.map(\.messageCount) == [3, 1])
        let html = ChannelCalendar.html(pages: partitioner.pages, days: partitioner.days).description
        let prefix = [
            #"<section class="calendar" aria-label="Messages by day"><h2 class="calendar-year">2021</h2><div class="calendar-months">"#,
            #"<div class="calendar-month"><h3>February 2021</h3><ol class="calendar-days" aria-label="February 2021"><li>"#,
            #"<a class="heat-4" href="2021-02.html#d-2021-02-01" title="Monday, 1 February 2021: 3 messages" "#,
            #"aria-label="Monday, 1 February 2021: 3 messages">1</a></li><li><span class="heat-0">2</span></li><li>"#,
            #"<a class="heat-2" href="2021-02-p2.html#d-2021-02-03" title="Wednesday, 3 February 2021: 1 message" "#,
            #"aria-label="Wednesday, 3 February 2021: 1 message">3</a></li><li><span class="heat-0">4</span></li>"#,
        ].joined()
        #expect(html.hasPrefix(prefix))
        #expect(html.components(separatedBy: "<li>").count - 1 == 28 + 2)  // the days of February, the two pages
        let suffix = [
            #"</ol></div></div></section><h2 class="page-list-heading">Pages</h2><ul class="page-list"><li><a href="2021-02.html">"#,
            #"1 Feb 2021</a> <span class="page-count">2 messages</span></li><li><a href="2021-02-p2.html">1–3 Feb 2021</a> "#,
            #"<span class="page-count">2 messages</span></li></ul>"#,
        ].joined()
        #expect(html.hasSuffix(suffix))
    }

    @Test func theIndexGroupsChannelsAndOpensTheirNewestPage() throws {
        func channel(_ id: String, guild: String?, category: String?, minutes: [Int64]) -> Channel {
            var channel = Channel(id: ChannelID(id), name: id, category: category)
            channel.guild = guild
            channel.messages = minutes.map { minute in
                var message = LiveFixtures.message("\(id)-\(minute)", minute: minute, author: 0, text: "hi")
                message.channel = ChannelID(id)
                return message
            }
            return channel
        }
        let transcript = Transcript(
            title: "Chats",
            channels: [
                channel("general", guild: "Guild", category: "Text", minutes: [0, 60 * 24 * 40]),
                channel("dm", guild: nil, category: nil, minutes: [1]),
                channel("random", guild: "Guild", category: "Text", minutes: [2]),
            ])
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: output)
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let main = index[index.range(of: "<main")!.lowerBound..<index.range(of: "</main>")!.upperBound]
        let expected: [String] = [
            #"<main id="transcript" class="transcript" aria-live="polite"><ul class="channel-list"><li class="channel-entry">"#,
            #"<a href="c/dm/2024-03.html"><bdi>dm</bdi></a> <span class="channel-count">1 message</span> <span class="channel-range">"#,
            #"8 Mar 2024</span> <a class="channel-calendar" href="c/dm/index.html">by date</a></li></ul><h2 class="channel-group">"#,
            #"Guild › Text</h2><ul class="channel-list"><li class="channel-entry"><a href="c/general/2024-04.html"><bdi>general"#,
            #"</bdi></a> <span class="channel-count">2 messages</span> <span class="channel-range">8 Mar 2024 – 17 Apr 2024</span> "#,
            #"<a class="channel-calendar" href="c/general/index.html">by date</a></li><li class="channel-entry"><a "#,
            #"href="c/random/2024-03.html"><bdi>random</bdi></a> <span class="channel-count">1 message</span> <span "#,
            #"class="channel-range">8 Mar 2024</span> <a class="channel-calendar" href="c/random/index.html">by date</a></li></ul></main>"#,
        ]
        #expect(main == expected.joined())
    }
}
