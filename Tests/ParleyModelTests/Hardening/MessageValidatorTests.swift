import ParleyFormat
import ParleyModel
import ParleyTestSupport
import Testing

/// ``MessageValidator``: exact errors at each limit, and over thousands of seeded span sets the
/// invariant that what it accepts lies inside the text, while the span tree never traps on what
/// it refuses.
@Suite struct MessageValidatorTests {
    static func message(_ change: (inout Message) -> Void = { _ in }) -> Message {
        var message = Message(
            id: MessageID("1"), channel: ChannelID("c"), author: Author(id: AuthorID("a"), name: "Ana"),
            timestamp: Timestamp(milliseconds: 1_700_000_000_000), content: Content(text: "héllo 👋"))
        change(&message)
        return message
    }

    static func problem(_ message: Message) -> String? {
        do {
            try MessageValidator().validate(message)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func acceptsAnOrdinaryMessageAndTheEdgesOfEachLimit() {
        #expect(Self.problem(Self.message()) == nil)
        #expect(Self.problem(Self.message { $0.timestamp = .earliestSupported }) == nil)
        #expect(Self.problem(Self.message { $0.timestamp = .latestSupported }) == nil)
        #expect(Self.problem(Self.message { $0.content.spans = [FormatSpan(kind: .bold, offset: 0, length: 8)] }) == nil)
        #expect(Self.problem(Self.message { $0.content.spans = [FormatSpan(kind: .bold, offset: 8, length: 0)] }) == nil)
        #expect(Self.problem(Self.message { $0.reactions = [Reaction(emoji: "👍", count: 1 << 31)] }) == nil)
        #expect(Self.problem(Self.message { $0.id = MessageID(String(repeating: "x", count: 512)) }) == nil)
    }

    @Test func namesTheFieldAndWhatWasExpected() {
        let cases: [(Message, String)] = [
            (
                Self.message { $0.content.spans = [FormatSpan(kind: .bold, offset: 1, length: .max)] },
                #"field "spans[0].length": 9223372036854775807 from offset 1 reaches outside the text (8 UTF-16 units)"#
            ),
            (
                Self.message { $0.content.spans = [FormatSpan(kind: .bold, offset: .min, length: 1)] },
                #"field "spans[0].offset": -9223372036854775808 is outside the text (0…8 UTF-16 units)"#
            ),
            (
                Self.message { $0.content.spans = Array(repeating: FormatSpan(kind: .bold, offset: 0, length: 1), count: 4097) },
                #"field "spans": 4097 spans; expected at most 4096"#
            ),
            (
                Self.message { $0.timestamp = Timestamp(milliseconds: Timestamp.latestSupported.milliseconds + 1) },
                #"field "timestamp": 253402300800000 ms since 1970 is outside the years 0001–9999 (-62135596800000…253402300799999)"#
            ),
            (
                Self.message { $0.editedTimestamp = Timestamp(milliseconds: .min) },
                #"field "edited": -9223372036854775808 ms since 1970 is outside the years 0001–9999 (-62135596800000…253402300799999)"#
            ),
            (
                Self.message { $0.reactions = [Reaction(emoji: "👍", count: 2), Reaction(emoji: "🎉", count: 0)] },
                #"field "reactions[1].count": 0; expected a whole number from 1 to 2147483648"#
            ),
            (
                Self.message { $0.reactions = [Reaction(emoji: String(repeating: "🎉", count: 257), count: 1)] },
                #"field "reactions[0].emoji": 1028 bytes; expected at most 1024"#
            ),
            (
                Self.message { $0.attachments = [Attachment(id: "a", url: "a.png", fileName: "a.png", sizeBytes: .max)] },
                #"field "attachments[0].sizeBytes": 9223372036854775807; expected 0…9007199254740992 bytes"#
            ),
            (
                Self.message { $0.attachments = [Attachment(id: "a", url: "a.png", fileName: "a.png", width: -1)] },
                #"field "attachments[0].width": -1; expected 0…2147483647 pixels"#
            ),
            (Self.message { $0.id = MessageID("") }, #"field "id": empty; expected an identifier"#),
            (
                Self.message { $0.author.name = String(repeating: "n", count: 1025) },
                #"field "author.name": 1025 bytes; expected at most 1024"#
            ),
            (
                Self.message { $0.forwardedFrom = ForwardOrigin(timestamp: Timestamp(seconds: .max)) },
                #"field "forwardedFrom.timestamp": 9223372036854775807 ms since 1970 is outside the years 0001–9999 (-62135596800000…253402300799999)"#
            ),
            (
                Self.message { $0.embeds = [Embed(imageURLs: ["a", String(repeating: "u", count: 65_537)])] },
                #"field "embeds[0].imageURLs[1].url": 65537 bytes; expected at most 65536"#
            ),
        ]
        for (message, expected) in cases { #expect(Self.problem(message) == expected) }
    }

    @Test func eventsAreCheckedFieldByField() {
        let channel = ChannelID("c"), id = MessageID("1")
        func problem(_ event: TranscriptEvent) -> String? {
            do {
                try MessageValidator().validate(event)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            problem(.reactionAdd(channel: channel, id: id, reaction: Reaction(emoji: "👍", count: -1)))
                == #"field "count": -1; expected a whole number from 1 to 2147483648"#)
        #expect(
            problem(
                .edit(
                    channel: channel, id: id, text: "ab", flavor: .spans, spans: [FormatSpan(kind: .code, offset: 2, length: 1)],
                    edited: nil))
                == #"field "spans[0].length": 1 from offset 2 reaches outside the text (2 UTF-16 units)"#)
        #expect(problem(.delete(channel: ChannelID(""), id: id)) == #"field "channel": empty; expected an identifier"#)
        #expect(problem(.append(channel: channel, id: id, text: " more")) == nil)
    }

    @Test func applyingKeepsTotalsInsideTheLimits() throws {
        var channel = Channel(
            id: ChannelID("c"), name: "c", messages: [Self.message { $0.reactions = [Reaction(emoji: "👍", count: 1 << 31)] }])
        let add = TranscriptEvent.reactionAdd(channel: ChannelID("c"), id: MessageID("1"), reaction: Reaction(emoji: "👍", count: 1))
        #expect(
            throws: EventError.limitExceeded(
                channel: ChannelID("c"), id: MessageID("1"),
                problem: ValidationError(field: "count", reason: "the reaction's total would pass 2147483648"))
        ) {
            try channel.apply(add)
        }
        #expect(channel.messages[0].reactions[0].count == 1 << 31)
    }

    @Test func timeArithmeticNeverTraps() {
        #expect(Timestamp(seconds: .max).milliseconds == .max)
        #expect(Timestamp(seconds: .min).milliseconds == .min)
        #expect(Timestamp(unixSeconds: 253_402_300_800) == nil)
        #expect(Timestamp(unixSeconds: 253_402_300_799, milliseconds: 999) == .latestSupported)
        #expect(Timestamp(secondsSince1970: .nan) == nil)
        #expect(Timestamp(secondsSince1970: 1e300) == nil)
        #expect(Timestamp(secondsSince1970: -62_135_596_800) == .earliestSupported)
        #expect(CivilTime(utcMilliseconds: .min).rfc3339 == "-292275055-05-16T16:47:04.192Z")
        #expect(CivilTime(utcMilliseconds: .max).rfc3339 == "292278994-08-17T07:12:55.807Z")
        #expect(Timestamp.latestSupported.description == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.earliestSupported.description == "0001-01-01T00:00:00.000Z")
    }

    /// 5,000 seeded span sets over seeded texts: the validator accepts exactly the spans that lie
    /// inside the text, and the span tree renders every set — accepted or not — without trapping.
    @Test func acceptedSpansLieInsideTheTextAndNoSpanTraps() {
        var random = SeededRandom(seed: 0x5EED_13)
        let edges = [Int.min, Int.min + 1, -1, 0, 1, 2, 7, 8, 9, Int(Int32.max), Int.max - 1, Int.max]
        let texts = ["", "a", "héllo 👋", "👩‍👩‍👧 family", String(repeating: "x", count: 40)]
        for _ in 0..<5000 {
            let text = texts[random.below(texts.count)]
            let units = text.utf16.count
            let spans = (0..<random.below(4)).map { _ in
                let offset = random.chance(50) ? edges[random.below(edges.count)] : random.below(12)
                let length = random.chance(50) ? edges[random.below(edges.count)] : random.below(12)
                return FormatSpan(kind: .bold, offset: offset, length: length)
            }
            let inside = spans.allSatisfy { $0.offset >= 0 && $0.length >= 0 && $0.offset <= units && $0.length <= units - $0.offset }
            let accepted = (try? MessageValidator().content(text, spans: spans)) != nil
            #expect(accepted == inside, "\(text) \(spans)")
            _ = MessageFormat.document(for: Content(text: text, spans: spans))
        }
    }
}
