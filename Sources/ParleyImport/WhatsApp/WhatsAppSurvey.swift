import ParleyModel

/// The first pass over a WhatsApp export: scans every line for a header and tallies the headers
/// by shape (``WhatsAppShapeTally``), holding no line, then decides how the second pass reads
/// the messages (``WhatsAppChatPlan``).
///
/// Every line that starts with something shaped like a header is a candidate; the shape most
/// candidates share is the export's (on a tie, the shape met first), and only candidates of that
/// shape start messages. Lines in between are continuation lines of the message before them,
/// even when they start with a date or contain `: `.
struct WhatsAppSurvey: Sendable {
    /// `--date-order`, when given.
    let forced: DateOrder?
    /// Lines after this many are not looked at (format detection reads the first 40).
    let limit: Int
    private var scanner = WhatsAppHeaderScanner()
    private var shapes: [WhatsAppHeader.Shape: Int] = [:]
    /// One tally per shape, in the order each shape first appears.
    private(set) var tallies: [WhatsAppShapeTally] = []
    /// The first non-empty line, when it comes before every header.
    private(set) var leadingText: WhatsAppShapeTally.Position?

    init(forced: DateOrder?, limit: Int = .max) {
        self.forced = forced
        self.limit = limit
    }

    /// The tally of the export's shape: the most common, nil when no line is a header.
    var best: WhatsAppShapeTally? {
        let most = tallies.map(\.count).max()
        return tallies.first { $0.count == most }
    }

    /// Takes the next line.
    /// - Complexity: O(1) per line; a header is found from the line's first 160 bytes.
    mutating func add(_ line: WhatsAppLineSplitter.Line) {
        guard line.number <= limit else { return }
        let content = line.content
        guard let header = scanner.scan(content) else {
            if tallies.isEmpty, leadingText == nil, !Self.isBlank(content) {
                leadingText = WhatsAppShapeTally.Position(offset: line.offset, line: line.number)
            }
            return
        }
        let index: Int
        if let known = shapes[header.shape] {
            index = known
        } else {
            index = tallies.count
            shapes[header.shape] = index
            tallies.append(WhatsAppShapeTally(shape: header.shape, first: .init(offset: line.offset, line: line.number)))
        }
        tallies[index].add(header, line: line)
    }

    /// Takes `later`, the survey of the text that follows this survey's, whose positions count
    /// from that text's start (`shift` bytes and lines into the whole text): the survey one pass
    /// over the whole text gives, for the same ``plan(file:)``.
    /// - Returns: false, leaving this survey in an unspecified state, when a tally cannot be
    ///   appended (``WhatsAppShapeTally/append(_:shiftedBy:)``): survey the whole text then.
    /// - Complexity: O(shapes) and that of appending each tally.
    mutating func append(_ later: Self, shiftedBy shift: WhatsAppShapeTally.Position) -> Bool {
        if tallies.isEmpty, leadingText == nil { leadingText = later.leadingText?.shifted(by: shift) }
        for tally in later.tallies {
            if let index = shapes[tally.shape] {
                guard tallies[index].append(tally, shiftedBy: shift) else { return false }
            } else {
                var shifted = WhatsAppShapeTally(shape: tally.shape, first: tally.first.shifted(by: shift))
                guard shifted.append(tally, shiftedBy: shift) else { return false }
                shapes[tally.shape] = tallies.count
                tallies.append(shifted)
            }
        }
        return true
    }

    /// How the second pass reads the export.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` when no line is a message
    ///   header, text precedes the first header, AM/PM markers are unknown, or fewer than most
    ///   headers are valid dates in the order chosen or forced; a minority that is not is read as
    ///   lines of the message before each (``WhatsAppMessageAssembler``).
    func plan(file: String) throws(ImportError) -> WhatsAppChatPlan {
        guard let best else { throw .syntax(file: file, offset: 0, line: 1, expected: Self.headerExample) }
        if let leading = leadingText {
            throw .syntax(
                file: file, offset: leading.offset, line: leading.line, expected: Self.headerExample + " at the start of the export")
        }
        if best.unknownMarkers.count > 1, let first = best.firstUnknownMarker {
            let found = best.unknownMarkers.sorted().map { "\"\($0)\"" }.joined(separator: " and ")
            throw .syntax(file: file, offset: first.offset, line: first.line, expected: "an AM/PM marker Parley knows, found \(found)")
        }
        let decision = forced.map { WhatsAppDateOrderInference.Decision(order: $0, basis: .certain) } ?? best.inference.decision
        let order = decision.order
        if best.inference.invalid[order] * 2 >= best.count, let bad = best.firstInvalid[order] {
            let orderText = forced.map { "order (--date-order \($0.rawValue))" } ?? "order, the order most of the export's dates fit"
            throw .syntax(
                file: file, offset: bad.position.offset, line: bad.position.line,
                expected: "a date in \(order.spelledOut) \(orderText), found \"\(bad.header)\"")
        }
        var diagnostics: [Diagnostic] = []
        if let warning = Self.warning(for: decision) {
            diagnostics.append(Diagnostic(file: file, location: "line \(best.first.line)", message: warning))
        }
        if let line = best.firstUnderscoredMarker {
            let count = best.underscoredMarkers
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(line)",
                    message: "\"_\" before the AM/PM marker read as a space (\(count) line\(count == 1 ? "" : "s"))"))
        }
        return WhatsAppChatPlan(
            shape: best.shape, order: decision.order, authors: best.authors,
            exporter: best.exporters.count == 1 ? best.exporters.first : nil, revisited: best.revisitedTimestamps(in: order),
            diagnostics: diagnostics)
    }

    /// The warning for a date order that was not certain: it names the order chosen, why, and
    /// the `--date-order` value that would choose the other; nil for a certain order.
    static func warning(for decision: WhatsAppDateOrderInference.Decision) -> String? {
        let other: DateOrder = decision.order == .mdy ? .dmy : .mdy
        switch decision.basis {
        case .certain: return nil
        case .frequency:
            let field = decision.order == .dmy ? "first" : "second"
            return "every date fits day/month/year and month/day/year; read as \(decision.order.spelledOut) because the \(field) "
                + "number changes more often between messages, a guess (use --date-order \(other.rawValue) if the dates are "
                + "\(other.spelledOut))"
        case .tie:
            return "every date fits day/month/year and month/day/year; read as \(decision.order.spelledOut) (use --date-order to choose)"
        }
    }

    static let headerExample =
        "a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\" or \"[18/03/2022, 14:56:01] Name: text\""

    /// Whether the text holds only spaces and direction marks.
    static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
            WhatsAppCharacters.isSpace($0) || WhatsAppCharacters.isDirectionMark($0)
        }
    }
}
