extension Template {
    /// Renders the template in two pieces: everything before the HTML slot `slot`, and
    /// everything after it. Used for containers whose children are rendered separately (a day
    /// section's messages), so the container can be written empty or filled.
    /// - Returns: `(before, after)`; `after` is empty when the template has no such slot.
    public func renderSplit(_ values: KeyValuePairs<String, SlotValue>, at slot: String) -> (before: SafeHTML, after: SafeHTML) {
        let target = slotIndex(slot)
        guard let index = steps.firstIndex(where: { if case .slot(target, .html) = $0 { true } else { false } }) else {
            return (render(values), .empty)
        }
        let head = Template(storage, steps: steps[..<index])
        let tail = Template(storage, steps: steps[(index + 1)...])
        return (head.render(values), tail.render(values))
    }

    /// Renders the template at the end of `writer`, with `fill` writing the HTML slot `slot`
    /// wherever it stands (its value in `values` is not used). Containers are written this way
    /// with their children straight into one buffer.
    public func render(_ values: SlotValues, into writer: inout HTMLWriter, filling slot: String, with fill: (inout HTMLWriter) -> Void) {
        let target = slotIndex(slot)
        withSteps { steps, bytes in
            for step in steps {
                if case .slot(target, .html) = step { fill(&writer) } else { write(step, bytes, values, into: &writer) }
            }
        }
    }
}

extension Template {
    /// Renders the template and hashes its **frame**: everything it writes except the values of
    /// the slots named in `excluded`. Two renderings with equal frames differ only in those slots,
    /// so a patch may update just them; different frames need the whole element replaced.
    /// - Returns: the HTML and the frame's hash (valid within one process).
    public func render(_ values: KeyValuePairs<String, SlotValue>, frameExcluding excluded: Set<String>) -> (html: SafeHTML, frame: Int) {
        render(SlotValues(values, for: self), frameExcluding: Set(excluded.compactMap(slotIndex)))
    }

    /// ``render(_:frameExcluding:)`` with values and excluded slots by index.
    public func render(_ values: SlotValues, frameExcluding excluded: Set<Int>) -> (html: SafeHTML, frame: Int) {
        var hasher = Hasher()
        for case let index? in steps.lazy.map(\.slot) where !excluded.contains(index) {
            hasher.combine(index)
            hasher.combine(values[index])
        }
        hasher.combine(name)
        var writer = HTMLWriter(capacity: 512)
        render(values, into: &writer)
        return (writer.fragment, hasher.finalize())
    }
}
