import ParleyJSON

/// One JSON object of an export, read member by member from its ``JSONTape`` by an importer's own
/// code instead of `Decodable` — several times faster for the records of a large export, and only
/// the members read are made into Swift values — with the errors
/// ``JSONValueDecoder`` would give for the same value, so a record that cannot be read is reported
/// the same way: ``ImportError/schema(file:path:expected:)`` naming the member's JSON path
/// (`messages[12].author.id`) and what was expected there.
///
/// Member look-ups find the last member of a name, as ``JSONObject`` does — with
/// `.convertFromSnakeCase`, the last whose key converts from snake case to what the name converts
/// to, as ``JSONValueDecoder`` with that strategy finds it (a Slack record's `thread_ts`, looked up
/// and named in errors as the export writes it). A member that is
/// missing or `null` is absent for the `ifPresent` reads; integers follow ``JSONValueDecoder``:
/// the number's text as an integer in range, or a decimal or exponent form with an exact integral
/// value.
struct JSONRecord {
    /// What a record and every object inside it share: the tape, the file named in errors and
    /// how a name looked up matches a member's key. One object, so that each nested record a
    /// reader takes retains one reference instead of the tape's arrays and the file name.
    final class Source: Sendable {
        let tape: JSONTape
        let file: String
        let keys: JSONValueDecoder.KeyStrategy

        init(tape: JSONTape, file: String, keys: JSONValueDecoder.KeyStrategy) {
            self.tape = tape
            self.file = file
            self.keys = keys
        }
    }

    /// The record's tape, file and key strategy, and the object's node in the source.tape.
    let source: Source
    let node: Int
    /// Where the object is, spelled out as ``path`` only when an error names it: a record holds
    /// tens of nested objects, and writing each one's path costs more than reading it.
    private let location: Location

    /// The object's JSON path (`messages[12]`, `messages[12].author`).
    var path: String { location.path }

    /// The object that is the value of `tape`, at `path` of `file`, its members looked up by
    /// `keys`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when the value is not an object.
    init(_ tape: JSONTape, file: String, path: String, keys: JSONValueDecoder.KeyStrategy = .useDefaultKeys) throws(ImportError) {
        try self.init(Source(tape: tape, file: file, keys: keys), node: 0, location: .path(path))
    }

    private init(_ source: Source, node: Int, location: Location) throws(ImportError) {
        guard source.tape.kind(node) == .object else {
            throw Self.mismatch(source.tape.kind(node), expected: "object", file: source.file, path: location.path)
        }
        self.source = source
        self.node = node
        self.location = location
    }

    /// A JSON path as the steps that lead to it.
    fileprivate indirect enum Location {
        case path(String)
        /// Member `key` of the object at the parent.
        case member(Location, key: String)
        /// Element `index` of the array in member `key` of the object at the parent.
        case element(Location, key: String, index: Int)
        /// Element `index` of the array at the parent.
        case item(Location, index: Int)

        /// `messages[12].author`: a member after its parent's path and a dot (alone after `$`),
        /// an element's index in brackets.
        var path: String {
            switch self {
            case let .path(path): return path
            case let .member(parent, key): return Self.member(key, of: parent.path)
            case let .element(parent, key, index): return "\(Self.member(key, of: parent.path))[\(index)]"
            case let .item(parent, index): return "\(parent.path)[\(index)]"
            }
        }

        static func member(_ key: String, of path: String) -> String { path == "$" ? key : "\(path).\(key)" }
    }

    /// The node of member `key`'s value, and its kind; nil when it is missing.
    private func member(_ key: String) -> (node: Int, kind: JSONTape.Node.Kind)? {
        source.tape.member(key, of: node, keys: source.keys).map { ($0, source.tape.kind($0)) }
    }

    /// The string member `key`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is missing or not a string.
    func string(_ key: String) throws(ImportError) -> String {
        guard let value = member(key) else { throw missing(key) }
        guard value.kind == .string else { throw mismatch(value.kind, at: key, expected: "string") }
        return source.tape.text(value.node)
    }

