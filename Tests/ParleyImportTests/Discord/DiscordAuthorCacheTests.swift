import ParleyJSON
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// A DiscordChatExporter author found in the cache is the author its object reads as.
@Suite struct DiscordAuthorCacheTests {
    /// An author object of `variant`: the same person with a changed nickname, colour, bot flag or
    /// avatar, a member missing or `null`, members in another order, or another person.
    static func author(_ variant: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string("24569897287930219\(variant % 5)")), ("name", .string("kemi")),
            ("nickname", variant % 3 == 0 ? .null : .string(variant % 3 == 1 ? "Kemi" : "Kemí")),
            ("color", variant % 4 == 0 ? .string("#1ABC9C") : .null), ("isBot", .bool(variant % 7 == 0)),
            ("avatarUrl", .string("https://cdn.discordapp.com/avatars/2456/\(variant % 2).png")),
        ]
        if variant % 11 == 0 { members.removeLast() }
        if variant % 13 == 0 { members.reverse() }
        return .object(JSONObject(members: members))
    }

    static func fields(_ author: DiscordMessage.Author) -> String {
        "\(author.id) \(author.name ?? "-") \(author.nickname ?? "-") \(author.color ?? "-") \(author.isBot.map { "\($0)" } ?? "-") \(author.avatarUrl ?? "-")"
    }

    /// 5,000 seeded messages whose author objects are 60 variants, some a byte apart, read through
    /// caches of 1,024 and of 8 objects (which starts afresh hundreds of times): every author is
    /// the one its own object reads as, and an object that cannot be read is refused each time.
    @Test(arguments: [1_024, 8]) func everyAuthorIsWhatItsObjectReads(capacity: Int) throws {
        var cache = DiscordAuthorCache(capacity: capacity)
        var random = SeededRandom(seed: 15)
        var mismatches: [String] = []
        var refused = 0
        for index in 0..<5_000 {
            let variant = random.below(61)
            let object: JSONValue = variant == 60 ? .object(JSONObject(members: [("name", .string("no id"))])) : Self.author(variant)
            let message = JSONValue.object(JSONObject(members: [("id", .string("\(index)")), ("author", object)]))
            let record = try JSONRecord(JSONTape(message), file: "f.json", path: "messages[\(index)]").record("author")
            let direct: DiscordMessage.Author
            do throws(ImportError) {
                direct = try DiscordMessage.Author(record)
            } catch {
                #expect(error == .schema(file: "f.json", path: "messages[\(index)].author.id", expected: "a required \"id\" field"))
                #expect(throws: ImportError.self) { try cache.author(record) }
                refused += 1
                continue
            }
            let cached = try cache.author(record)
            if Self.fields(cached) != Self.fields(direct) {
                mismatches.append("\(index): \(Self.fields(cached)) != \(Self.fields(direct))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        #expect(refused > 50)
    }

    /// An object past what the cache keeps — a 3,000-byte nickname, 200 roles — is read as
    /// before every time it comes and never held, so a hostile export cannot make the cache large.
    @Test func anObjectTooLargeToKeepIsReadAndNotHeld() throws {
        let roles = JSONValue.array((0..<200).map { _ in .object(JSONObject(members: [("id", .string("1"))])) })
        let objects: [JSONValue] = [
            .object(JSONObject(members: [("id", .string("1")), ("nickname", .string(String(repeating: "n", count: 3_000)))])),
            .object(JSONObject(members: [("id", .string("2")), ("roles", roles)])),
        ]
        var cache = DiscordAuthorCache()
        for round in 0..<3 {
            for (index, object) in objects.enumerated() {
                let message = JSONValue.object(JSONObject(members: [("author", object)]))
                let record = try JSONRecord(JSONTape(message), file: "f.json", path: "messages[\(round)]").record("author")
                #expect(Self.fields(try cache.author(record)) == Self.fields(try DiscordMessage.Author(record)), "\(index)")
            }
        }
        #expect(cache.count == 0)
    }
}
