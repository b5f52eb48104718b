import ParleyModel

/// What the first pass over a WhatsApp export keeps about the headers of one shape: enough to
/// check them as a whole and to decide their date order once the export's shape is known,
/// without holding a header.
///
/// Memory is O(distinct authors + distinct unknown AM/PM markers + timestamps met out of order).
struct WhatsAppShapeTally {
    /// A place in the export: byte offset and 1-based line.
    struct Position {
        var offset: Int
        var line: Int
    }

    /// A header that fails a check: where it is and its text (for the error).
    struct Failure {
        var position: Position
        var header: String
    }

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
    /// The header that ruled out the last date order.
    private(set) var rejected: Failure?
    /// The first header that is no valid date in the order `--date-order` forces.
    private(set) var forcedMismatch: Failure?
    /// Per order, the latest timestamp so far and the timestamps met again after a later one.
    private var latest = WhatsAppDateOrderInference.PerOrder<Int64?> { _ in nil }
    private var revisited = WhatsAppDateOrderInference.PerOrder<Set<Int64>> { _ in [] }

    init(shape: WhatsAppHeader.Shape, first: Position) {
        self.shape = shape
        self.first = first
    }

    /// Takes the next header of this shape, found on `line`.
    mutating func add(_ header: WhatsAppHeader, line: WhatsAppLineSplitter.Line, forced: DateOrder?) {
        count += 1
        let content = line.content
        let body = Substring(Self.body(header, content))
        if let name = WhatsAppBody.authorCandidate(body), let colon = WhatsAppCharacters.colonSpace(in: body),
            !WhatsAppSystemText.isSystem(body[colon.upperBound...])
        {
            authors.insert(name)
            if WhatsAppDeletedText.marker(body[colon.upperBound...]) == .byExporter { exporters.insert(name) }
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
        if !inference.add(header, dates: dates) {
            rejected = Failure(position: Position(offset: line.offset, line: line.number), header: Self.headerText(header, content))
        }
        if let forced, forcedMismatch == nil, dates[forced] == nil {
            forcedMismatch = Failure(position: Position(offset: line.offset, line: line.number), header: Self.headerText(header, content))
        }
        for order in DateOrder.allCases where inference.candidates.contains(order) {
            let time = dates[order].flatMap { WhatsAppClock.timestamp(header, date: $0)?.milliseconds } ?? 0
            if let previous = latest[order], time < previous {
                revisited[order].insert(time)
            } else {
                latest[order] = time
            }
        }
    }

    /// The timestamps (milliseconds) that, read in `order`, come again after a later one: the
    /// only ones whose ids ``SyntheticMessageID`` must remember past the next timestamp.
    func revisitedTimestamps(in order: DateOrder) -> Set<Int64> { revisited[order] }

    /// The header line after its header, decoded.
    static func body(_ header: WhatsAppHeader, _ content: UnsafeRawBufferPointer) -> String {
        String(decoding: content[min(header.bodyOffset, content.count)...], as: UTF8.self)
    }

    /// The header's own text, for errors.
    static func headerText(_ header: WhatsAppHeader, _ content: UnsafeRawBufferPointer) -> String {
        WhatsAppCharacters.clean(Substring(String(decoding: content.prefix(max(header.bodyOffset, 1)), as: UTF8.self)))
    }
}
