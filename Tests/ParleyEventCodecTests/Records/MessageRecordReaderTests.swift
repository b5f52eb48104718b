import Foundation
import ParleyEventCodec
import ParleyModel
import ParleyTestSupport
import Testing

/// ``MessageRecordReader`` reads a `message` record as ``EventRecordDecoder`` does with
/// `JSONDecoder` (``EventRecordDecoder/decodedEvent(from:)``): the same message, or the same error.
@Suite struct MessageRecordReaderTests {
    static let place = RecordPlace(file: "records.jsonl", line: 7, offset: 1200)

    /// What ``EventRecordDecoder`` makes of `record` with `JSONDecoder` alone: its event, or its error.
    static func decoded(_ record: [UInt8]) -> Result<TranscriptEvent, EventRecordError> {
        Result { () throws(EventRecordError) in try EventRecordDecoder(place: place).decodedEvent(from: Data(record)) }
    }

    /// What the reader makes of `record`.
    static func read(_ record: [UInt8]) -> Result<Message, EventRecordError> {
        Result { () throws(EventRecordError) in try MessageRecordReader().message(from: Data(record), at: place) }
    }

    /// Expects the reader, and the decoder's public path (which tries the reader's fast path
    /// first), to give what `JSONDecoder` gives for `record`: a message equal to the decoder's down
    /// to the bytes of its strings (`==` on strings is canonical equivalence), or the same error;
    /// returns whether the record was valid.
    @discardableResult
    static func expectSameAsDecoder(_ record: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let context = Comment(rawValue: String(decoding: record, as: UTF8.self))
        let event = Result { () throws(EventRecordError) in
            try EventRecordDecoder.event(line: Data(record), file: place.file, lineNumber: place.line, offset: place.offset)
        }
        #expect(event == decoded(record), context, sourceLocation: sourceLocation)
        switch (read(record), decoded(record)) {
        case let (.success(message), .success(.message(expected))):
            #expect(message == expected, context, sourceLocation: sourceLocation)
            #expect(
                MessageRecordWriter().bytes(of: message) == MessageRecordWriter().bytes(of: expected), context,
                sourceLocation: sourceLocation)
            return true
        case let (.failure(error), .failure(expected)):
            #expect(error == expected, context, sourceLocation: sourceLocation)
            #expect(error.description == expected.description, context, sourceLocation: sourceLocation)
        case let (read, decoded):
            Issue.record("reader: \(read), decoder: \(decoded); \(context)", sourceLocation: sourceLocation)
        }
        return false
    }

    /// Property: for 6,000 seeded messages (some outside ``MessageLimits``), the reader reads the
    /// writer's record as the decoder does, and reads every valid one without falling back.
    @Test func sixThousandRandomRecordsAreReadAsTheDecoderReadsThem() {
        var events = RandomTranscriptEvents(seed: 62, extremes: true)
        var valid = 0
        for _ in 0..<6_000 {
            let message = events.message(channel: ChannelID(events.identifier()), id: MessageID(events.identifier()))
            let record = MessageRecordWriter().bytes(of: message)
            guard Self.expectSameAsDecoder(record) else { continue }
            valid += 1
            #expect(MessageRecordReader().validatedMessage(in: Data(record)) != nil)
        }
        #expect((3_000..<6_000).contains(valid), "both valid and invalid messages were drawn: \(valid) valid")
    }

    /// Property: records written again with their members in random order, unknown members,
    /// white space between tokens and escaped characters read as the originals, and the fast
    /// path reads them.
    @Test func scrambledRecordsAreReadAsTheDecoderReadsThem() throws {
        var events = RandomTranscriptEvents(seed: 63)
        var scrambler = RecordScrambler(seed: 64)
        for _ in 0..<2_000 {
            let message = events.message(channel: ChannelID(events.identifier()), id: MessageID(events.identifier()))
            let record = try scrambler.text(of: JSONTree(record: MessageRecordWriter().bytes(of: message)))
            guard case let .success(read) = Self.read(record) else {
                Issue.record("\(Self.read(record)): \(String(decoding: record, as: UTF8.self))")
                continue
            }
            #expect(read == message)
            #expect(MessageRecordWriter().bytes(of: read) == MessageRecordWriter().bytes(of: message))
            #expect(MessageRecordReader().validatedMessage(in: Data(record)) != nil)
            Self.expectSameAsDecoder(record)
        }
    }

    @Test(arguments: [MessageRecordExamples.everyField, MessageRecordExamples.escapes])
    func handWrittenRecordsAreRead(message: Message, record: String) throws {
        #expect(try MessageRecordReader().message(from: Data(record.utf8), at: Self.place) == message)
        #expect(MessageRecordReader().validatedMessage(in: Data(record.utf8)) == message)
    }

    /// Every truncation of a record is broken JSON, with the decoder's error.
    @Test func everyTruncationThrowsTheDecodersError() {
        let record = Array(MessageRecordExamples.everyField.1.utf8)
        for count in 0..<record.count {
            #expect(!Self.expectSameAsDecoder(Array(record[..<count])))
        }
    }

    /// Records the decoder refuses, each with the decoder's error.
    @Test(arguments: [
        "", " ", "[]", "null", "{}", MessageRecordExamples.minimal + "x", MessageRecordExamples.minimal + MessageRecordExamples.minimal,
        edit(#""id":"1","#, ""), edit(#""id":"1""#, #""id":1"#), edit(#""author":{"id":"u1","name":"maya"}"#, #""author":"maya""#),
        edit(#","name":"maya""#, ""), edit(#""name":"maya""#, #""name":null"#), edit(#""content":"Hello!""#, #""content":null"#),
        edit("2024-03-08T09:15:02.123Z", "2024-03-08 nope"), edit("2024-03-08T09:15:02.123Z", "10000-01-01T00:00:00Z"),
        edit(#""channel""#, #""flavor":"markdown","channel""#), edit(#""id":"1","#, #""id":"1","kind":"Reply","#),
        edit(#""id":"1","#, #""id":"1","pinned":"yes","#), edit(#""id":"1","#, #""id":"1","reactions":{},"#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":1.5,"emoji":"x"}],"#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":"1","emoji":"x"}],"#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":0,"emoji":"x"}],"#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":01,"emoji":"x"}],"#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":-0,"emoji":"x"}],"#),
        edit(#""author""#, #""attachments":[{"fileName":"f","id":"a","url":"u","width":9223372036854775808}],"author""#),
        edit(#""author""#, #""attachments":[{"fileName":"f","id":"a","url":"u","sizeBytes":-1}],"author""#),
        edit(#""author""#, #""attachments":[{"fileName":"f","id":"a"}],"author""#),
        edit(#""id":"1","#, #""embeds":[{"fields":[]}],"id":"1","#),
        edit(#""id":"1","#, #""embeds":[{"fields":[{"name":"n","value":"v"}],"imageURLs":[]}],"id":"1","#),
        edit(#""id":"1","#, #""id":"1","spans":[{"kind":"bold","length":1,"offset":99}],"#),
        edit(#""id":"1","#, #""id":"1","spans":[{"kind":"loud","length":1,"offset":0}],"#),
        edit("Hello!", #"\ud83d"#), edit("Hello!", #"\ude00x"#), edit("Hello!", #"\ud83d\u0041"#), edit("Hello!", #"\ud83d\"#),
        edit("Hello!", #"\x"#), edit("Hello!", #"\u12"#), edit("Hello!", "a\u{1}b"), edit("Hello!", "a\tb"),
        edit(#""Hello!""#, #""Hello!"#),
        edit(#""id":"1""#, #""id":"""#), edit(#""type":"message""#, #""type":"header""#), edit(#""type":"message""#, #""type":"note""#),
        edit(#","type":"message""#, ""), edit(#""channel":"general","#, ""), edit(#""type":"message""#, #""type":"message",,"x":1"#),
        edit(#"{"author""#, #"{,"author""#), edit(#""type":"message""#, #""type":"message","x":[,1]"#),
        edit(#""type":"message""#, #""type":"message","x":tru"#), edit(#""type":"message"}"#, #""type":"message""#),
    ])
    func brokenRecordsThrowTheDecodersError(record: String) {
        #expect(!Self.expectSameAsDecoder(Array(record.utf8)))
    }

    /// Bytes that are not UTF-8 in a string: the decoder's error.
    @Test(
        arguments: [
            [0xFF], [0x80], [0xC3, 0x28], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82], [0xF0, 0x90, 0x80, 0x41], [0xC3, 0xA9, 0xA9], Array("é".utf8) + [0xE2, 0x82],
        ] as [[UInt8]])
    func invalidUTF8ThrowsTheDecodersError(bytes: [UInt8]) {
        let parts = MessageRecordExamples.minimal.components(separatedBy: "Hello!")
        #expect(!Self.expectSameAsDecoder(Array(parts[0].utf8) + bytes + Array(parts[1].utf8)))
    }

    /// Records the decoder reads but the fast path leaves to it (a key given twice, a number
    /// written with a fraction or exponent, a byte order mark, an escaped or non-ASCII key, deep
    /// nesting, and what `JSONDecoder` on this platform lets pass: a trailing comma, and under an
    /// unknown key a leading zero, a lone surrogate or a number out of range): the decoder's
    /// message all the same.
    @Test(arguments: [
        edit(#""id":"1""#, #""id":"1","id":"2""#), edit(#""name":"maya""#, #""name":"maya","name":"ben""#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":2.0,"emoji":"x"}],"#),
        edit(#""id":"1","#, #""id":"1","reactions":[{"count":2e0,"emoji":"x"}],"#),
        edit(#""author""#, #""attachments":[{"fileName":"f","id":"a","url":"u","width":-0}],"author""#),
        "\u{FEFF}" + MessageRecordExamples.minimal, edit(#""id""#, #""\u0069d""#), edit(#""id""#, #""é":1,"id""#),
        edit(#""id""#, #""x":1.5,"id""#),
        edit(#""id""#, #""x":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + #","id""#),
        edit(#""type":"message"}"#, #""type":"message",}"#), edit(#""id":"1","#, #""id":"1","mentions":[{"id":"u2","name":"ben"},],"#),
        edit(#""id""#, #""x":01,"id""#), edit(#""id""#, #""x":"\ud800","id""#), edit(#""id""#, #""x":1.5e999,"id""#),
        edit(#""id""#, #""x":[1,],"id""#),
    ])
    func recordsTheFastPathLeavesToTheDecoderReadTheSame(record: String) {
        #expect(MessageRecordReader().validatedMessage(in: Data(record.utf8)) == nil)
        #expect(Self.expectSameAsDecoder(Array(record.utf8)))
    }

    /// `null` for an optional field is nil, as for the decoder; unknown keys are skipped, whatever
    /// their length (a known key's prefix, up to 16 bytes and beyond) and value.
    @Test func nullOptionalsAndUnknownKeysAreRead() throws {
        let record = edit(
            #""id":"1","#,
            #""edited":null,"embeds":null,"flavor":null,"forwardedFrom":{"authorName":null},"id":"1","kind":null,"#
                + #""later":{"a":[true,false,null,-5,"\u00e9"]},"pinned":null,"thread":null,"i":0,"idx":"1","contents":"x","#
                + #""fifteen-bytes-k":1,"sixteen-bytes-ke":2,"seventeen-bytes-k":3,"a key of thirty-one bytes, long":{},"#)
        let message = try MessageRecordReader().message(from: Data(record.utf8), at: Self.place)
        #expect(MessageRecordReader().validatedMessage(in: Data(record.utf8)) == message)
        #expect(message.forwardedFrom == ForwardOrigin())
        #expect(message.editedTimestamp == nil && message.embeds.isEmpty && message.content.flavor == .plain && !message.isPinned)
        #expect(Self.expectSameAsDecoder(Array(record.utf8)))
    }

    /// A valid record of another type is an event, not a message.
    @Test func aRecordOfAnotherTypeIsNotAMessage() {
        let record = #"{"channel":"general","id":"1","type":"delete"}"#
        #expect(throws: Self.place.error("a message record, found an event for message 1")) {
            try MessageRecordReader().message(from: Data(record.utf8), at: Self.place)
        }
    }
}

/// ``MessageRecordExamples/minimal`` with `old` (which it holds) replaced by `new`.
private func edit(_ old: String, _ new: String) -> String {
    precondition(MessageRecordExamples.minimal.contains(old), old)
    return MessageRecordExamples.minimal.replacingOccurrences(of: old, with: new)
}
