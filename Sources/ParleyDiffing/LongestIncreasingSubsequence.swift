/// A longest strictly increasing subsequence, found by patience sorting.
///
/// The diff keeps the items (or sections) on such a subsequence of old indices in place and moves the rest:
/// that is the minimum number of moves, since any set of elements left unmoved must keep their relative order.
/// Source: patience sorting with back-pointers (Aldous & Diaconis 1999, "Longest increasing subsequences:
/// from patience sorting to the Baik–Deift–Johansson theorem"); also used by Inferno's and Vue's keyed diffs.
@usableFromInline
enum LongestIncreasingSubsequence {
    /// Returns, for each element, whether it belongs to one longest strictly increasing subsequence.
    ///
    /// - Parameter values: Distinct integers (old indices in new order).
    /// - Returns: A mask of `values.count` booleans.
    /// - Complexity: O(n log n) comparisons; O(n) when `values` is already increasing.
    @inlinable
    static func membership(of values: ContiguousArray<Int>) -> ContiguousArray<Bool> {
        var tails = ContiguousArray<Int>()
        var predecessors = ContiguousArray<Int>(repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            if let last = tails.last, values[last] < value {
                low = high
            } else {
                while low < high {
                    let middle = (low + high) / 2
                    if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
                }
            }
            if low > 0 { predecessors[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var members = ContiguousArray<Bool>(repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            members[index] = true
            index = predecessors[index]
        }
        return members
    }
}
