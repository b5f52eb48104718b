/// Why a DOM operation could not be applied to an ``HTMLDocument``.
public enum DOMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libxml2 could not parse the page or fragment.
    case unparsable
    /// No element has this id.
    case missingElement(String)
    /// The element has no descendant with `data-slot` equal to the name.
    case missingSlot(element: String, slot: String)
    /// A slot to create is already in the element.
    case slotExists(element: String, slot: String)
    /// A fragment for an insert or replace did not hold exactly one element.
    case notOneElement(String)

    public var description: String {
        switch self {
        case .unparsable: return "libxml2 could not parse the HTML"
        case let .missingElement(id): return "no element with id \"\(id)\""
        case let .missingSlot(element, slot): return "element \"\(element)\" has no slot \"\(slot)\""
        case let .slotExists(element, slot): return "element \"\(element)\" already has a slot \"\(slot)\""
        case let .notOneElement(id): return "the fragment for \"\(id)\" is not exactly one element"
        }
    }
}