    /// The string member `key`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is of another type.
    func string(ifPresent key: String) throws(ImportError) -> String? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .string else { throw mismatch(value.kind, at: key, expected: "string") }
        return source.tape.text(value.node)
    }

    /// The boolean member `key`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is of another type.
    func bool(ifPresent key: String) throws(ImportError) -> Bool? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .bool else { throw mismatch(value.kind, at: key, expected: "boolean") }
        return source.tape.bool(value.node)
    }

    /// The integer member `key` as `type`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not a number, or a number
    ///   `type` cannot hold exactly.
    func integer<T: FixedWidthInteger>(ifPresent key: String, as type: T.Type) throws(ImportError) -> T? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .number else { throw mismatch(value.kind, at: key, expected: "number") }
        let text = source.tape.text(value.node)
        guard let exact = Self.exactInteger(text, as: type) else {
            throw .schema(file: source.file, path: memberPath(key), expected: "Number \(text) is not representable in Swift.")
        }
        return exact
    }

    /// A number's `text` as a `T`, by ``JSONValueDecoder``'s rule: an integer in range, or a
    /// decimal or exponent form with an exact integral value; nil otherwise.
    private static func exactInteger<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        if let exact = T(text) { return exact }
        guard let double = Double(text), double.isFinite else { return nil }
        return T(exactly: double)
    }

    /// The integer member `key`, read leniently as some exports write integers: a number `Int64`
    /// holds exactly, or a string `Int64(_:)` reads (`"size": "4163"`); nil for anything else.
    func lenientInteger(ifPresent key: String) -> Int64? {
        guard let value = member(key) else { return nil }
        switch value.kind {
        case .number: return try? integer(ifPresent: key, as: Int64.self)
        case .string: return Int64(source.tape.text(value.node))
        default: return nil
        }
    }

    /// The array member `key`, of strings; nil when the member is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not an array or an element
    ///   is not a string.
    func strings(ifPresent key: String) throws(ImportError) -> [String]? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .array else { throw mismatch(value.kind, at: key, expected: "array") }
        return try source.tape.elements(of: value.node).enumerated().map { (index, element) throws(ImportError) in
            let kind = source.tape.kind(element)
            guard kind == .string else {
                throw Self.mismatch(kind, expected: "string", file: source.file, path: "\(memberPath(key))[\(index)]")
            }
            return source.tape.text(element)
        }
    }

    /// The number member `key` as a `Double`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not a number, or not a
    ///   finite one.
    func double(ifPresent key: String) throws(ImportError) -> Double? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .number else { throw mismatch(value.kind, at: key, expected: "number") }
        let text = source.tape.text(value.node)
        guard let number = Double(text), number.isFinite else {
            throw .schema(file: source.file, path: memberPath(key), expected: "Number \(text) is not representable in Swift.")
        }
        return number
    }

    /// Whether member `key` is present and `null`.
    func isNull(_ key: String) -> Bool { member(key)?.kind == .null }

    /// The array member `key`, of strings and `null`s; nil when the member is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not an array or an element
    ///   is neither.
    func optionalStrings(ifPresent key: String) throws(ImportError) -> [String?]? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .array else { throw mismatch(value.kind, at: key, expected: "array") }
        return try source.tape.elements(of: value.node).enumerated().map { (index, element) throws(ImportError) in
            switch source.tape.kind(element) {
            case .null: return nil
            case .string: return source.tape.text(element)
            case let kind: throw Self.mismatch(kind, expected: "string", file: source.file, path: "\(memberPath(key))[\(index)]")
            }
        }
    }

    /// Member `key` read by `read` from its value (a ``JSONValueReading``), for values of several
    /// shapes (a number or a string, a string or a list); nil when it is missing or `null`.
    /// - Throws: what `read` throws.
    func value<Value>(ifPresent key: String, _ read: (JSONValueReading) throws(ImportError) -> Value) throws(ImportError) -> Value? {
        guard let value = member(key), value.kind != .null else { return nil }
        return try read(JSONValueReading(record: self, node: value.node, location: .member(location, key: key)))
    }

    /// One value of a record, of any kind: read as a string, a number's text, an array's elements
    /// or an object, with errors naming its path (spelled out only then, as a record's is).
    struct JSONValueReading {
        let record: JSONRecord
        let node: Int
        fileprivate let location: Location

        /// The value's JSON path.
        var path: String { location.path }

        var kind: JSONTape.Node.Kind { record.source.tape.kind(node) }
        /// The text of a string or a number.
        var text: String { record.source.tape.text(node) }

        /// A number value as an `Int64`, by ``JSONValueDecoder``'s rule (its text as an integer in
        /// range, or a decimal or exponent form with an exact integral value); nil for anything else.
        var int64: Int64? {
            kind == .number ? JSONRecord.exactInteger(text, as: Int64.self) : nil
        }

        /// The elements of an array value, each with its path.
        var elements: [JSONValueReading] {
            record.source.tape.elements(of: node).enumerated().map {
                JSONValueReading(record: record, node: $1, location: .item(location, index: $0))
            }
        }

        /// The value as an object.
        /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not an object.
        func object() throws(ImportError) -> JSONRecord {
            try JSONRecord(record.source, node: node, location: location)
        }

        /// An error at the value: `expected` names what was expected.
        func error(expected: String) -> ImportError { .schema(file: record.source.file, path: path, expected: expected) }
    }

    /// The object member `key`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is missing or not an object.
    func record(_ key: String) throws(ImportError) -> JSONRecord {
        guard let value = member(key) else { throw missing(key) }
        return try JSONRecord(source, node: value.node, location: .member(location, key: key))
    }

    /// The object member `key`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is of another type.
    func record(ifPresent key: String) throws(ImportError) -> JSONRecord? {
        guard let value = member(key), value.kind != .null else { return nil }
        return try JSONRecord(source, node: value.node, location: .member(location, key: key))
    }

    /// The array member `key`, each element read by `read` as an object; nil when the member is
    /// missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not an array or an element
    ///   is not an object; what `read` throws.
    func records<Element>(ifPresent key: String, _ read: (JSONRecord) throws(ImportError) -> Element) throws(ImportError) -> [Element]? {
        guard let value = member(key), value.kind != .null else { return nil }
        guard value.kind == .array else { throw mismatch(value.kind, at: key, expected: "array") }
        var result: [Element] = []
        for (index, element) in source.tape.elements(of: value.node).enumerated() {
            let location = Location.element(location, key: key, index: index)
            result.append(try read(JSONRecord(source, node: element, location: location)))
        }
        return result
    }

    /// The path of member `key`.
    private func memberPath(_ key: String) -> String { Location.member(key, of: path) }

    private func missing(_ key: String) -> ImportError {
        .schema(file: source.file, path: memberPath(key), expected: "a required \"\(key)\" field")
    }

    private func mismatch(_ kind: JSONTape.Node.Kind, at key: String, expected: String) -> ImportError {
        Self.mismatch(kind, expected: expected, file: source.file, path: memberPath(key))
    }

    private static func mismatch(_ kind: JSONTape.Node.Kind, expected: String, file: String, path: String) -> ImportError {
        .schema(file: file, path: path, expected: "a value of type \(expected)" + (kind == .null ? ", found null" : ""))
    }
}
