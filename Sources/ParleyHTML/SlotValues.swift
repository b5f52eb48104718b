/// A value for a template slot.
public enum SlotValue: Sendable, Hashable, ExpressibleByStringLiteral {
    /// Text: escaped for the slot's context (and checked by ``URLPolicy`` in a URL attribute).
    case text(String)
    /// A safe fragment, inserted as is in an HTML slot (escaped as text elsewhere).
    case html(SafeHTML)

    public init(stringLiteral value: String) { self = .text(value) }

    var isEmpty: Bool {
        switch self {
        case let .text(text): return text.isEmpty
        case let .html(fragment): return fragment.isEmpty
        }
    }
}

/// The values of one rendering of a ``Template``, by slot index (``Template/slotIndex(_:)``).
///
/// A renderer that fills the same template many times resolves its slot names to indices once,
/// then fills an array per rendering instead of a dictionary keyed by name.
public struct SlotValues: Sendable {
    private var values: [SlotValue?]

    /// No values, for a template with `count` slots (``Template/slotNames``).
    public init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The values of `pairs` by name, for `template`'s slots; a name the template lacks is
    /// ignored, and of a name given twice the last value is kept.
    /// - Complexity: O(pairs × slots) string comparisons, and no hashing: a template has a few
    ///   slots with short names, which a dictionary would hash twice (to build it, then to read it).
    public init(_ pairs: KeyValuePairs<String, SlotValue>, for template: Template) {
        let names = template.slotNames
        values = Array(repeating: nil, count: names.count)
        for (name, value) in pairs {
            if let index = names.firstIndex(of: name) { values[index] = value }
        }
    }

    /// The value of the slot at `index`; nil when unset. Setting a nil index (a slot the
    /// template does not have) does nothing.
    public subscript(index: Int?) -> SlotValue? {
        get {
            guard let index, index < values.count else { return nil }
            return values[index]
        }
        set {
            guard let index, index < values.count else { return }
            values[index] = newValue
        }
    }
}
