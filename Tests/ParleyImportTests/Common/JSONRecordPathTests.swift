import ParleyJSON
import Testing

@testable import ParleyImport

/// A record's errors name the JSON path of what could not be read, however deep: members after
/// a dot (alone after `$`), array elements in brackets, the path spelled out only then.
@Suite struct JSONRecordPathTests {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members: members.map { ($0.0, $0.1) })) }

    static func failure(_ read: () throws(ImportError) -> Void) -> ImportError? {
        do throws(ImportError) {
            try read()
            return nil
        } catch {
            return error
        }
    }

    @Test func nestedMembersAndElementsAreNamedInFull() throws {
        let field = Self.object([("name", .string("a")), ("value", .number("1"))])
        let embed = Self.object([("fields", .array([field, field, Self.object([("name", .null)])]))])
        let message = Self.object([
            ("author", Self.object([("id", .string("1"))])), ("embeds", .array([Self.object([]), embed])),
            ("reactions", .array([Self.object([("emoji", .string("x"))])])),
        ])
        let record = try JSONRecord(JSONTape(message), file: "f.json", path: "messages[7]")
        #expect(
            Self.failure { () throws(ImportError) in
                _ = try record.records(ifPresent: "embeds") { (embed) throws(ImportError) in
                    try embed.records(ifPresent: "fields") { (field) throws(ImportError) in try field.string("name") }
                }
            } == .schema(file: "f.json", path: "messages[7].embeds[1].fields[2].name", expected: "a value of type string, found null"))
        #expect(
            Self.failure { () throws(ImportError) in _ = try record.record("author").string("name") }
                == .schema(file: "f.json", path: "messages[7].author.name", expected: "a required \"name\" field"))
        #expect(
            Self.failure { () throws(ImportError) in
                _ = try record.records(ifPresent: "reactions") { (reaction) throws(ImportError) in try reaction.record("emoji") }
            } == .schema(file: "f.json", path: "messages[7].reactions[0].emoji", expected: "a value of type object"))
        let root = try JSONRecord(JSONTape(Self.object([("guild", Self.object([("id", .bool(true))]))])), file: "g.json", path: "$")
        #expect(
            Self.failure { () throws(ImportError) in _ = try root.record(ifPresent: "guild")?.string("id") }
                == .schema(file: "g.json", path: "guild.id", expected: "a value of type string"))
        #expect(try root.record("guild").path == "guild")
    }

    /// Slack's members, looked up as the export writes them and matched as the decoder converting
    /// from snake case matches them; lenient integers and lists of strings, with their errors.
    @Test func snakeCaseMembersLenientIntegersAndStrings() throws {
        let reaction = Self.object([
            ("name", .string("tada")), ("COUNT", .string("12")), ("users", .array([.string("U1"), .number("3")])),
        ])
        let file = Self.object([
            ("size", .number("1e3")), ("original_w", .number("1.5")), ("originalH", .string("-9223372036854775808")),
            ("original_h", .string("9223372036854775808")), ("id", .bool(true)),
        ])
        let message = Self.object([
            ("ts", .string("1.000100")), ("threadTs", .string("1.000000")), ("reactions", .array([reaction])), ("file", file),
            ("user_profile", Self.object([("Display_Name", .string("Ana")), ("image_72", .null)])),
        ])
        let record = try JSONRecord(JSONTape(message), file: "d.json", path: "$[4]", keys: .convertFromSnakeCase)
        #expect(try record.string(ifPresent: "thread_ts") == "1.000000")
        #expect(try record.record("user_profile").string(ifPresent: "display_name") == "Ana")
        #expect(try record.record("user_profile").string(ifPresent: "image_72") == nil)
        let size = try record.record("file")
        #expect(size.lenientInteger(ifPresent: "size") == 1000)
        #expect(size.lenientInteger(ifPresent: "original_w") == nil)
        // The last member that converts alike: `original_h` after `originalH`, and out of range.
        #expect(size.lenientInteger(ifPresent: "original_h") == nil)
        #expect(size.lenientInteger(ifPresent: "id") == nil)
        #expect(size.lenientInteger(ifPresent: "missing") == nil)
        let reactions = try record.records(ifPresent: "reactions") { $0 }
        // A key without an underscore is not converted: `COUNT` is not `count`.
        #expect(reactions?.first?.lenientInteger(ifPresent: "count") == nil)
        #expect(reactions?.first?.lenientInteger(ifPresent: "COUNT") == 12)
        #expect(
            Self.failure { () throws(ImportError) in _ = try reactions?.first?.strings(ifPresent: "users") }
                == .schema(file: "d.json", path: "$[4].reactions[0].users[1]", expected: "a value of type string"))
        #expect(
            Self.failure { () throws(ImportError) in _ = try record.strings(ifPresent: "ts") }
                == .schema(file: "d.json", path: "$[4].ts", expected: "a value of type array"))
        #expect(
            Self.failure { () throws(ImportError) in _ = try record.record("user_profile").string("real_name") }
                == .schema(file: "d.json", path: "$[4].user_profile.real_name", expected: "a required \"real_name\" field"))
        let plain = try JSONRecord(JSONTape(message), file: "d.json", path: "$[4]")
        #expect(try plain.string(ifPresent: "thread_ts") == nil)
    }

    /// Telegram's members: doubles, nulls, lists of strings and nulls, and values of several shapes
    /// read through `value(ifPresent:)`, with their errors at the member's or element's path.
    @Test func doublesNullsOptionalStringsAndValuesOfSeveralShapes() throws {
        let message = Self.object([
            ("latitude", .number("52.5")), ("huge", .number("1e400")), ("word", .string("x")), ("gone", .null),
            ("members", .array([.string("a"), .null, .string("b")])), ("bad_members", .array([.string("a"), .number("3")])),
            ("id", .number("1e3")), ("half", .number("4.5")), ("big", .number("9223372036854775808")),
            ("text", .array([.string("a"), Self.object([("text", .string("b"))])])),
        ])
        let record = try JSONRecord(JSONTape(message), file: "t.json", path: "messages[2]")
        #expect(try record.double(ifPresent: "latitude") == 52.5)
        #expect(try record.double(ifPresent: "gone") == nil)
        #expect(
            Self.failure { () throws(ImportError) in _ = try record.double(ifPresent: "huge") }
                == .schema(file: "t.json", path: "messages[2].huge", expected: "Number 1e400 is not representable in Swift."))
        #expect(
            Self.failure { () throws(ImportError) in _ = try record.double(ifPresent: "word") }
                == .schema(file: "t.json", path: "messages[2].word", expected: "a value of type number"))
        #expect(record.isNull("gone") && !record.isNull("word") && !record.isNull("missing"))
        #expect(try record.optionalStrings(ifPresent: "members") == ["a", nil, "b"])
        #expect(
            Self.failure { () throws(ImportError) in _ = try record.optionalStrings(ifPresent: "bad_members") }
                == .schema(file: "t.json", path: "messages[2].bad_members[1]", expected: "a value of type string"))
        #expect(try record.value(ifPresent: "id") { $0.int64 } == 1000)
        #expect(try record.value(ifPresent: "half") { $0.int64 } == .some(nil))
        #expect(try record.value(ifPresent: "big") { $0.int64 } == .some(nil))
        #expect(try record.value(ifPresent: "gone") { $0.int64 } == nil)
        #expect(try record.value(ifPresent: "word") { $0.int64 } == .some(nil))
        let pieces = try record.value(ifPresent: "text") { (text) throws(ImportError) in
            try text.elements.map { (piece) throws(ImportError) in piece.kind == .string ? piece.text : try piece.object().string("text") }
        }
        #expect(pieces == ["a", "b"])
        #expect(
            Self.failure { () throws(ImportError) in
                _ = try record.value(ifPresent: "text") { (text) throws(ImportError) in try text.elements[1].object().string("type") }
            } == .schema(file: "t.json", path: "messages[2].text[1].type", expected: "a required \"type\" field"))
        #expect(
            try record.value(ifPresent: "text") { $0.elements[0].error(expected: "x") }
                == .schema(file: "t.json", path: "messages[2].text[0]", expected: "x"))
    }
}
