extension Template {
    /// Renders the template in two pieces: everything before the HTML slot `slot`, and
    /// everything after it. Used for containers whose children are rendered separately (a day
    /// section's messages), so the container can be written empty or filled.
    /// - Returns: `(before, after)`; `after` is empty when the template has no such slot.
    public func renderSplit(_ values: [String: SlotValue], at slot: String) -> (before: SafeHTML, after: SafeHTML) {
        guard let index = parts.firstIndex(where: { if case .slot(slot, .html) = $0 { true } else { false } }) else {
            return (render(values), .empty)
        }
        let head = Template(name: name, parts: Array(parts[..<index]))
        let tail = Template(name: name, parts: Array(parts[(index + 1)...]))
        return (head.render(values), tail.render(values))
    }
}

extension Template {
    /// Renders the template and hashes its **frame**: everything it writes except the values of
    /// the slots named in `excluded`. Two renderings with equal frames differ only in those slots,
    /// so a patch may update just them; different frames need the whole element replaced.
    /// - Returns: the HTML and the frame's hash (valid within one process).
    public func render(_ values: [String: SlotValue], frameExcluding excluded: Set<String>) -> (html: SafeHTML, frame: Int) {
        var hasher = Hasher()
        for part in parts {
            switch part {
            case .bytes: continue
            case let .slot(name, _), let .optionalAttribute(_, name, _):
                guard !excluded.contains(name) else { continue }
                hasher.combine(name)
                hasher.combine(values[name])
            }
        }
        hasher.combine(name)
        return (render(values), hasher.finalize())
    }
}
