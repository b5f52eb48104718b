import Dispatch
import ParleyModel
import Synchronization

/// The first pass over a large WhatsApp chat on two cores: the text is cut after the first line
/// break past its middle, the two parts are surveyed at once (the second on a thread of its own),
/// and the second part's survey is appended to the first's (``WhatsAppSurvey/append(_:shiftedBy:)``):
/// the survey one pass over the whole text gives, for the same plan. Measured on a generated
/// 1,000,000-message chat (87 MB): the first pass took 1.6 s on one core while the other idled.
enum WhatsAppSplitSurvey {
    /// Texts shorter than this are surveyed in one pass (16 MiB, about 200,000 messages).
    static let minimumSize = 16 << 20

    /// The survey of the chat in `source`, or nil when it is to be surveyed in one pass: a zip
    /// entry (read from its start only), a text shorter than `minimumSize`, one that starts like
    /// UTF-16 (transcoded, so offsets differ), one without a line break after its middle, or one
    /// whose parts' surveys cannot be joined (``WhatsAppShapeTally/append(_:shiftedBy:)``).
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the input cannot be read.
    /// - Complexity: O(n) for n bytes, on two threads; memory for two chunks and two surveys.
    static func survey(
        _ source: InputBytes, file: String, chunkSize: Int, forced: DateOrder?, minimumSize: Int = minimumSize
    ) throws(ImportError) -> WhatsAppSurvey? {
        guard let size = try source.seekableSize(file: file), size >= max(minimumSize, 4) else { return nil }
        var head: [UInt8] = []
        try source.readChunks(size: 3, file: file, range: 0..<3) { chunk in
            head += chunk
            return false
        }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return nil }
        let byteOrderMark = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let cut = try lineStart(after: size / 2, in: source, size: size, file: file, chunkSize: chunkSize) else { return nil }
        let parts = Mutex<[Result<(survey: WhatsAppSurvey, lines: Int), ImportError>?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let part = Result { () throws(ImportError) in
                try surveyPart(
                    source, file: file, range: index == 0 ? 0..<cut : cut..<size, startsText: index == 0, chunkSize: chunkSize,
                    forced: forced)
            }
            parts.withLock { $0[index] = part }
        }
        let (first, second) = parts.withLock { ($0[0], $0[1]) }
        guard var survey = try first?.get(), let later = try second?.get() else { return nil }
        return survey.survey.append(later.survey, shiftedBy: .init(offset: cut - byteOrderMark, line: survey.lines)) ? survey.survey : nil
    }

    /// The survey of `range` of the text, and the number of its last line. The part that starts
    /// the text is decoded (a byte-order mark is dropped); the other is taken as its bytes.
    private static func surveyPart(
        _ source: InputBytes, file: String, range: Range<Int>, startsText: Bool, chunkSize: Int, forced: DateOrder?
    ) throws(ImportError) -> (survey: WhatsAppSurvey, lines: Int) {
        var decoder = WhatsAppTextDecoder(transcodes: false)
        var lines = WhatsAppLineSplitter()
        var survey = WhatsAppSurvey(forced: forced)
        var count = 0
        func add(_ text: UnsafeRawBufferPointer) {
            lines.feed(text) { line in
                count = line.number
                survey.add(line)
            }
        }
        try source.readChunks(size: chunkSize, file: file, range: range) { chunk in
            if startsText { decoder.feed(chunk, add) } else { add(chunk) }
            return true
        }
        if startsText { decoder.finish(add) }
        lines.finish { line in
            count = line.number
            survey.add(line)
        }
        return (survey, count)
    }

    /// The offset just after the first `\n` at or after `offset`, when one comes before the end.
    private static func lineStart(
        after offset: Int, in source: InputBytes, size: Int, file: String, chunkSize: Int
    ) throws(ImportError) -> Int? {
        var position = offset
        var found: Int?
        try source.readChunks(size: min(chunkSize, 1 << 16), file: file, range: offset..<size) { chunk in
            if let index = chunk.firstIndex(of: 0x0A) {
                found = position + index + 1
                return false
            }
            position += chunk.count
            return true
        }
        return found.flatMap { $0 < size ? $0 : nil }
    }
}
