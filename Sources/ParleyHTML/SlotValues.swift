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

    /// The values of `dictionary` by name, for `template`'s slots.
    public init(_ dictionary: [String: SlotValue], for template: Template) {
        values = template.slotNames.map { dictionary[$0] }
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
