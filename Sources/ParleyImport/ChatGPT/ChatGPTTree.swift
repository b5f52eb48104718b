/// A conversation's `mapping` as a tree: the path the user last saw and the other branches.
///
/// The shown path runs from the root (the node without a parent) to the node that ends it,
/// `current_node` or else ``newestLeaf()``, found by following `parent` links back from it. Each
/// other child of a node on a line starts a branch, itself a line that follows the last child;
/// branches of branches follow in turn.
/// - Complexity: O(n) for n nodes.
struct ChatGPTTree {
    /// A line of nodes: the shown path, or a branch with the node it forks from.
    struct Line: Equatable {
        var nodes: [String]
        /// The index of the line this one forks from (nil for the shown path).
        var parentLine: Int?
        /// The node of the parent line after which this line forks.
        var forkParent: String?
        /// The node of the parent line this line replaces (the sibling it is an alternative to).
        var alternativeTo: String?
    }

    /// Why the shown path cannot be found; each case names the node.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case missingParent(node: String, parent: String)
        case cycle(node: String)

        var description: String {
            switch self {
            case let .missingParent(node, parent): return "node \"\(node)\" names parent \"\(parent)\", which is not in the mapping"
            case let .cycle(node): return "the parent links from node \"\(node)\" form a cycle"
            }
        }
    }

    let nodes: [String: ChatGPTNode]

    /// The shown path, root first, ending at `end` (a node of the mapping; nil when the mapping
    /// has no leaf to end at). Empty for an empty mapping.
    /// - Throws: ``Failure`` when a parent is missing or the links loop (an empty mapping is
    ///   none; a mapping whose every node has a child is a cycle, named by its least node).
    func shownPath(to end: String?) throws(Failure) -> [String] {
        guard let end else {
            guard let node = nodes.keys.min() else { return [] }
            throw .cycle(node: node)
        }
        var path = [end]
        var seen: Set<String> = [end]
        while let parent = nodes[path[path.count - 1]]?.parent {
            guard nodes[parent] != nil else { throw .missingParent(node: path[path.count - 1], parent: parent) }
            guard seen.insert(parent).inserted else { throw .cycle(node: parent) }
            path.append(parent)
        }
        return path.reversed()
    }

    /// The leaf (a node none of whose children is in the mapping) whose message is newest by
    /// `create_time`, a leaf without one counting as older than any with one; of leaves equally
    /// new, the one with the greatest id. Also how many leaves there are. Nil when there is none.
    func newestLeaf() -> (node: String, leaves: Int)? {
        let leaves = nodes.filter { _, node in !(node.children ?? []).contains { nodes[$0] != nil } }
        let newest = leaves.max { first, second in
            let times = (first.value.message?.create_time, second.value.message?.create_time)
            switch times {
            case let (.some(one), .some(other)) where one != other: return one < other
            case (nil, .some): return true
            case (.some, nil): return false
            default: return first.key < second.key
            }
        }
        return newest.map { ($0.key, leaves.count) }
    }

    /// The shown path and every branch, in discovery order; each node is on one line at most.
    func lines(shownPath: [String]) -> [Line] {
        var visited = Set(shownPath)
        var lines = [Line(nodes: shownPath)]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            for (position, node) in line.nodes.enumerated() {
                let next = position + 1 < line.nodes.count ? line.nodes[position + 1] : nil
                for child in nodes[node]?.children ?? [] where child != next && nodes[child] != nil && !visited.contains(child) {
                    visited.insert(child)
                    let branch = follow(from: child, visited: &visited)
                    lines.append(Line(nodes: branch, parentLine: index, forkParent: node, alternativeTo: next))
                }
            }
            index += 1
        }
        return lines
    }

    /// `start`, then its last unvisited child, repeatedly.
    private func follow(from start: String, visited: inout Set<String>) -> [String] {
        var line = [start]
        visited.insert(start)
        while let child = (nodes[line[line.count - 1]]?.children ?? []).last(where: { nodes[$0] != nil && !visited.contains($0) }) {
            visited.insert(child)
            line.append(child)
        }
        return line
    }
}
