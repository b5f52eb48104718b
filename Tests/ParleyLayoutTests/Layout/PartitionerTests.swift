import ParleyLayout
import ParleyModel
import ParleyTestSupport
import Testing

/// Pages are cut as messages stream past, and the order key sorts ids as the chat layout does.
@Suite struct PartitionerTests {
    @Test func monthsAndPartsWithTheirFirstKeysAndCounts() {
        var partitioner = Partitioner(messagesPerPage: 2, clock: .utc)
        let day: Int64 = 86_400_000
        let march = Int64(LocalDate(year: 2024, month: 3, day: 1).daysSinceEpoch) * day
        let times = [march, march + 1, march + day, march + 30 * day + 5, march + 31 * day, march + 31 * day]
        let placed = times.enumerated().map { partitioner.place(MessageOrderKey(timestamp: $1, id: MessageID(String($0 + 1)))) }
        #expect(placed == [0, 0, 1, 1, 2, 2], "a part holds days of its month until it is full")
        #expect(partitioner.pages.map(\.name) == ["2024-03", "2024-03-p2", "2024-04"])
        #expect(partitioner.pages.map(\.messageCount) == [2, 2, 2])
        #expect(
            partitioner.pages.map(\.firstDay) == [
                LocalDate(year: 2024, month: 3, day: 1), LocalDate(year: 2024, month: 3, day: 2), LocalDate(year: 2024, month: 4, day: 1),
            ])
        #expect(partitioner.pages[1].first == MessageOrderKey(timestamp: march + day, tiebreak: "00001:3"))
        #expect(partitioner.page(of: MessageOrderKey(timestamp: march + 1, id: MessageID("2"))) == 0)
        #expect(partitioner.page(of: MessageOrderKey(timestamp: march + 31 * day, id: MessageID("6"))) == 2)
        #expect(partitioner.page(of: MessageOrderKey(timestamp: march - 1, id: MessageID("0"))) == nil)
    }

    @Test func tiebreaks() {
        #expect(MessageOrderKey.tiebreak(MessageID("1234567890123456789")) == "00019:1234567890123456789")
        #expect(MessageOrderKey.tiebreak(MessageID("05")) == "00002:05")
        #expect(MessageOrderKey.tiebreak(MessageID("msg-7")) == "msg-7")
        #expect(MessageOrderKey.tiebreak(MessageID("")) == "")
        #expect(MessageOrderKey.tiebreak(MessageID("7")) == "00001:7")
        #expect(
            MessageOrderKey.tiebreak(MessageID(String(repeating: "9", count: 123_456))) == "123456:"
                + String(repeating: "9", count: 123_456))
    }

    /// Over ids that are all decimal or all not (every real export's case), the key's byte order
    /// is ``ChatLayout``'s order, and different ids never share a key.
    @Test func theKeyOrdersIdsAsTheLayoutDoes() {
        var random = SeededRandom(seed: 0x5EED)
        for round in 0..<4000 {
            let decimal = round % 2 == 0
            func id() -> MessageID {
                let length = random.below(22) + 1
                let alphabet = decimal ? Array("0123456789") : Array("0123456789abz-_é")
                return MessageID(String((0..<length).map { _ in alphabet[random.below(alphabet.count)] }))
            }
            var (left, right) = (id(), id())
            if !decimal, left.rawValue.allSatisfy(\.isNumber) { left = MessageID(left.rawValue + "x") }
            if !decimal, right.rawValue.allSatisfy(\.isNumber) { right = MessageID(right.rawValue + "x") }
            let time = Int64(random.below(3))
            let keys = (MessageOrderKey(timestamp: time, id: left), MessageOrderKey(timestamp: 1, id: right))
            let messages = [left, right].enumerated().map { index, id in
                Message(
                    id: id, channel: ChannelID("c"), author: Author(id: AuthorID("a"), name: "a"),
                    timestamp: Timestamp(milliseconds: index == 0 ? time : 1), content: Content(text: ""))
            }
            #expect((keys.0 < keys.1) == ChatLayout.precedes(messages[0], messages[1]), "\(left) \(right)")
            #expect((keys.0.tiebreak == keys.1.tiebreak) == (left == right))
        }
    }
}
