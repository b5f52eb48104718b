import CYAJL

/// Builds JSON values from a parser's token events and cuts the arrays named as record lists
/// into ``JSONStreamEvent/record(list:path:index:value:)`` events, so that memory holds one
/// record (and the document's envelope without its lists), never the whole document.
///
/// With a ``JSONRecordGate``, each object record is offered to it as it begins, and one it passes
/// over is only counted: the parser is stopped at its `{` (``startObject()`` returns false) and
/// resumed past its `}` (``takeFollowing(after:)``, ``resumption``), so none of its bytes are
/// tokenized and none of its values made. An object record of a tape list that lies whole in the
/// chunk is taped from its bytes alike (``JSONTape/scanObject(_:)``), yajl stopped and resumed
/// around it: yajl reads only the records cut by a chunk's end and those the scan leaves to it.
///
/// A record list is named by its pattern: the object keys from the document's root joined by
/// `.`, `[]` for each array on the way (`messages`, `chats.list[].messages`), or `$` for a
/// top-level array. Lists are matched outside records only (a record holds no record list).
struct JSONTreeBuilder {
    /// An object, array or record list under construction.
    struct Frame {
        enum Kind { case object, array, list(String) }
        var kind: Kind
        var members: [(key: String, value: JSONValue)] = []
        var elements: [JSONValue] = []
        /// An object's key whose value comes next.
        var key = ""
        /// A list's records so far.
        var count = 0
        /// A list's concrete path (`chats.list[3].messages`).
        var path = ""

        /// An object about to be read, with room for the members of an export's message or
        /// author object: it fills in one allocation (growing by doubling took five for 16).
        static func object() -> Frame {
            var frame = Frame(kind: .object)
            frame.members.reserveCapacity(16)
            return frame
        }
    }

    let lists: Set<String>
    /// The patterns of the lists whose records are built as ``JSONTape``s.
    let tapeLists: Set<String>
    let handler: (JSONStreamEvent) -> Void
    var frames: [Frame] = []
    /// The index in `frames` of the open record list, if any.
    var listFrame: Int?
    /// The document once complete, its record lists empty.
    var root: JSONValue?
    let gate: JSONRecordGate?
    /// The bytes the parser is reading now; set by the reader around each parse.
    var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The parser, and where in ``chunk`` the bytes it was last handed begin: with them,
    /// ``consumed()`` finds the `{` of the gate's record, just read.
    var parser: yajl_handle?
    var segmentStart = 0
    /// Whether the tokens are the reader's ``resumption``, which make no values.
    var replaying = false
    /// Where in ``chunk`` the record the gate just passed over, or the one just taped from its
    /// bytes, ends (past its `}`): the parser was stopped at its `{` and resumes there (the reader
    /// clears it).
    var resumePoint: Int?
    /// Where in ``chunk`` the record begins that ``takeFollowing(after:)`` neither passed over nor
    /// taped: the parser builds it, without offering it or scanning it again.
    var declined: Int?
    /// Where in ``chunk`` the object record being built began, when it began in this chunk (the
    /// reader clears it at each chunk).
    var recordStart: Int?
    /// Whether the open record list's records are built as tapes, the tape of the one being read,
    /// and whether one is being read.
    var tapesRecords = false
    var tape = JSONTape()
    var taping = false
    /// The containers open inside one nested deeper than ``maximumDepth``, which is being dropped
    /// (0: none is).
    var droppedDepth = 0
    /// Where values nested deeper than ``maximumDepth`` were read as `null`: the record each was
    /// in (`messages[12]`), or `$` outside records; the first ``maximumDropsNamed``, and how many in all.
    private(set) var drops: (places: [String], count: Int) = ([], 0)

    /// The deepest a container of a built value may lie: 512 levels, as Foundation's
    /// `JSONDecoder`. One deeper is read as `null`, what it holds dropped: a value of tens of
    /// thousands of levels would overflow the stack when it is decoded or freed (both recurse),
    /// and no export nests anything Parley shows that deep. Taped records are flat and exempt.
    static let maximumDepth = 512
    /// The places ``drops`` names; the rest are counted.
    static let maximumDropsNamed = 100

    /// Where strings held invalid UTF-8; shared with the reader, which reports it.
    let invalidUTF8 = InvalidUTF8()

