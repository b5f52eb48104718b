extension PatchBatch {
    /// One batch equivalent to applying `batches` in order (each one's base is the previous one's
    /// version): from the first base to the last version, operations concatenated, with runs of
    /// `appendText` to the same slot merged into one. Used to send streamed tokens that arrive
    /// faster than a flush interval as one operation.
    /// - Returns: nil for an empty list.
    /// - Complexity: O(total operations + appended text).
    public static func coalescing(_ batches: [PatchBatch]) -> PatchBatch? {
        guard let first = batches.first, let last = batches.last else { return nil }
        var operations: [PatchOperation] = []
        for operation in batches.flatMap(\.operations) {
            if case let .appendText(id, slot, text) = operation, case let .appendText(lastID, lastSlot, lastText)? = operations.last,
                id == lastID, slot == lastSlot
            {
                operations[operations.count - 1] = .appendText(id: id, slot: slot, text: lastText + text)
            } else {
                operations.append(operation)
            }
        }
        return PatchBatch(version: last.version, base: first.base, operations: operations)
    }
}
