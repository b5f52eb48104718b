import Foundation

/// The bytes libxml2's reader reads (`xmlReaderForIO`'s callback), from a file or from memory,
/// passed through ``XMLInputFilter`` a 64 KiB chunk at a time. A class: libxml2 holds
/// it by pointer while the reader lives.
final class RepairedInput {
    /// Where the bytes come from.
    enum Source {
        /// An open file descriptor, closed with the input.
        case file(Int32)
        case memory(Data)
    }

    /// Why reading stopped early, when the input did not end: a read error, an entity declaration or a node past 10 MB.
    struct Failure {
        var line: Int
        var byteOffset: Int
        var message: String
    }

    private let source: Source
    private var memoryOffset = 0
    /// The source offset of the next byte read, and the source bytes read as spaces (but their newlines).
    private var sourceOffset = 0
    private var blanked: Range<Int>?
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)
    /// The bytes `start..<decided` are filtered and not yet handed to libxml2; `decided..<end` are read but undecided.
    private var start = 0
    private var decided = 0
    private var end = 0
    private var sourceEnded = false
    private(set) var filter: XMLInputFilter
    private(set) var failure: Failure?

    /// Bytes from `source`, the values of `diverted` (if any) handed to its sink instead; given
    /// `resume`, `prefix` and then the source's bytes from that byte offset, which stands at that
    /// line (offsets and lines counted in the source, `prefix` standing just before the offset).
    init(_ source: Source, diverting diverted: DivertedAttribute?, resume: XMLStreamReader.Resumption? = nil) {
        self.source = source
        filter = XMLInputFilter(diverting: diverted)
        guard let resume else { return }
        let prefix = Array(resume.prefix.utf8).prefix(buffer.count)
        filter = XMLInputFilter(diverting: diverted, line: resume.line, byteOffset: resume.byteOffset - prefix.count)
        sourceOffset = resume.byteOffset
        blanked = resume.blanked
        switch source {
        case let .file(descriptor): lseek(descriptor, off_t(resume.byteOffset), SEEK_SET)
        case .memory: memoryOffset = resume.byteOffset
        }
        _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<prefix.count]).initialize(from: prefix)
        end = prefix.count
    }

    deinit {
        buffer.deallocate()
        if case let .file(descriptor) = source { close(descriptor) }
    }

    /// Copies up to `count` repaired bytes to `destination`; returns how many (0 at the end), or -1
    /// when reading failed (``failure``).
    func supply(into destination: UnsafeMutableRawPointer, count: Int) -> Int32 {
        while decided == start {
            if sourceEnded && start == end { return 0 }
            guard failure == nil else { return -1 }
            if start > 0 {
                UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<end]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<end]))
                end -= start
                start = 0
                decided = 0
            }
            if !sourceEnded {
                let count = fill(UnsafeMutableBufferPointer(rebasing: buffer[end...]))
                if count > 0, let blanked, blanked.overlaps(sourceOffset..<sourceOffset + count) {
                    for position in max(blanked.lowerBound, sourceOffset)..<min(blanked.upperBound, sourceOffset + count)
                    where buffer[end + position - sourceOffset] != 0x0A {
                        buffer[end + position - sourceOffset] = 0x20
                    }
                }
                sourceOffset += max(count, 0)
                guard count >= 0 else {
                    failure = Failure(line: filter.line, byteOffset: filter.offset, message: "the input could not be read (\(errno))")
                    return -1
                }
                sourceEnded = count == 0
                end += count
            }
            switch filter.filter(UnsafeMutableBufferPointer(rebasing: buffer[start..<end]), atEnd: sourceEnded) {
            case let .decided(consumed, produced):
                let undecided = end - start - consumed
                if produced < consumed, undecided > 0, let base = buffer.baseAddress {
                    memmove(base + start + produced, base + start + consumed, undecided)
                }
                decided = start + produced
                end = decided + undecided
            case let .refused(refusal):
                failure = Failure(line: refusal.line, byteOffset: refusal.byteOffset, message: refusal.message)
                return -1
            }
        }
        let count = min(count, decided - start)
        UnsafeMutableRawBufferPointer(start: destination, count: count).copyMemory(
            from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<start + count]))
        start += count
        return Int32(count)
    }

    /// Reads the next bytes of the source into `space`; the count, 0 at its end, -1 on an error.
    private func fill(_ space: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch source {
        case let .file(descriptor):
            while true {
                let count = read(descriptor, space.baseAddress, space.count)
                if count < 0, errno == EINTR { continue }
                return count
            }
        case let .memory(data):
            let count = min(space.count, data.count - memoryOffset)
            data.copyBytes(to: space, from: data.startIndex + memoryOffset..<data.startIndex + memoryOffset + count)
            memoryOffset += count
            return count
        }
    }
}
