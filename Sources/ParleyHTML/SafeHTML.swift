/// A fragment of HTML that is safe to insert: produced only by ``HTMLWriter``, a ``Template``
/// or the sanitizer — never from a raw string.
public struct SafeHTML: Hashable, Sendable, CustomStringConvertible {
    /// The fragment as UTF-8 bytes.
    public let bytes: [UInt8]

    /// HTML that is already safe (written by `HTMLWriter` or a template, or checked by a test
    /// oracle): taken as it is.
    package init(trusted bytes: [UInt8]) { self.bytes = bytes }

    /// The empty fragment.
    public static let empty = SafeHTML(trusted: [])

    /// A fragment holding `text`, escaped.
    public static func text(_ text: String) -> SafeHTML {
        var writer = HTMLWriter()
        writer.text(text)
        return writer.fragment
    }

    /// The fragments one after another.
    public static func joined(_ fragments: [SafeHTML], separator: SafeHTML = .empty) -> SafeHTML {
        guard fragments.count > 1 else { return fragments.first ?? .empty }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fragments.reduce(0) { $0 + $1.bytes.count + separator.bytes.count })
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { bytes.append(contentsOf: separator.bytes) }
            bytes.append(contentsOf: fragment.bytes)
        }
        return SafeHTML(trusted: bytes)
    }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The fragment as a string.
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
