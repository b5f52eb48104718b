import CYAJL
import Glibc

/// Reads a JSON document in chunks with yajl (Lloyd Hilaiel's event-based parser, Debian's
/// `libyajl-dev`), handing over each record of the arrays named as record lists as soon as it
/// is complete, so that memory holds one record and the document's envelope — never the whole
/// document, whatever its size.
///
/// Feed the bytes with ``read(_:)`` (any chunking, down to one byte), then call ``finish()``
/// for the envelope: the document with every record list left empty. A UTF-8 byte order mark
/// at the start is skipped; invalid UTF-8 in a string (yajl checks none) is read as U+FFFD replacement
/// characters, as `String(decoding:as:)` reads it (``takeInvalidUTF8InRecord()`` tells which records
/// held some). Events go to the handler in document
/// order, on the caller's thread, during ``read(_:)`` and ``finish()``. With `hexEscapes`, the
/// `\xHH` escapes Telegram Desktop writes for control characters are read as `\u00HH`
/// (``HexEscapeRewriter``); byte offsets in errors are still the input's. With a `gate`, each
/// object record found whole in one chunk is shown to it with its bytes — offered as it begins,
/// while the gate asks, and neither parsed nor built when it passes it over (``JSONRecordGate``).
///
/// Not `Sendable`: one reader belongs to one thread.
public final class JSONStreamReader {
    /// yajl's parser; replaced by a fresh one after each run of records the gate passes over.
    private var handle: yajl_handle
    private let builder: UnsafeMutablePointer<JSONTreeBuilder>
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>
    /// Bytes given to yajl so far, and the newlines among them.
    private var offset = 0
    private var lines = 1
    /// Whether the bytes past a byte order mark have begun, and how much of a mark was seen.
    private var started = false
    private var markMatched = 0
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// Rewrites `\xHH` escapes before yajl reads the bytes; nil for strict JSON.
    private var rewriter: HexEscapeRewriter?
    /// Where strings held invalid UTF-8, noted by the builder.
    private let invalidUTF8: JSONTreeBuilder.InvalidUTF8

