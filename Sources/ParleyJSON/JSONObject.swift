/// A JSON object's members in document order.
public struct JSONObject: Hashable, Sendable {
    /// The members, in document order, repeated keys included.
    public var members: [(key: String, value: JSONValue)]

    public init(members: [(key: String, value: JSONValue)] = []) { self.members = members }

    /// The value of the last member named `key`, or nil.
    /// - Complexity: O(members): objects in exports hold tens of members, where a scan beats hashing.
    ///   Keys are compared by UTF-8 length first (for the short keys of exports a length in the
    ///   string's inline bits), so most members are passed over without comparing characters.
    public subscript(key: String) -> JSONValue? {
        let length = key.utf8.count
        return members.last { $0.key.utf8.count == length && $0.key == key }?.value
    }

    /// The distinct keys, in the order of their first appearance.
    public var keys: [String] {
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    public static func == (left: JSONObject, right: JSONObject) -> Bool {
        left.members.count == right.members.count
            && zip(left.members, right.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
