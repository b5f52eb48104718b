import ParleyModel

/// Builds one WhatsApp export's transcript: checks the headers as a whole (shape, AM/PM
/// markers, date order), then turns each header and its continuation lines into a message.
struct WhatsAppChatBuilder {
    let bytes: UnsafeRawBufferPointer
    let file: String
    let options: ImportOptions
    let headers: [WhatsAppLines.HeaderLine]
    let order: DateOrder
    private(set) var diagnostics: [Diagnostic] = []

    /// Scans the export and decides its date order.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` as described on ``WhatsAppImporter``.
    init(bytes: UnsafeRawBufferPointer, file: String, options: ImportOptions) throws(ImportError) {
        self.bytes = bytes
        self.file = file
        self.options = options
        let lines = WhatsAppLines(bytes)
        headers = lines.headers
        guard let first = headers.first else {
            throw .syntax(file: file, offset: 0, line: 1, expected: Self.headerExample)
        }
        if let leading = lines.leadingText, leading.line < first.number {
            throw .syntax(
                file: file, offset: leading.offset, line: leading.line, expected: Self.headerExample + " at the start of the export")
        }
        try Self.checkMarkers(headers, file: file, bytes: bytes)
        let decision = try Self.dateOrder(headers, forced: options.dateOrder, file: file, bytes: bytes)
        order = decision.order
        if decision.ambiguous {
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(first.number)",
                    message: "every date fits day/month/year and month/day/year; read as \(order.spelledOut) (use --date-order to choose)"))
        }
        if let mangled = headers.first(where: \.header.markerAfterUnderscore) {
            let count = headers.filter(\.header.markerAfterUnderscore).count
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(mangled.number)",
                    message: "\"_\" before the AM/PM marker read as a space (\(count) line\(count == 1 ? "" : "s"))"))
        }
        for stray in lines.strays {
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(stray.number)",
                    message: "starts like a message header of another layout; kept as a line of the message before it"))
        }
    }

    static let headerExample =
        "a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\" or \"[18/03/2022, 14:56:01] Name: text\""

    /// The header's own text, for errors.
    static func headerText(_ line: WhatsAppLines.HeaderLine, _ bytes: UnsafeRawBufferPointer) -> String {
        let end = min(line.end, line.start + max(line.header.bodyOffset, 1))
        return WhatsAppCharacters.clean(Substring(String(decoding: bytes[line.start..<end], as: UTF8.self)))
    }

    private static func checkMarkers(_ headers: [WhatsAppLines.HeaderLine], file: String, bytes: UnsafeRawBufferPointer) throws(ImportError)
    {
        let unknown = headers.filter { $0.header.marker.map { !WhatsAppClock.isKnown($0) } ?? false }
        let distinct = Set(unknown.compactMap(\.header.marker))
        guard distinct.count > 1, let first = unknown.first else { return }
        throw .syntax(
            file: file, offset: first.start, line: first.number,
            expected: "an AM/PM marker Parley knows, found \(distinct.sorted().map { "\"\($0)\"" }.joined(separator: " and "))")
    }

    private static func dateOrder(
        _ headers: [WhatsAppLines.HeaderLine], forced: DateOrder?, file: String, bytes: UnsafeRawBufferPointer
    ) throws(ImportError) -> WhatsAppDateOrderInference.Decision {
        if let forced {
            if let bad = headers.first(where: { WhatsAppClock.date($0.header, order: forced) == nil }) {
                throw .syntax(
                    file: file, offset: bad.start, line: bad.number,
                    expected: "a date in \(forced.spelledOut) order (--date-order \(forced.rawValue)), found \"\(headerText(bad, bytes))\"")
            }
            return .init(order: forced, ambiguous: false)
        }
        switch WhatsAppDateOrderInference.decide(headers.map(\.header)) {
        case let .success(decision): return decision
        case let .failure(rejected):
            let bad = headers[rejected.index]
            throw .syntax(
                file: file, offset: bad.start, line: bad.number,
                expected:
                    "a date that reads like the lines before it as day/month/year, month/day/year or year/month/day, found \"\(headerText(bad, bytes))\""
            )
        }
    }
}