    /// - Parameters:
    ///   - lists: The record lists' patterns: object keys from the root joined by `.`, `[]` for
    ///     each array on the way (`messages`, `chats.list[].messages`), `$` for a top-level array.
    ///   - tapeLists: The patterns among `lists` whose records are handed over as ``JSONTape``s
    ///     (``JSONStreamEvent/tapedRecord(list:path:index:tape:)``), not as trees of values.
    ///   - hexEscapes: Whether to read `\xHH` (HH `00`–`1F`) inside a string as the control
    ///     character U+00HH, as Telegram Desktop's exports need; other JSON readers leave it false.
    ///   - gate: Decides which object records to pass over, if any.
    ///   - handler: Receives the events.
    public init(
        lists: Set<String>, tapeLists: Set<String> = [], hexEscapes: Bool = false, gate: JSONRecordGate? = nil,
        handler: @escaping (JSONStreamEvent) -> Void
    ) {
        rewriter = hexEscapes ? HexEscapeRewriter() : nil
        builder = .allocate(capacity: 1)
        builder.initialize(to: JSONTreeBuilder(lists: lists, tapeLists: tapeLists, gate: gate, handler: handler))
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: Self.events)
        let handle: yajl_handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(builder))
        _ = parley_yajl_dont_validate_strings(handle)
        self.handle = handle
        invalidUTF8 = builder.pointee.invalidUTF8
        builder.pointee.parser = handle
    }

    deinit {
        yajl_free(handle)
        builder.deinitialize(count: 1)
        builder.deallocate()
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }

    /// Parses the next bytes of the document.
    /// - Throws: ``JSONStreamError/syntax(offset:line:message:)`` naming the byte where the
    ///   document stops being JSON (the last byte of the token that broke it).
    /// - Complexity: O(bytes), plus building the records they complete.
    public func read(_ bytes: UnsafeRawBufferPointer) throws(JSONStreamError) {
        var bytes = bytes
        if !started {
            var skipped = 0
            while markMatched < 3, skipped < bytes.count, bytes[skipped] == Self.byteOrderMark[markMatched] {
                markMatched += 1
                skipped += 1
            }
            offset += skipped
            if markMatched == 3 {
                started = true
            } else if skipped < bytes.count {
                guard markMatched == 0 else { throw .syntax(offset: offset, line: 1, message: "an incomplete UTF-8 byte order mark") }
                started = true
            }
            bytes = UnsafeRawBufferPointer(rebasing: bytes[skipped...])
        }
        rewriter?.rewrite(bytes)
        guard let rewriter else { return try parse(bytes) }
        try parse(rewriter.output, rewriter: rewriter)
    }

    /// Hands `bytes` to yajl as ``parse(_:rewriter:)-(UnsafeRawBufferPointer,_)`` does.
    private func parse(_ bytes: [UInt8], rewriter: HexEscapeRewriter?) throws(JSONStreamError) {
        let failure: JSONStreamError? = bytes.withUnsafeBytes { bytes in
            do throws(JSONStreamError) {
                try parse(bytes, rewriter: rewriter)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Hands `bytes` to yajl and counts them; `rewriter` made them, if one did, and maps a place in
    /// them back to the input.
    ///
    /// When the gate passes over a record, or the builder tapes one from its bytes, yajl is
    /// stopped at its `{` (it cannot go on after that), the records after it that the gate passes
    /// over or the builder tapes are taken without it, and a fresh parser, brought to the same
    /// place by the builder's resumption, goes on past the last one's `}`.
    private func parse(_ bytes: UnsafeRawBufferPointer, rewriter: HexEscapeRewriter? = nil) throws(JSONStreamError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        builder.pointee.chunk = bytes
        builder.pointee.recordStart = nil
        builder.pointee.declined = nil
        var from = 0
        var status = yajl_status_ok
        while true {
            builder.pointee.segmentStart = from
            status = yajl_parse(handle, base + from, bytes.count - from)
            guard status == yajl_status_client_canceled, let end = builder.pointee.resumePoint else { break }
            builder.pointee.resumePoint = nil
            from = builder.pointee.takeFollowing(after: end)
            resume()
        }
        builder.pointee.chunk = UnsafeRawBufferPointer(start: nil, count: 0)
        if status != yajl_status_ok { throw syntaxError(in: bytes, from: from, rewriter: rewriter) }
        offset += rewriter?.consumed ?? bytes.count
        lines += Self.newlines(in: bytes)
    }

    /// Replaces the parser, stopped at a record the gate passed over, by a fresh one that has read
    /// the builder's resumption: it stands after a record of the open list, as the old one would
    /// past the record's `}`.
    private func resume() {
        yajl_free(handle)
        handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(builder))
        _ = parley_yajl_dont_validate_strings(handle)
        builder.pointee.parser = handle
        builder.pointee.replaying = true
        let resumption = builder.pointee.resumption
        _ = resumption.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
        builder.pointee.replaying = false
    }

    /// Ends the document.
    /// - Returns: The document, each record list an empty array.
    /// - Throws: ``JSONStreamError/truncated(size:line:openRecord:)`` when the input ended before
    ///   the document did (nothing, or only whitespace, is a truncated document of size 0…);
    ///   ``JSONStreamError/syntax(offset:line:message:)`` for an error found at the end.
    public func finish() throws(JSONStreamError) -> JSONValue {
        if let held = rewriter?.takePending(), !held.isEmpty {
            // The input ended inside an escape: its backslash leaves yajl inside the string, so the
            // document is cut short (or, after a complete one, followed by a stray byte).
            try parse(Array(held.prefix(1)), rewriter: nil)
            offset += held.count - 1
        }
        let status = yajl_complete_parse(handle)
        if let root = builder.pointee.root, status == yajl_status_ok { return root }
        if builder.pointee.root != nil { throw syntaxError(in: UnsafeRawBufferPointer(start: nil, count: 0), from: 0) }
        throw .truncated(size: offset, line: lines, openRecord: builder.pointee.openRecord)
    }

    /// Whether a string read since the last call, inside a record list's record, held invalid
    /// UTF-8 (each ill-formed sequence read as U+FFFD). Asked at each
    /// ``JSONStreamEvent/record(list:path:index:value:)`` or
    /// ``JSONStreamEvent/tapedRecord(list:path:index:tape:)``, it tells of that record; asking clears it.
    public func takeInvalidUTF8InRecord() -> Bool {
        defer { invalidUTF8.inRecord = false }
        return invalidUTF8.inRecord
    }

    /// Whether a string outside the record lists (the envelope) held invalid UTF-8, read as U+FFFD.
    public var invalidUTF8OutsideRecords: Bool { invalidUTF8.outsideRecords }

    /// The document as far as it was read, every open container closed: each record list holds
    /// none of its records, an open one ends before the record being read, and a member whose
    /// value had not begun is left out. After ``finish()`` threw
    /// ``JSONStreamError/truncated(size:line:openRecord:)``, the envelope of what the input held
    /// before the break; nil when no value had begun.
    /// - Complexity: O(envelope read so far).
    public var partialEnvelope: JSONValue? { builder.pointee.partialRoot }

    /// Where values nested deeper than 512 levels were read as `null`, what they held dropped (a
    /// deeper value would overflow the stack when decoded or freed; records of `tapeLists` are
    /// flat and exempt): the record each was in (`messages[12]`), or `$` outside the record
    /// lists, the first 100 of them, and how many values were dropped in all.
    public var drops: (places: [String], count: Int) { builder.pointee.drops }

    /// The error yajl reports for `bytes`, whose part from `from` on it was last handed, with its
    /// absolute offset (in the input, before any rewrite by `rewriter`) and line.
    private func syntaxError(in bytes: UnsafeRawBufferPointer, from: Int, rewriter: HexEscapeRewriter? = nil) -> JSONStreamError {
        // yajl has consumed the byte where it found the error: report that byte.
        let consumed = max(min(from + yajl_get_bytes_consumed(handle), bytes.count) - 1, 0)
        var message = "not JSON"
        if let text = yajl_get_error(handle, 0, nil, 0) {
            message = String(cString: text).trimmingSuffix { $0 == "\n" || $0 == " " }
            yajl_free_error(handle, text)
        }
        let line = lines + Self.newlines(in: UnsafeRawBufferPointer(rebasing: bytes[..<consumed]))
        return .syntax(offset: offset + (rewriter?.originalOffset(of: consumed) ?? consumed), line: line, message: message)
    }

    /// The line feeds in `bytes`, counted eight bytes at a time: a byte is a line feed where
    /// its XOR with 0x0A is zero, and ((x & 0x7F) + 0x7F) | x has its high bit clear exactly in
    /// a zero byte x (no carry crosses bytes: Hacker's Delight §6-1). Each word adds one to the
    /// byte lanes of its line feeds, and the lanes are summed every 255 words, before one can
    /// overflow (a population count is no instruction of the baseline x86-64 the build targets).
    /// A pretty-printed export has a line feed every 30 bytes or so, where finding each with
    /// `memchr` cost a call: 79 MB counted ten times, 0.205 s with `memchr`, 0.070 s so.
    /// - Complexity: O(n), one word of eight bytes at a time.
    package static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, feeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        let ones: UInt64 = 0x0101_0101_0101_0101, evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        var count = 0
        var offset = 0
        while bytes.count - offset >= 8 {
            var lanes: UInt64 = 0
            for _ in 0..<min(255, (bytes.count - offset) / 8) {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ feeds
                lanes &+= (~(((word & lows) &+ lows) | word) >> 7) & ones
                offset += 8
            }
            // Four 16-bit sums of two lanes each (at most 510), then their sum in the top 16 bits.
            let pairs = (lanes & evenBytes) &+ ((lanes >> 8) & evenBytes)
            count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while offset < bytes.count {
            if bytes[offset] == 0x0A { count += 1 }
            offset += 1
        }
        return count
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}
