/// One attribute of one element whose values ``XMLStreamReader`` hands to a sink as they stream
/// past instead of to libxml2 (an MMS `<part>`'s base64 `data`, which may be tens of megabytes:
/// libxml2's reader is quadratic in a node past 10 MB). The attribute then reads as absent, or
/// as its newlines only.
public struct DivertedAttribute {
    /// The element's local name (`part` also matches `x:part`).
    public var element: String
    /// The attribute's local name.
    public var attribute: String
    /// Where the values go, in document order.
    public var sink: any DivertedAttributeSink

    /// Diverts `attribute` of `element` to `sink`.
    public init(element: String, attribute: String, sink: any DivertedAttributeSink) {
        self.element = element
        self.attribute = attribute
        self.sink = sink
    }
}

/// Receives the diverted values of a ``DivertedAttribute``, in document order, as the reader's
/// input passes them — ahead of the reader's events, by at most what libxml2 has buffered: call
/// order per element is ``elementStarted()``, then for its attribute (if it has it) any number of
/// ``valueContinues(_:)`` and one ``valueEnded()``. Called on the reader's thread.
public protocol DivertedAttributeSink: AnyObject {
    /// A start tag of the element begins.
    func elementStarted()
    /// The next bytes of its attribute's value as written (references not resolved); valid only during the call.
    func valueContinues(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Its attribute's value ended.
    func valueEnded()
}
