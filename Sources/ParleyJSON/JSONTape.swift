import Glibc

/// One JSON value laid out flat: its nodes in document order — each object followed by its keys
/// and their values, each array by its elements — and the bytes of its keys, strings and numbers
/// in one buffer. A ``JSONStreamReader`` builds it for each record of a list named in its
/// `tapeLists`, in place of a tree of ``JSONValue``s: two arrays a record, instead of an
/// allocation for every object, array, long string and number, and a reader takes the members it
/// needs and makes Strings of those alone.
///
/// Nodes are numbered from 0 (the value itself). A node's ``Node/end`` is the index just past its
/// value (its last descendant's index + 1), so a container's children are walked by jumping from
/// one's start to its end. Keys, strings and numbers hold their bytes as yajl hands them over:
/// strings unescaped and valid UTF-8 (yajl checks none: an ill-formed sequence is taped as U+FFFD,
/// as `String(decoding:as:)` reads it), numbers as written. Objects keep repeated keys, and a
/// look-up finds the last, as ``JSONObject`` does.
public struct JSONTape: Hashable, Sendable {
    /// One value, or one key of an object.
    public struct Node: Hashable, Sendable {
        public enum Kind: UInt8, Hashable, Sendable {
            case null, bool, number, string, key, array, object
        }

        public var kind: Kind
        /// A key's, string's or number's bytes: ``offset`` and ``length`` in ``JSONTape/bytes``;
        /// a boolean's value in ``length`` (0 or 1); 0 for the rest.
        public var offset: Int
        public var length: Int
        /// The index of the node just past this value.
        public var end: Int
    }

    public internal(set) var nodes: [Node] = []
    public internal(set) var bytes: [UInt8] = []
    /// The open containers' node indices, innermost last, while the tape is being built.
    var openContainers: [Int] = []

    public init() {}

    /// The tape of `value`.
    /// - Complexity: O(size of `value`).
    public init(_ value: JSONValue) {
        append(value)
    }

    /// Whether no value is open: the tape holds one complete value, or none yet.
    var isComplete: Bool { openContainers.isEmpty }

    /// Empties the tape for the next value, keeping its storage when no one else holds it and it
    /// is not larger than ``keptCapacity`` (so one huge record does not keep its memory for the
    /// rest of the document).
    mutating func reset() {
        openContainers.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: nodes.capacity * MemoryLayout<Node>.stride <= Self.keptCapacity)
        bytes.removeAll(keepingCapacity: bytes.capacity <= Self.keptCapacity)
    }

    /// The bytes of storage each array keeps from one record to the next: 1 MiB, a hundred times
    /// an export's largest messages.
    static let keptCapacity = 1 << 20

    /// Appends a scalar or a key with its bytes (nil for `null` and booleans, whose value is
    /// `flag`).
    mutating func append(_ kind: Node.Kind, _ text: UnsafeRawBufferPointer?, flag: Bool = false) {
        let offset = bytes.count
        var length = flag ? 1 : 0
        if let text {
            bytes.append(contentsOf: text)
            length = text.count
        }
        nodes.append(Node(kind: kind, offset: offset, length: length, end: nodes.count + 1))
    }

    /// Opens an object or an array.
    mutating func open(_ kind: Node.Kind) {
        openContainers.append(nodes.count)
        nodes.append(Node(kind: kind, offset: 0, length: 0, end: 0))
    }

    /// Closes the innermost open container.
    mutating func close() {
        let index = openContainers.removeLast()
        nodes[index].end = nodes.count
    }

    private mutating func append(_ value: JSONValue) {
        switch value {
        case .null: append(.null, nil)
        case let .bool(flag): append(.bool, nil, flag: flag)
        case let .number(text): appendText(.number, text)
        case let .string(text): appendText(.string, text)
        case let .array(elements):
            open(.array)
            for element in elements { append(element) }
            close()
        case let .object(object):
            open(.object)
            for member in object.members {
                appendText(.key, member.key)
                append(member.value)
            }
            close()
        }
    }

    private mutating func appendText(_ kind: Node.Kind, _ text: String) {
        var text = text
        text.withUTF8 { append(kind, UnsafeRawBufferPointer($0)) }
    }

    // MARK: Reading

    /// The kind of node `node`.
    public func kind(_ node: Int) -> Node.Kind { nodes[node].kind }

    /// The text of a key, string or number node.
    /// - Complexity: O(its bytes).
    public func text(_ node: Int) -> String {
        let node = nodes[node]
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[node.offset..<node.offset + node.length]), as: UTF8.self)
        }
    }

    /// The value of a boolean node.
    public func bool(_ node: Int) -> Bool { nodes[node].length != 0 }

    /// The value node of the last member named `key` of object node `object`, or nil.
    /// - Complexity: O(members), each key compared by length first, then by its bytes.
    public func member(_ key: String, of object: Int) -> Int? {
        var key = key
        return key.withUTF8 { key in
            lastMember(of: object) { written in
                written.count == key.count && (key.isEmpty || memcmp(written.baseAddress!, key.baseAddress!, key.count) == 0)
            }
        }
    }

    /// The value node of the last member of object node `object` whose key's bytes satisfy
    /// `matches`, or nil.
    /// - Complexity: O(members) calls of `matches`.
    @inline(__always)
    func lastMember(of object: Int, matching matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int? {
        nodes.withUnsafeBufferPointer { nodes in
            bytes.withUnsafeBufferPointer { bytes in
                var found: Int?
                var child = object + 1
                let end = nodes[object].end
                while child < end {
                    let node = nodes[child]
                    if matches(UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + node.offset }, count: node.length)) {
                        found = child + 1
                    }
                    child = nodes[child + 1].end
                }
                return found
            }
        }
    }

    /// The element nodes of array node `array`, in order.
    /// - Complexity: O(elements).
    public func elements(of array: Int) -> [Int] {
        var elements: [Int] = []
        var child = array + 1
        while child < nodes[array].end {
            elements.append(child)
            child = nodes[child].end
        }
        return elements
    }

    /// Node `node` as a tree of values.
    /// - Complexity: O(size of the value).
    public func value(_ node: Int = 0) -> JSONValue {
        switch nodes[node].kind {
        case .null: return .null
        case .bool: return .bool(bool(node))
        case .number: return .number(text(node))
        case .string, .key: return .string(text(node))
        case .array: return .array(elements(of: node).map { value($0) })
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            var child = node + 1
            while child < nodes[node].end {
                members.append((text(child), value(child + 1)))
                child = nodes[child + 1].end
            }
            return .object(JSONObject(members: members))
        }
    }

    public static func == (left: JSONTape, right: JSONTape) -> Bool { left.nodes == right.nodes && left.bytes == right.bytes }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nodes)
        hasher.combine(bytes)
    }
}
