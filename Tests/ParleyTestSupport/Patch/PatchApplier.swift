import ParleyPatch

/// Applies patch operations to an ``HTMLDocument`` — the same semantics as `Public/parley.js`
/// in a browser. The tests' oracle for the convergence invariant: render(old) + batch = render(new).
public struct PatchApplier {
    /// The id of the container element whose children are the sections (`transcript`).
    public var containerID: String

    /// An applier for pages whose container of day sections has the id `containerID`.
    public init(containerID: String = "transcript") { self.containerID = containerID }

    /// Applies `operations` in order to `document`; `transientClass` operations (a browser-only
    /// effect) change nothing.
    /// - Throws: ``DOMError`` when an operation names an element or slot that is not there.
    public func apply(_ operations: [PatchOperation], to document: HTMLDocument) throws(DOMError) {
        for operation in operations {
            switch operation {
            case let .insert(id, parent, after, html):
                try document.insertElement(html, id: id, in: parent, after: after, leading: 1, replacingExisting: true)
            case let .remove(id), let .removeSection(id):
                document.removeElement(id)
            case let .move(id, parent, after):
                try document.moveElement(id, in: parent, after: after, leading: 1)
            case let .replace(id, html):
                try document.replaceElement(id, with: html)
            case let .slot(id, slot, html):
                try document.setSlot(slot, of: id, to: html)
            case let .createSlot(id, slot, before, html):
                try document.createSlot(slot, of: id, before: before, html: html)
            case let .removeSlot(id, slot):
                try document.removeSlot(slot, of: id)
            case let .appendText(id, slot, text):
                try document.appendText(text, toSlot: slot, of: id)
            case let .setAttribute(id, name, value):
                try document.setAttribute(name, to: value, of: id)
            case let .removeAttribute(id, name):
                try document.setAttribute(name, to: nil, of: id)
            case let .insertSection(id, after, html):
                try document.insertElement(html, id: id, in: containerID, after: after, leading: 0, replacingExisting: false)
            case let .moveSection(id, after):
                try document.moveElement(id, in: containerID, after: after, leading: 0)
            case let .reset(html):
                try document.replaceChildren(of: containerID, with: html)
            case .transientClass:
                continue
            }
        }
    }
}
