/// What a ``JSONStreamReader`` reports while it reads, in document order.
public enum JSONStreamEvent: Sendable {
    /// A record list starts: the array at `list` (a pattern given to the reader).
    /// `enclosing` is the object that holds the array with the members read before it
    /// (`.null` for a top-level array).
    case listStarted(list: String, path: String, enclosing: JSONValue)
    /// One element of a record list, complete. `path` names it (`chats.list[3].messages[12]`).
    case record(list: String, path: String, index: Int, value: JSONValue)
    /// One element of a record list named in the reader's `tapeLists`, complete, as a tape.
    case tapedRecord(list: String, path: String, index: Int, tape: JSONTape)
    /// A record list ended after `count` records.
    case listEnded(list: String, path: String, count: Int)
}