    /// Whether a string inside a record, or outside the record lists, held invalid UTF-8 (read as
    /// U+FFFD): a class, so that the reader can ask while the builder hands a record over.
    final class InvalidUTF8 {
        var inRecord = false
        var outsideRecords = false
    }

    init(
        lists: Set<String>, tapeLists: Set<String> = [], gate: JSONRecordGate? = nil, handler: @escaping (JSONStreamEvent) -> Void
    ) {
        self.lists = lists
        self.tapeLists = tapeLists
        self.gate = gate
        self.handler = handler
    }

    /// Whether the next value goes to ``tape``: a record is being taped, or the open list's next
    /// record is to be.
    var tapes: Bool { taping || (tapesRecords && frames.count == (listFrame ?? -2) + 1) }

    /// The record the input is inside of, if any (`messages[12]`).
    var openRecord: String? {
        guard let listFrame, frames.count > listFrame + 1 || taping else { return nil }
        return "\(frames[listFrame].path)[\(frames[listFrame].count)]"
    }

    /// The document as far as it was read, every open container closed: an open record list
    /// ends empty (the record being read is left out), and a member whose value had not begun
    /// is left out. Nil before the first value; the document itself once it is complete.
    /// - Complexity: O(envelope read so far).
    var partialRoot: JSONValue? {
        guard !frames.isEmpty else { return root }
        var child: JSONValue?
        for var frame in frames[...(listFrame ?? frames.count - 1)].reversed() {
            if let child {
                switch frame.kind {
                case .object: frame.members.append((frame.key, child))
                case .array, .list: frame.elements.append(child)
                }
            }
            switch frame.kind {
            case .object: child = .object(JSONObject(members: frame.members))
            case .array: child = .array(frame.elements)
            case .list: child = .array([])
            }
        }
        return child
    }

    mutating func value(_ value: JSONValue) {
        guard droppedDepth == 0 else { return }
        let last = frames.count - 1
        guard last >= 0 else { return root = value }
        switch frames[last].kind {
        case .object: frames[last].members.append((frames[last].key, value))
        case .array:
            // Room for four at the first element (an export's lists are mostly short), not one.
            if frames[last].elements.isEmpty { frames[last].elements.reserveCapacity(4) }
            frames[last].elements.append(value)
        case let .list(list):
            let index = frames[last].count
            if case .object = value { showBuilt(list: list, frame: last, end: consumed()) }
            recordStart = nil
            handler(.record(list: list, path: "\(frames[last].path)[\(index)]", index: index, value: value))
            frames[last].count = index + 1
        }
    }

    /// Shows the gate the object record of the list at `frames[frame]` that just ended at
    /// `chunk[end]`, when it began in this chunk.
    private func showBuilt(list: String, frame: Int, end: Int) {
        guard let gate, let start = recordStart else { return }
        guard start < end, end <= chunk.count else { return }
        gate.built(
            JSONRecordGate.RawRecord(
                list: list, listPath: frames[frame].path, index: frames[frame].count,
                bytes: UnsafeRawBufferPointer(rebasing: chunk[start..<end]), member: nil))
    }

    /// Adds a scalar to the record being taped, or makes it a record of its own.
    mutating func tapeScalar(_ kind: JSONTape.Node.Kind, _ text: UnsafeRawBufferPointer?, flag: Bool = false) {
        guard taping else {
            tape.reset()
            tape.append(kind, text, flag: flag)
            return endTapedRecord(isObject: false, end: 0)
        }
        tape.append(kind, text, flag: flag)
    }

    /// Hands over the record just taped, which ends at `chunk[end]` when it is an object.
    private mutating func endTapedRecord(isObject: Bool, end: Int) {
        taping = false
        guard let last = listFrame, case let .list(list) = frames[last].kind else { return }
        let index = frames[last].count
        if isObject { showBuilt(list: list, frame: last, end: end) }
        recordStart = nil
        handler(.tapedRecord(list: list, path: "\(frames[last].path)[\(index)]", index: index, tape: tape))
        frames[last].count = index + 1
    }

    /// Opens an object or array in the tape, beginning a record when none is being taped.
    private mutating func tapeOpen(_ kind: JSONTape.Node.Kind) {
        if !taping {
            tape.reset()
            taping = true
        }
        tape.open(kind)
    }

    /// Closes the tape's innermost object or array, and hands the record over when that ends it.
    private mutating func tapeClose() {
        tape.close()
        if tape.isComplete { endTapedRecord(isObject: tape.kind(0) == .object, end: consumed()) }
    }

