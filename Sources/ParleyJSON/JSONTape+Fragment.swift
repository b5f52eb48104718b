import Glibc

extension JSONTape {
    /// One value of a tape copied out of it — its nodes, numbered from 0, and their bytes — so a
    /// reader can tell the same value in a later record's tape (``matches(_:at:)``) without
    /// reading its members again: a DiscordChatExporter message repeats its author's whole object.
    public struct Fragment: Sendable {
        /// The value's nodes, their offsets counted from the first of its bytes.
        fileprivate let nodes: [Node]
        fileprivate let bytes: [UInt8]

        /// The number of nodes: the value and everything inside it.
        public var count: Int { nodes.count }
    }

    /// The range of ``bytes`` that value `node` and every value and key inside it hold: from where
    /// its first key, string or number starts to where its last ends (empty, and at 0, when it has
    /// none; empty where its only ones are empty strings).
    /// - Complexity: O(nodes of the value).
    public func span(of node: Int) -> Range<Int> {
        nodes.withUnsafeBufferPointer { nodes in
            var lower = Int.max, upper = Int.min
            for index in node..<nodes[node].end where Self.hasBytes(nodes[index].kind) {
                lower = min(lower, nodes[index].offset)
                upper = max(upper, nodes[index].offset + nodes[index].length)
            }
            return lower <= upper ? lower..<upper : 0..<0
        }
    }

    /// Value `node` and everything inside it, copied out of the tape.
    /// - Complexity: O(nodes and bytes of the value).
    public func fragment(of node: Int) -> Fragment {
        let span = span(of: node)
        let copied = nodes[node..<nodes[node].end].map { copy in
            var copy = copy
            if Self.hasBytes(copy.kind) { copy.offset -= span.lowerBound }
            copy.end -= node
            return copy
        }
        return Fragment(nodes: copied, bytes: Array(bytes[span]))
    }

    /// Whether value `node` is `fragment`'s value: the same nodes — kinds, booleans, lengths,
    /// nesting — over the same bytes. Such a value reads the same member for member.
    /// - Complexity: O(nodes and bytes of the fragment).
    public func matches(_ fragment: Fragment, at node: Int) -> Bool {
        guard nodes[node].end - node == fragment.nodes.count else { return false }
        let span = span(of: node)
        guard span.count == fragment.bytes.count else { return false }
        let sameNodes = nodes.withUnsafeBufferPointer { nodes in
            fragment.nodes.withUnsafeBufferPointer { expected in
                for index in expected.indices {
                    let actual = nodes[node + index]
                    guard actual.kind == expected[index].kind, actual.length == expected[index].length,
                        actual.end - node == expected[index].end
                    else { return false }
                    if Self.hasBytes(actual.kind), actual.offset - span.lowerBound != expected[index].offset { return false }
                }
                return true
            }
        }
        guard sameNodes, !span.isEmpty else { return sameNodes }
        return bytes.withUnsafeBufferPointer { tape in
            fragment.bytes.withUnsafeBufferPointer { memcmp(tape.baseAddress! + span.lowerBound, $0.baseAddress!, span.count) == 0 }
        }
    }

    private static func hasBytes(_ kind: Node.Kind) -> Bool { kind == .key || kind == .string || kind == .number }
}
