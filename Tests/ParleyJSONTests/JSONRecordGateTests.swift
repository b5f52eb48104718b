import ParleyJSON
import ParleyTestSupport
import Testing

/// A record gate sees each object record whole in its chunk as it begins — its exact bytes and its
/// top-level member — and a record it passes over gives no event but keeps its place in the list.
@Suite struct JSONRecordGateTests {
    /// What a gated read reported: the gate's calls (index, bytes, member), the events, the envelope.
    struct Read: Equatable {
        var offered: [String] = []
        /// The records shown as built: index and bytes.
        var built: [String] = []
        var events: [String] = []
        var envelope: String?
        /// Why the read stopped, when it did.
        var error: JSONStreamError?
    }

    /// With `tapes`, the lists' records are read as tapes and written as the values they hold.
    static func read(
        _ bytes: [UInt8], lists: Set<String>, chunk: Int, offering: Bool = true, tapes: Bool = false,
        passOver: @escaping (Int) -> Bool
    ) -> Read {
        var read = Read()
        let gate = JSONRecordGate(
            member: "id", offering: { offering },
            decide: { record in
                let text = String(decoding: record.bytes, as: UTF8.self)
                let member = record.member.map { String(decoding: $0, as: UTF8.self) } ?? "-"
                read.offered.append("\(record.list) \(record.listPath)[\(record.index)] \(member) \(text)")
                return passOver(record.index)
            },
            built: { record in read.built.append("\(record.index) \(String(decoding: record.bytes, as: UTF8.self))") })
        let reader = JSONStreamReader(lists: lists, tapeLists: tapes ? lists : [], gate: gate) { event in
            switch event {
            case let .listStarted(_, path, _): read.events.append("start \(path)")
            case let .record(_, path, index, value): read.events.append("record \(path) \(index) \(JSONText.write(value))")
            case let .tapedRecord(_, path, index, tape): read.events.append("record \(path) \(index) \(JSONText.write(tape.value()))")
            case let .listEnded(_, path, count): read.events.append("end \(path) \(count)")
            }
        }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            read.error = bytes[start..<end].withUnsafeBytes { buffer in
                do throws(JSONStreamError) {
                    try reader.read(buffer)
                    return nil
                } catch {
                    return error
                }
            }
            if read.error != nil { return read }
            start = end
        }
        do throws(JSONStreamError) {
            read.envelope = JSONText.write(try reader.finish())
        } catch {
            read.error = error
        }
        return read
    }

    @Test func recordsAreOfferedWholeWithTheirMember() {
        let document = #"""
            {"messages": [ {"id":"1","t":"a\"}]{"}, {"x":{"id":"n"},"id":"2"}, {"id":"3","id":"4"}, {"id":"a\\"}, {"id":5}, [1], "s",
            {"t":"\\\\","id" : "77" ,"u":[{"id":"9"}]} ], "after": 1}
            """#
        let read = Self.read(Array(document.utf8), lists: ["messages"], chunk: .max) { $0 == 0 || $0 == 7 }
        #expect(read.built == [#"1 {"x":{"id":"n"},"id":"2"}"#, #"2 {"id":"3","id":"4"}"#, #"3 {"id":"a\\"}"#, #"4 {"id":5}"#])
        #expect(
            read.offered == [
                #"messages messages[0] 1 {"id":"1","t":"a\"}]{"}"#,
                #"messages messages[1] 2 {"x":{"id":"n"},"id":"2"}"#,
                #"messages messages[2] - {"id":"3","id":"4"}"#,
                #"messages messages[3] - {"id":"a\\"}"#,
                #"messages messages[4] - {"id":5}"#,
                #"messages messages[7] 77 {"t":"\\\\","id" : "77" ,"u":[{"id":"9"}]}"#,
            ])
        #expect(
            read.events == [
                "start messages",
                #"record messages[1] 1 {"x":{"id":"n"},"id":"2"}"#,
                #"record messages[2] 2 {"id":"3","id":"4"}"#,
                #"record messages[3] 3 {"id":"a\\"}"#,
                #"record messages[4] 4 {"id":5}"#,
                "record messages[5] 5 [1]",
                #"record messages[6] 6 "s""#,
                "end messages 8",
            ])
        #expect(read.envelope == #"{"messages":[],"after":1}"#)
    }

    /// A record cut by the end of a chunk is not offered, and is built.
    @Test func aRecordCutByAChunkIsBuilt() {
        // The first record is bytes 13–22, cut by the chunk's end at 20; the second is 24–33.
        let document = #"{"messages":[{"id":"1"},{"id":"2"}]}"#
        let read = Self.read(Array(document.utf8), lists: ["messages"], chunk: 20) { _ in true }
        #expect(read.offered == [#"messages messages[1] 2 {"id":"2"}"#])
        #expect(read.built.isEmpty, "the first record is cut, the second passed over")
        #expect(read.events == ["start messages", #"record messages[0] 0 {"id":"1"}"#, "end messages 2"])
    }

    /// Over seeded documents (nested lists, escapes, whitespace, chunks of 1 to 300 bytes): the
    /// records offered are exactly those whole in a chunk, each with its exact text and `id`; the
    /// events are an ungated read's without the records passed over; the envelope is the same.
    /// A third of the documents break after a record or inside the last one, or end early: the
    /// gated read stops with the ungated one's error (byte, line, yajl's message).
    @Test func aGatedReadIsAnUngatedOneWithoutThePassedRecords() {
        var random = SeededRandom(seed: 0x6A7E)
        var offeredInAll = 0
        var passedInAll = 0
        var brokenInAll = 0
        for _ in 0..<1500 {
            var texts: [(text: String, id: String?)] = []
            for _ in 0..<random.below(12) {
                guard random.chance(85) else {
                    texts.append((JSONText.write(JSONText.random(&random, depth: 2)), nil))
                    continue
                }
                var members: [String] = []
                var id: String?
                for _ in 0..<random.below(5) {
                    members.append(
                        JSONText.quoted(JSONText.pieces[random.below(JSONText.pieces.count)]) + ":"
                            + JSONText.write(JSONText.random(&random, depth: 2)))
                }
                if random.chance(80) {
                    let value = (0..<random.below(3)).map { _ in ["7", "x", "é", "\"", "{", "]"][random.below(6)] }.joined()
                    id = JSONText.quoted(value).contains("\\") ? nil : value
                    members.insert(
                        #""id""# + [":", " : ", ":\n "][random.below(3)] + JSONText.quoted(value), at: random.below(members.count + 1))
                }
                texts.append(("{" + members.joined(separator: [",", " ,\n  ", ","][random.below(3)]) + "}", id))
            }
            let prefix = #"{"a":{"messages":[1]},"chats":{"list":[{"n":1,"messages": ["#
            var document = Array(
                (prefix + texts.map(\.text).joined(separator: [",", ",\n    "][random.below(2)]) + #"]}]},"z":"}"}"#).utf8)
            let broken = random.chance(33)
            if broken {
                // After the last record's first byte: it is not passed over, so both reads meet the break.
                let last = document.count - 13 - (texts.last?.text.utf8.count ?? 0)
                let at = last + random.below(document.count - last)
                switch random.below(3) {
                case 0: document.insert(contentsOf: Array(", x".utf8), at: at)
                case 1: document.insert(contentsOf: Array("}]".utf8), at: at)
                default: document.removeSubrange(at...)
                }
            }
            let chunk = 1 + random.below(300)
            let salt = random.below(3)
            let gated = Self.read(document, lists: ["chats.list[].messages"], chunk: chunk) {
                ($0 + salt) % 3 != 0 && !(broken && $0 == texts.count - 1)
            }
            let ungated = Self.read(document, lists: ["chats.list[].messages"], chunk: chunk, offering: false) { _ in true }
            let taped = Self.read(document, lists: ["chats.list[].messages"], chunk: chunk, tapes: true) {
                ($0 + salt) % 3 != 0 && !(broken && $0 == texts.count - 1)
            }
            #expect(taped == gated, "records read as tapes: the same offers, records shown built, events and errors")
            // Where each record begins in the document, to tell which are whole in a chunk.
            var offset = Array(prefix.utf8).count
            var expected: [String] = []
            var passed: Set<Int> = []
            var whole: [String] = []
            for (index, record) in texts.enumerated() {
                let start = document.indices[offset...].first { document[$0] == record.text.utf8.first! }!
                let length = record.text.utf8.count
                offset = start + length
                guard record.text.hasPrefix("{"), start / chunk == (start + length - 1) / chunk else { continue }
                expected.append("chats.list[].messages chats.list[0].messages[\(index)] \(record.id ?? "-") \(record.text)")
                whole.append("\(index) \(record.text)")
                if (index + salt) % 3 != 0 { passed.insert(index) }
            }
            #expect(gated.error == ungated.error)
            #expect((gated.error != nil) == (gated.envelope == nil))
            if broken {
                brokenInAll += gated.error == nil ? 0 : 1
                continue
            }
            #expect(gated.offered == expected)
            #expect(ungated.offered.isEmpty && ungated.built == whole, "not offering: every whole record is shown built")
            #expect(gated.built == whole.filter { !passed.contains(Int($0.prefix { $0 != " " })!) })
            #expect(
                gated.events
                    == ungated.events.filter { event in !passed.contains { event.hasPrefix("record chats.list[0].messages[\($0)] ") } })
            #expect(gated.envelope == ungated.envelope && gated.envelope != nil)
            offeredInAll += expected.count
            passedInAll += passed.count
        }
        // 388 of the broken documents break: bytes inserted inside a multi-byte character of a string
        // are no break, invalid UTF-8 being read as U+FFFD.
        #expect(offeredInAll > 2500 && passedInAll > 1500 && brokenInAll > 350)
    }
}
