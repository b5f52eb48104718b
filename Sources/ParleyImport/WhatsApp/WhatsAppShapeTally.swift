import ParleyModel

/// What the first pass over a WhatsApp export keeps about the headers of one shape: enough to
/// check them as a whole and to decide their date order once the export's shape is known,
/// without holding a header.
///
/// Memory is O(distinct authors + distinct unknown AM/PM markers + timestamps met out of order).
struct WhatsAppShapeTally: Sendable {
    /// A place in the export: byte offset and 1-based line.
    struct Position: Equatable {
        var offset: Int
        var line: Int

        /// This position in a text that `shift` more bytes and lines precede.
        func shifted(by shift: Position) -> Position { Position(offset: offset + shift.offset, line: line + shift.line) }
    }

    /// A header that fails a check: where it is and its text (for the error).
    struct Failure {
        var position: Position
        var header: String
    }

    /// The timestamps a tally keeps, per order, of those that were the latest when met.
    static let leadingLatestLimit = 1024

    let shape: WhatsAppHeader.Shape
    /// The first header of this shape.
    let first: Position
    private(set) var count = 0
    /// Names seen before `: ` in the headers, but before a system line: the export's authors.
    private(set) var authors: Set<String> = []
    /// Authors of a `You deleted this message` line (``WhatsAppDeletedText``): the exporter.
    private(set) var exporters: Set<String> = []
    private(set) var unknownMarkers: Set<String> = []
    private(set) var firstUnknownMarker: Position?
    private(set) var underscoredMarkers = 0
    /// The line of the first header whose AM/PM marker follows `_`.
    private(set) var firstUnderscoredMarker: Int?
    private(set) var inference = WhatsAppDateOrderInference()
    /// Per order, the first header that is no valid date in it.
    private(set) var firstInvalid = WhatsAppDateOrderInference.PerOrder<Failure?> { _ in nil }
    /// Per order in which every header so far is a valid date, the latest timestamp so far and
    /// the timestamps met again after a later one (an order with an invalid date is no longer
    /// followed: its messages' ids remember every timestamp, ``revisitedTimestamps(in:)``).
    private var latest = WhatsAppDateOrderInference.PerOrder<Int64?> { _ in nil }
    private var revisited = WhatsAppDateOrderInference.PerOrder<Set<Int64>> { _ in [] }
    /// Per order, the first ``leadingLatestLimit`` distinct timestamps that were the latest when
    /// met (ascending), and whether more came: appended after an earlier part of the text, those
    /// below that part's latest are met again after a later one.
    private var leadingLatest = WhatsAppDateOrderInference.PerOrder<[Int64]> { _ in [] }
    private var leadingLatestOverflows = WhatsAppDateOrderInference.PerOrder { _ in false }

    init(shape: WhatsAppHeader.Shape, first: Position) {
        self.shape = shape
        self.first = first
    }

    /// Takes the next header of this shape, found on `line`.
    mutating func add(_ header: WhatsAppHeader, line: WhatsAppLineSplitter.Line) {
        count += 1
        let content = line.content
        let body = Substring(Self.body(header, content))
        if let (name, text) = WhatsAppBody.authorAndText(body), !WhatsAppSystemText.isSystem(text) {
            authors.insert(name)
            if WhatsAppDeletedText.marker(text) == .byExporter { exporters.insert(name) }
        }
        if let marker = header.marker, !WhatsAppClock.isKnown(marker) {
            unknownMarkers.insert(marker)
            if firstUnknownMarker == nil { firstUnknownMarker = Position(offset: line.offset, line: line.number) }
        }
        if header.markerAfterUnderscore {
            underscoredMarkers += 1
            if firstUnderscoredMarker == nil { firstUnderscoredMarker = line.number }
        }
        let dates = WhatsAppDateOrderInference.PerOrder { WhatsAppClock.date(header, order: $0) }
        inference.add(header, dates: dates)
        for order in DateOrder.allCases where dates[order] == nil && firstInvalid[order] == nil {
            firstInvalid[order] = Failure(
                position: Position(offset: line.offset, line: line.number), header: Self.headerText(header, content))
            revisited[order] = []
        }
        for order in DateOrder.allCases where inference.invalid[order] == 0 {
            let time = dates[order].flatMap { WhatsAppClock.timestamp(header, date: $0)?.milliseconds } ?? 0
            if let previous = latest[order], time < previous {
                revisited[order].insert(time)
            } else {
                if latest[order] != time {
                    if leadingLatest[order].count < Self.leadingLatestLimit {
                        leadingLatest[order].append(time)
                    } else {
                        leadingLatestOverflows[order] = true
                    }
                }
                latest[order] = time
            }
        }
    }

    /// Takes `later`, the tally of the same shape over the text that follows this tally's, whose
    /// positions count from that text's start (`shift` bytes and lines into the whole text): the
    /// tally one pass over the whole text gives.
    /// - Returns: false, leaving this tally in an unspecified state, when that cannot be told from
    ///   the two tallies alone: when, in an order both follow, more than ``leadingLatestLimit``
    ///   timestamps of `later` that were its latest when met are below this tally's latest.
    /// - Complexity: O(authors, markers and timestamps met again in `later`).
    mutating func append(_ later: Self, shiftedBy shift: Position) -> Bool {
        guard later.shape == shape else { return false }
        inference.append(later.inference)
        count += later.count
        authors.formUnion(later.authors)
        exporters.formUnion(later.exporters)
        unknownMarkers.formUnion(later.unknownMarkers)
        if firstUnknownMarker == nil { firstUnknownMarker = later.firstUnknownMarker?.shifted(by: shift) }
        underscoredMarkers += later.underscoredMarkers
        if firstUnderscoredMarker == nil { firstUnderscoredMarker = later.firstUnderscoredMarker.map { $0 + shift.line } }
        for order in DateOrder.allCases where firstInvalid[order] == nil {
            firstInvalid[order] = later.firstInvalid[order].map { Failure(position: $0.position.shifted(by: shift), header: $0.header) }
        }
        for order in DateOrder.allCases {
            guard inference.invalid[order] == 0 else {
                revisited[order] = []
                continue
            }
            revisited[order].formUnion(later.revisited[order])
            guard let previous = latest[order] else {
                (latest[order], leadingLatest[order], leadingLatestOverflows[order]) =
                    (later.latest[order], later.leadingLatest[order], later.leadingLatestOverflows[order])
                continue
            }
            let below = later.leadingLatest[order].prefix { $0 < previous }
            if below.count == later.leadingLatest[order].count, later.leadingLatestOverflows[order] { return false }
            revisited[order].formUnion(below)
            if let last = later.latest[order], last > previous { latest[order] = last }
        }
        return true
    }

    /// The timestamps (milliseconds) that, read in `order`, come again after a later one: the
    /// only ones whose ids ``SyntheticMessageID`` must remember past the next timestamp; nil when
    /// a header is no valid date in `order`, so they were not followed (every timestamp is).
    func revisitedTimestamps(in order: DateOrder) -> Set<Int64>? { inference.invalid[order] == 0 ? revisited[order] : nil }

    /// The header line after its header, decoded.
    static func body(_ header: WhatsAppHeader, _ content: UnsafeRawBufferPointer) -> String {
        String(decoding: content[min(header.bodyOffset, content.count)...], as: UTF8.self)
    }

    /// The header's own text, for errors.
    static func headerText(_ header: WhatsAppHeader, _ content: UnsafeRawBufferPointer) -> String {
        WhatsAppCharacters.clean(Substring(String(decoding: content.prefix(max(header.bodyOffset, 1)), as: UTF8.self)))
    }
}
