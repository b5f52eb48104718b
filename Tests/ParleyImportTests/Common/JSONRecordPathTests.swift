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
}