    mutating func key(_ key: String) {
        guard droppedDepth == 0 else { return }
        frames[frames.count - 1].key = key
    }

    /// Whether the container beginning now is dropped: it lies deeper than ``maximumDepth``, or
    /// inside one that does.
    private mutating func startsDrop() -> Bool {
        if droppedDepth > 0 {
            droppedDepth += 1
            return true
        }
        guard frames.count >= Self.maximumDepth else { return false }
        droppedDepth = 1
        let place = openRecord ?? "$"
        if drops.places.count < Self.maximumDropsNamed, drops.places.last != place { drops.places.append(place) }
        drops.count += 1
        return true
    }

    /// Ends a container being dropped; the outermost is read as `null`. False when none is.
    private mutating func endsDrop() -> Bool {
        guard droppedDepth > 0 else { return false }
        droppedDepth -= 1
        if droppedDepth == 0 { value(.null) }
        return true
    }

    /// The text of a string or key whose bytes yajl hands over unchecked: each ill-formed UTF-8
    /// sequence read as U+FFFD (``noteInvalidUTF8()``).
    func text(_ bytes: UnsafeRawBufferPointer) -> String {
        if !UTF8Repair.isWellFormed(bytes) { noteInvalidUTF8() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Adds a string or a key to the record being taped (or makes a string a record of its own)
    /// with its bytes as valid UTF-8, as ``JSONTape`` holds them: each ill-formed sequence as
    /// U+FFFD (``noteInvalidUTF8()``).
    mutating func tapeText(_ kind: JSONTape.Node.Kind, _ bytes: UnsafeRawBufferPointer) {
        guard !UTF8Repair.isWellFormed(bytes) else {
            return kind == .key ? tape.append(.key, bytes) : tapeScalar(kind, bytes)
        }
        noteInvalidUTF8()
        var text = String(decoding: bytes, as: UTF8.self)
        text.withUTF8 { kind == .key ? tape.append(.key, UnsafeRawBufferPointer($0)) : tapeScalar(kind, UnsafeRawBufferPointer($0)) }
    }

    /// Notes a string with invalid UTF-8: in a record while a record list is open (its elements
    /// are the records), else outside the lists.
    private func noteInvalidUTF8() {
        if listFrame != nil {
            invalidUTF8.inRecord = true
        } else {
            invalidUTF8.outsideRecords = true
        }
    }

    /// How many bytes of ``chunk`` the parser has read: during a callback, up to the end of the
    /// token it reports.
    private func consumed() -> Int { segmentStart + (parser.map { yajl_get_bytes_consumed($0) } ?? 0) }

    /// Begins an object; returns false to stop the parser when the gate passes over the record
    /// that begins with it, or when the record is taped from its bytes (``resumePoint`` says where
    /// the record ends).
    mutating func startObject() -> Bool {
        guard !replaying else { return true }
        if taping {
            tapeOpen(.object)
            return true
        }
        if let listFrame, frames.count == listFrame + 1, gate != nil || tapesRecords {
            let start = consumed() - 1
            if start >= 0, start < chunk.count, chunk[start] == UInt8(ascii: "{") {
                if declined != start {
                    if let gate, gate.offering(), let length = passOver(gate, listFrame, from: start) {
                        frames[listFrame].count += 1
                        resumePoint = start + length
                        return false
                    }
                    if tapesRecords, let length = tapeWhole(from: start) {
                        resumePoint = start + length
                        return false
                    }
                }
                recordStart = start
            }
        }
        if tapes {
            tapeOpen(.object)
            return true
        }
        guard !startsDrop() else { return true }
        frames.append(.object())
        return true
    }

    /// The length of the object record that begins at `chunk[start]`, in the list at
    /// `frames[listFrame]`, when `gate` passes it over; nil when it is built. Asked only when the
    /// chunk holds the whole record.
    private func passOver(_ gate: JSONRecordGate, _ listFrame: Int, from start: Int) -> Int? {
        guard case let .list(list) = frames[listFrame].kind else { return nil }
        let rest = UnsafeRawBufferPointer(rebasing: chunk[start...])
        guard let span = JSONObjectScanner.span(of: rest, member: gate.member) else { return nil }
        let passed = gate.decide(
            JSONRecordGate.RawRecord(
                list: list, listPath: frames[listFrame].path, index: frames[listFrame].count,
                bytes: UnsafeRawBufferPointer(rebasing: rest[..<span.length]),
                member: span.member.map { UnsafeRawBufferPointer(rebasing: rest[$0]) }))
        return passed ? span.length : nil
    }

    /// Tapes the object record that begins at `chunk[start]` from its bytes and hands it over.
    /// - Returns: Its length, or nil when it is left to the parser (``JSONTape/scanObject(_:)``).
    private mutating func tapeWhole(from start: Int) -> Int? {
        guard let length = tape.scanObject(UnsafeRawBufferPointer(rebasing: chunk[start...])) else { return nil }
        recordStart = start
        endTapedRecord(isObject: true, end: start + length)
        return length
    }

    /// After a record that ends at `chunk[end]` was passed over or taped from its bytes, takes the
    /// object records that follow it in the chunk without the parser: passes over those the gate
    /// passes over, counting them, and tapes those of a tape list from their bytes.
    /// - Returns: Where the parser resumes: past the `}` of the last record taken.
    /// - Complexity: O(bytes of the records taken).
    mutating func takeFollowing(after end: Int) -> Int {
        guard let listFrame else { return end }
        var resume = end
        while true {
            var index = Self.whitespaceEnd(chunk, from: resume)
            guard index < chunk.count, chunk[index] == UInt8(ascii: ",") else { return resume }
            index = Self.whitespaceEnd(chunk, from: index + 1)
            guard index < chunk.count, chunk[index] == UInt8(ascii: "{") else { return resume }
            if let gate, gate.offering(), let length = passOver(gate, listFrame, from: index) {
                frames[listFrame].count += 1
                resume = index + length
            } else if tapesRecords, let length = tapeWhole(from: index) {
                resume = index + length
            } else {
                declined = index
                return resume
            }
        }
    }

    /// The first byte of `bytes` from `start` on that is not JSON whitespace (RFC 8259 §2).
    private static func whitespaceEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// JSON text that takes a fresh parser to where this one is after a record of the open record
    /// list (`{"":[null` for `messages`): for each open container, its opening bracket (an
    /// object's with an empty key), then `null` for the record. Read while ``replaying``.
    var resumption: [UInt8] {
        guard let listFrame else { return [] }
        var text: [UInt8] = []
        for frame in frames[...listFrame] {
            switch frame.kind {
            case .object: text += Array(#"{"":"#.utf8)
            case .array, .list: text.append(UInt8(ascii: "["))
            }
        }
        return text + Array("null".utf8)
    }

    mutating func endObject() {
        if taping { return tapeClose() }
        guard !endsDrop() else { return }
        let frame = frames.removeLast()
        value(.object(JSONObject(members: frame.members)))
    }

    mutating func startArray() {
        guard !replaying else { return }
        if tapes { return tapeOpen(.array) }
        guard !startsDrop() else { return }
        guard listFrame == nil else { return frames.append(Frame(kind: .array)) }
        let pattern = frames.isEmpty ? "$" : path(concrete: false)
        guard lists.contains(pattern) else { return frames.append(Frame(kind: .array)) }
        let path = frames.isEmpty ? "$" : path(concrete: true)
        let enclosing: JSONValue
        if let top = frames.last, case .object = top.kind {
            enclosing = .object(JSONObject(members: top.members))
        } else {
            enclosing = .null
        }
        listFrame = frames.count
        tapesRecords = tapeLists.contains(pattern)
        frames.append(Frame(kind: .list(pattern), path: path))
        handler(.listStarted(list: pattern, path: path, enclosing: enclosing))
    }

    mutating func endArray() {
        if taping { return tapeClose() }
        guard !endsDrop() else { return }
        let frame = frames.removeLast()
        switch frame.kind {
        case let .list(list):
            listFrame = nil
            tapesRecords = false
            handler(.listEnded(list: list, path: frame.path, count: frame.count))
            value(.array([]))
        default: value(.array(frame.elements))
        }
    }

    /// The path of the array starting now: keys joined by `.`, arrays as `[]` or `[index]`.
    private func path(concrete: Bool) -> String {
        var path = ""
        for frame in frames {
            switch frame.kind {
            case .object: path += path.isEmpty ? frame.key : "." + frame.key
            case .array, .list: path += concrete ? "[\(frame.elements.count)]" : "[]"
            }
        }
        return path
    }
}
