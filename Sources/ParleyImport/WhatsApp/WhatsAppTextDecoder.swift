/// Turns the bytes of a chat export, fed a chunk at a time, into UTF-8: a UTF-8 byte order mark
/// is dropped; UTF-16 with a byte order mark (either endianness) is transcoded; anything else
/// passes through unchanged.
///
/// The result is the one `String(data:encoding: .utf16)` gives for the whole file: the mark
/// itself is dropped, an odd last byte is ignored, and a lone surrogate makes the file invalid
/// UTF-16 (``isInvalid``) — then the caller reads the file again with `transcodes` false, which
/// passes every byte through as the whole-file reading did. A character or a byte order mark may
/// straddle chunks.
struct WhatsAppTextDecoder {
    private enum Encoding {
        case undecided
        case passThrough
        case utf16(bigEndian: Bool)
    }

    /// Whether UTF-16 input is transcoded (false after it proved invalid).
    let transcodes: Bool
    /// A lone surrogate was met: the output stopped there, and the file must be read again without transcoding.
    private(set) var isInvalid = false
    private var encoding = Encoding.undecided
    /// The first bytes, held until three are known (enough to recognise any byte order mark).
    private var head: [UInt8] = []
    /// The first byte of a UTF-16 code unit whose second byte is in the next chunk.
    private var oddByte: UInt8?
    /// A high surrogate whose low surrogate is still to come.
    private var highSurrogate: UInt16?
    private var output: [UInt8] = []

    init(transcodes: Bool = true) { self.transcodes = transcodes }

    /// Decodes `chunk`, handing the UTF-8 bytes it completes to `body` (not called when it completes none).
    /// - Complexity: O(chunk size).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard !isInvalid else { return }
        if case .undecided = encoding {
            let taken = min(chunk.count, 3 - head.count)
            head.append(contentsOf: chunk.prefix(taken))
            guard head.count == 3 else { return }
            decide(body)
            feedDecided(UnsafeRawBufferPointer(rebasing: chunk[taken...]), body)
            return
        }
        feedDecided(chunk, body)
    }

    /// Ends the input: decides the encoding of an input shorter than three bytes; an odd last
    /// UTF-16 byte is dropped, a high surrogate left waiting makes the input invalid.
    mutating func finish(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard !isInvalid else { return }
        if case .undecided = encoding { decide(body) }
        if highSurrogate != nil { isInvalid = true }
    }

    /// Chooses the encoding from `head` and passes on what of it is text.
    private mutating func decide(_ body: (UnsafeRawBufferPointer) -> Void) {
        let held = head
        head = []
        if held.starts(with: [0xEF, 0xBB, 0xBF]) {
            encoding = .passThrough
        } else if transcodes, held.starts(with: [0xFF, 0xFE]) || held.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16(bigEndian: held[0] == 0xFE)
            held.dropFirst(2).withUnsafeBytes { feedDecided($0, body) }
        } else {
            encoding = .passThrough
            held.withUnsafeBytes { feedDecided($0, body) }
        }
    }

    private mutating func feedDecided(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard !chunk.isEmpty else { return }
        switch encoding {
        case .undecided, .passThrough:
            body(chunk)
        case let .utf16(bigEndian):
            output.removeAll(keepingCapacity: true)
            var index = 0
            if let first = oddByte, let second = chunk.first {
                oddByte = nil
                index = 1
                unit(bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first))
            }
            while index + 1 < chunk.count, !isInvalid {
                let (first, second) = (chunk[index], chunk[index + 1])
                unit(bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first))
                index += 2
            }
            if index < chunk.count { oddByte = chunk[index] }
            if !output.isEmpty { output.withUnsafeBytes(body) }
        }
    }

    /// Appends the UTF-8 of one UTF-16 code unit (or of the pair it completes) to `output`.
    private mutating func unit(_ value: UInt16) {
        var scalar: Unicode.Scalar?
        if let high = highSurrogate {
            highSurrogate = nil
            guard UTF16.isTrailSurrogate(value) else { return isInvalid = true }
            scalar = Unicode.Scalar(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(value - 0xDC00))
        } else if UTF16.isLeadSurrogate(value) {
            highSurrogate = value
            return
        } else if UTF16.isTrailSurrogate(value) {
            return isInvalid = true
        } else {
            scalar = Unicode.Scalar(value)
        }
        guard let scalar else { return isInvalid = true }
        UTF8.encode(scalar) { output.append($0) }
    }
}
