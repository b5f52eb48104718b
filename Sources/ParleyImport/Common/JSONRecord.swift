import ParleyJSON

/// One JSON object of an export, read member by member by an importer's own code instead of
/// `Decodable` — several times faster for the records of a large export — with the errors
/// ``JSONValueDecoder`` would give for the same value, so a record that cannot be read is reported
/// the same way: ``ImportError/schema(file:path:expected:)`` naming the member's JSON path
/// (`messages[12].author.id`) and what was expected there.
///
/// Member look-ups find the last member of a name, as ``JSONObject`` does. A member that is
/// missing or `null` is absent for the `ifPresent` reads; integers follow ``JSONValueDecoder``:
/// the number's text as an integer in range, or a decimal or exponent form with an exact integral
/// value.
struct JSONRecord {
    /// The object's members.
    let object: JSONObject
    /// The file named in errors.
    let file: String
    /// Where the object is, spelled out as ``path`` only when an error names it: a record holds
    /// tens of nested objects, and writing each one's path costs more than reading it.
    private let location: Location

    /// The object's JSON path (`messages[12]`, `messages[12].author`).
    var path: String { location.path }

    /// The object `value` at `path` of `file`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when `value` is not an object.
    init(_ value: JSONValue, file: String, path: String) throws(ImportError) {
        try self.init(value, file: file, location: .path(path))
    }

    private init(_ value: JSONValue, file: String, location: Location) throws(ImportError) {
        guard case let .object(object) = value else {
            throw Self.mismatch(value, expected: "object", file: file, path: location.path)
        }
        self.object = object
        self.file = file
        self.location = location
    }

    /// A JSON path as the steps that lead to it.
    private indirect enum Location {
        case path(String)
        /// Member `key` of the object at the parent.
        case member(Location, key: String)
        /// Element `index` of the array in member `key` of the object at the parent.
        case element(Location, key: String, index: Int)

        /// `messages[12].author`: a member after its parent's path and a dot (alone after `$`),
        /// an element's index in brackets.
        var path: String {
            switch self {
            case let .path(path): return path
            case let .member(parent, key): return Self.member(key, of: parent.path)
            case let .element(parent, key, index): return "\(Self.member(key, of: parent.path))[\(index)]"
            }
        }

        static func member(_ key: String, of path: String) -> String { path == "$" ? key : "\(path).\(key)" }
    }

    /// The string member `key`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is missing or not a string.
    func string(_ key: String) throws(ImportError) -> String {
        guard let value = object[key] else { throw missing(key) }
        guard case let .string(string) = value else { throw mismatch(value, at: key, expected: "string") }
        return string
    }

    /// The string member `key`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is of another type.
    func string(ifPresent key: String) throws(ImportError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case let .string(string)?: return string
        case let value?: throw mismatch(value, at: key, expected: "string")
        }
    }

    /// The boolean member `key`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is of another type.
    func bool(ifPresent key: String) throws(ImportError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case let .bool(bool)?: return bool
        case let value?: throw mismatch(value, at: key, expected: "boolean")
        }
    }

    /// The integer member `key` as `type`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not a number, or a number
    ///   `type` cannot hold exactly.
    func integer<T: FixedWidthInteger>(ifPresent key: String, as type: T.Type) throws(ImportError) -> T? {
        switch object[key] {
        case nil, .null?: return nil
        case let .number(text)?:
            if let exact = T(text) { return exact }
            if let double = Double(text), double.isFinite, let exact = T(exactly: double) { return exact }
            throw .schema(file: file, path: member(key), expected: "Number \(text) is not representable in Swift.")
        case let value?: throw mismatch(value, at: key, expected: "number")
        }
    }

    /// The object member `key`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is missing or not an object.
    func record(_ key: String) throws(ImportError) -> JSONRecord {
        guard let value = object[key] else { throw missing(key) }
        return try JSONRecord(value, file: file, location: .member(location, key: key))
    }

    /// The object member `key`; nil when it is missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is of another type.
    func record(ifPresent key: String) throws(ImportError) -> JSONRecord? {
        switch object[key] {
        case nil, .null?: return nil
        case let value?: return try JSONRecord(value, file: file, location: .member(location, key: key))
        }
    }

    /// The array member `key`, each element read by `read` as an object; nil when the member is
    /// missing or `null`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when it is not an array or an element
    ///   is not an object; what `read` throws.
    func records<Element>(ifPresent key: String, _ read: (JSONRecord) throws(ImportError) -> Element) throws(ImportError) -> [Element]? {
        switch object[key] {
        case nil, .null?: return nil
        case let .array(elements)?:
            var result: [Element] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                result.append(try read(JSONRecord(element, file: file, location: .element(location, key: key, index: index))))
            }
            return result
        case let value?: throw mismatch(value, at: key, expected: "array")
        }
    }

    /// The path of member `key`.
    private func member(_ key: String) -> String { Location.member(key, of: path) }

    private func missing(_ key: String) -> ImportError {
        .schema(file: file, path: member(key), expected: "a required \"\(key)\" field")
    }

    private func mismatch(_ value: JSONValue, at key: String, expected: String) -> ImportError {
        Self.mismatch(value, expected: expected, file: file, path: member(key))
    }

    private static func mismatch(_ value: JSONValue, expected: String, file: String, path: String) -> ImportError {
        .schema(file: file, path: path, expected: "a value of type \(expected)" + (value == .null ? ", found null" : ""))
    }
}
