import Foundation
import ParleyHTML
import ParleyPatch

/// Decodes a patch batch's JSON (`docs/PATCH-PROTOCOL.md`) back into ``PatchOperation`` values,
/// so a test can apply what the server sent to a server-side DOM.
package struct DecodedBatch {
    package enum Failure: Error, Equatable {
        /// The batch is not a JSON object with `v`, `base` and `ops`.
        case notABatch(String)
        /// Operation `index` has an unknown tag or arguments of the wrong shape.
        case badOperation(index: Int, String)
    }

    package var version: Int
    package var base: Int
    package var operations: [PatchOperation]
    /// The batch's epoch (`e`), or nil when it names none.
    package var epoch: String?

    /// Decodes `json`, the `data:` of one `patch` event.
    package init(json: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let version = object["v"] as? Int, let base = object["base"] as? Int, let ops = object["ops"] as? [[Any]]
        else { throw Failure.notABatch(json) }
        self.version = version
        self.base = base
        epoch = object["e"] as? String
        operations = try ops.enumerated().map { index, op in
            guard let operation = Self.operation(op) else { throw Failure.badOperation(index: index, "\(op)") }
            return operation
        }
    }

    /// A page fetched from the server, to parse as an ``HTMLDocument`` (the server escaped it).
    package static func page(_ text: String) -> SafeHTML { SafeHTML(trusted: Array(text.utf8)) }

    /// One operation from its wire array, or nil when it does not have the protocol's shape.
    package static func operation(_ op: [Any]) -> PatchOperation? {
        guard let tag = op.first as? String else { return nil }
        let strings = op.dropFirst().map { $0 as? String }
        func text(_ index: Int) -> String? { index < strings.count ? strings[index] : nil }
        func html(_ index: Int) -> SafeHTML? { text(index).map { SafeHTML(trusted: Array($0.utf8)) } }
        switch (tag, strings.count) {
        case ("i", 4):
            guard let id = text(0), let parent = text(1), let html = html(3) else { return nil }
            return .insert(id: id, parent: parent, after: text(2), html: html)
        case ("r", 1): return text(0).map { .remove(id: $0) }
        case ("m", 3):
            guard let id = text(0), let parent = text(1) else { return nil }
            return .move(id: id, parent: parent, after: text(2))
        case ("R", 2):
            guard let id = text(0), let html = html(1) else { return nil }
            return .replace(id: id, html: html)
        case ("s", 3):
            guard let id = text(0), let slot = text(1), let html = html(2) else { return nil }
            return .slot(id: id, slot: slot, html: html)
        case ("c", 4):
            guard let id = text(0), let slot = text(1), let html = html(3) else { return nil }
            return .createSlot(id: id, slot: slot, before: text(2), html: html)
        case ("d", 2):
            guard let id = text(0), let slot = text(1) else { return nil }
            return .removeSlot(id: id, slot: slot)
        case ("t", 3):
            guard let id = text(0), let slot = text(1), let value = text(2) else { return nil }
            return .appendText(id: id, slot: slot, text: value)
        case ("a", 3):
            guard let id = text(0), let name = text(1), let value = text(2) else { return nil }
            return .setAttribute(id: id, name: name, value: value)
        case ("A", 2):
            guard let id = text(0), let name = text(1) else { return nil }
            return .removeAttribute(id: id, name: name)
        case ("S", 3):
            guard let id = text(0), let html = html(2) else { return nil }
            return .insertSection(id: id, after: text(1), html: html)
        case ("X", 1): return text(0).map { .removeSection(id: $0) }
        case ("M", 2): return text(0).map { .moveSection(id: $0, after: text(1)) }
        case ("reset", 1): return html(0).map { .reset(html: $0) }
        case ("f", 2):
            guard let id = text(0), let name = text(1) else { return nil }
            return .transientClass(id: id, className: name)
        default: return nil
        }
    }
}
