/// Shows a ``JSONStreamReader``'s caller the raw bytes of each object record of a record list, and
/// lets it decide, as a record begins, whether it is built: a caller that already holds a record
/// with the same bytes can pass it over, so that none of its values are made and the parser does
/// not even read it. A record passed over is therefore not checked: pass over only bytes that were
/// read as valid JSON before (the same bytes are valid again).
///
/// Only records that are objects and lie whole in the bytes the parser was handed at once (a
/// chunk) are shown; one cut by a chunk's end is built and not shown. While ``offering`` says so,
/// each is offered to ``decide`` as it begins (its end found by a scan of the chunk); a record passed
/// over gives no ``JSONStreamEvent/record(list:path:index:value:)`` event, but it counts: the next
/// record's index and the list's count are as if it had been built. Each record built is shown to
/// ``built`` just before its event (found by the parser: no scan).
public struct JSONRecordGate {
    /// One object record, whole, as the input holds it.
    public struct RawRecord {
        /// The record's list pattern (as given to the reader) and concrete path (`chats.list[3].messages`).
        public var list: String
        public var listPath: String
        /// Its index in the list.
        public var index: Int
        /// Its bytes, `{` to `}` (after any `\xHH` rewrite): valid only during the call.
        public var bytes: UnsafeRawBufferPointer
        /// The bytes of ``member``'s string value (between the quotes), when the record has that
        /// top-level member exactly once and its value is a string without escapes; valid only
        /// during the call.
        public var member: UnsafeRawBufferPointer?
    }

    /// The top-level member whose value ``RawRecord/member`` holds (`id`).
    public var member: [UInt8]
    /// Whether records are offered to ``decide`` now.
    public var offering: () -> Bool
    /// Returns true to pass the record over (no event), false to build it as usual.
    public var decide: (RawRecord) -> Bool
    /// Sees each record built (its ``RawRecord/member`` nil), just before its event.
    public var built: (RawRecord) -> Void

    /// - Parameters:
    ///   - member: The top-level member's name to find in each record offered.
    ///   - offering: Asked as each record begins.
    ///   - decide: Called on the reader's thread, in document order, before the record's events.
    ///   - built: Called on the reader's thread just before a built record's event.
    public init(
        member: String, offering: @escaping () -> Bool, decide: @escaping (RawRecord) -> Bool, built: @escaping (RawRecord) -> Void
    ) {
        self.member = Array(member.utf8)
        self.offering = offering
        self.decide = decide
        self.built = built
    }
}
