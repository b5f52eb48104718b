import ParleyHTML

/// One DOM operation of the patch protocol (`docs/PATCH-PROTOCOL.md`), positioned by anchors —
/// element ids — never by numeric index.
public enum PatchOperation: Hashable, Sendable {
    /// Insert the element `id` (rendered as `html`) into `parent` after `after`, or first.
    case insert(id: String, parent: String, after: String?, html: SafeHTML)
    /// Remove the element `id`.
    case remove(id: String)
    /// Move the element `id` into `parent` after `after`, or first.
    case move(id: String, parent: String, after: String?)
    /// Replace the element `id` by `html` (outer HTML; resets element state).
    case replace(id: String, html: SafeHTML)
    /// Replace the children of slot `slot` of element `id` by `html`.
    case slot(id: String, slot: String, html: SafeHTML)
    /// Create slot `slot` of element `id`: insert its element (`html`, outer HTML) before the slot
    /// element `before`, or last in element `id` when `before` is nil.
    case createSlot(id: String, slot: String, before: String?, html: SafeHTML)
    /// Remove the element of slot `slot` of element `id` (the slot became empty).
    case removeSlot(id: String, slot: String)
    /// Append `text` as a text node to slot `slot` of element `id` (a streamed token).
    case appendText(id: String, slot: String, text: String)
    /// Set the attribute `name` of element `id` to `value`.
    case setAttribute(id: String, name: String, value: String)
    /// Remove the attribute `name` of element `id`.
    case removeAttribute(id: String, name: String)
    /// Insert the section `id` (rendered as `html`) into the container after section `after`, or first.
    case insertSection(id: String, after: String?, html: SafeHTML)
    /// Remove the section `id` and its items.
    case removeSection(id: String)
    /// Move the section `id` after section `after`, or first.
    case moveSection(id: String, after: String?)
    /// Replace the container's whole content by `html`.
    case reset(html: SafeHTML)
    /// Add a transient class to element `id` (e.g. `flash` after an edit); a client removes it
    /// after its animation. Not part of the page's state: appliers that compare DOMs ignore it.
    case transientClass(id: String, className: String)

    /// The compact wire tag (`i`, `r`, `m`, `R`, `s`, `c`, `d`, `t`, `a`, `A`, `S`, `X`, `M`, `reset`, `f`).
    public var tag: String {
        switch self {
        case .insert: "i"
        case .remove: "r"
        case .move: "m"
        case .replace: "R"
        case .slot: "s"
        case .createSlot: "c"
        case .removeSlot: "d"
        case .appendText: "t"
        case .setAttribute: "a"
        case .removeAttribute: "A"
        case .insertSection: "S"
        case .removeSection: "X"
        case .moveSection: "M"
        case .reset: "reset"
        case .transientClass: "f"
        }
    }

    /// The operation's arguments after the tag, in wire order (nil is JSON `null`).
    var arguments: [PatchArgument] {
        switch self {
        case let .insert(id, parent, after, html): [.text(id), .text(parent), .optional(after), .html(html)]
        case let .remove(id), let .removeSection(id): [.text(id)]
        case let .move(id, parent, after): [.text(id), .text(parent), .optional(after)]
        case let .replace(id, html): [.text(id), .html(html)]
        case let .slot(id, slot, html): [.text(id), .text(slot), .html(html)]
        case let .createSlot(id, slot, before, html): [.text(id), .text(slot), .optional(before), .html(html)]
        case let .removeSlot(id, slot): [.text(id), .text(slot)]
        case let .appendText(id, slot, text): [.text(id), .text(slot), .text(text)]
        case let .setAttribute(id, name, value): [.text(id), .text(name), .text(value)]
        case let .removeAttribute(id, name): [.text(id), .text(name)]
        case let .insertSection(id, after, html): [.text(id), .optional(after), .html(html)]
        case let .moveSection(id, after): [.text(id), .optional(after)]
        case let .reset(html): [.html(html)]
        case let .transientClass(id, className): [.text(id), .text(className)]
        }
    }
}

/// An argument of an operation on the wire.
enum PatchArgument {
    case text(String)
    case optional(String?)
    case html(SafeHTML)
}
