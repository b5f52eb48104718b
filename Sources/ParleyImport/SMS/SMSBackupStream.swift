import ParleyXML

/// Reads the `<sms>` and `<mms>` elements of an SMS Backup & Restore file from libxml2's
/// streaming reader, one element in memory at a time.
///
/// Base64 `data` of MMS parts is measured and checked as it streams past libxml2
/// (``SMSPartData``), and decoded into a media folder when one is given; never held. Comments, the stylesheet instruction and unknown elements are skipped.
///
/// libxml2's reader stops at the first well-formedness error (also with `XML_PARSE_RECOVER`:
/// 2.9.14's reader returns -1 once the document is not well-formed). A message such an error
/// spoils (a raw `&` or `<` in an attribute, `&nbsp;`, `&#0;`, invalid UTF-8, an attribute given
/// twice, a node past 10 MB) is skipped, with a problem naming its line, and reading goes on with
/// a new reader from the first message after the last one read, the spoilt one blanked
/// (``XMLStreamReader/resumed(after:keepingAfter:at:searchingFrom:)``),
/// up to ``longestResumptions`` times; an error with no such tag after it (a file cut short) ends the stream.
struct SMSBackupStream {
    /// The most errors read past: after that, the next one ends the stream.
    static let longestResumptions = 1_000
    /// The reader of the document from the start, or from the last error read past.
    private(set) var reader: XMLStreamReader
    /// The UTF-16 surrogate references repaired by the readers before ``reader``.
    private var earlierSurrogates = SurrogateRepairs(joinedPairs: 0, loneSurrogates: 0)
    /// Where the last resumption started, for the search of the next.
    private var resumedAt = (line: 1, byteOffset: 0)
    private var resumptions = 0
    /// The line of the last message read (the `<smses>` tag's before the first).
    private var lastLine = 0
    /// The parts' data, diverted by `reader`.
    let partData: SMSPartData
    private(set) var declaredCount: Int?
    private(set) var problems: [(line: Int, message: String)] = []
    /// The MMS being read when the input broke off, if any.
    private(set) var pending: SMSRecord?

    /// Records from `reader`, which diverts `<part data>` to `partData` (``SMSPartData/diversion``).
    init(reader: XMLStreamReader, partData: SMSPartData) {
        self.reader = reader
        self.partData = partData
    }

    /// The next complete message, or nil at the end of the document.
    /// - Throws: ``XMLStreamError`` when the XML is malformed or ends early.
    mutating func next() throws(XMLStreamError) -> SMSRecord? {
        while let event = try resumingNext() {
            switch event {
            case let .start(name, isEmpty):
                if name == "smses" { lastLine = max(lastLine, reader.line) }
                if let record = start(name, isEmpty: isEmpty) {
                    lastLine = record.line
                    return record
                }
            case .end("mms"):
                if let record = pending {
                    pending = nil
                    lastLine = record.line
                    return record
                }
            default:
                continue
            }
        }
        return nil
    }

    /// The UTF-16 surrogate references repaired so far, by every reader.
    var surrogates: SurrogateRepairs {
        let current = reader.surrogates
        return SurrogateRepairs(
            joinedPairs: earlierSurrogates.joinedPairs + current.joinedPairs,
            loneSurrogates: earlierSurrogates.loneSurrogates + current.loneSurrogates,
            firstLoneLine: earlierSurrogates.firstLoneLine ?? current.firstLoneLine,
            firstLoneByteOffset: earlierSurrogates.firstLoneByteOffset ?? current.firstLoneByteOffset)
    }

    /// The reader's next event; after a well-formedness error, the first event of a reader
    /// resumed at the next message, the message being read dropped and a problem noted.
    /// - Throws: the error, when no message follows it or ``longestResumptions`` were made.
    private mutating func resumingNext() throws(XMLStreamError) -> XMLStreamEvent? {
        while true {
            do throws(XMLStreamError) {
                return try reader.next()
            } catch {
                guard case let .malformed(_, line, _, message) = error, resumptions < Self.longestResumptions,
                    let resumed = reader.resumed(after: line, keepingAfter: lastLine, at: ["sms", "mms"], searchingFrom: resumedAt)
                else { throw error }
                earlierSurrogates = surrogates
                reader = resumed.reader
                resumedAt = (resumed.line, resumed.byteOffset)
                resumptions += 1
                pending = nil
                partData.discardPending()
                problems.append(
                    (line, "malformed XML (\(message)); the message there is skipped, reading goes on at line \(resumed.line)"))
            }
        }
    }

    private mutating func start(_ name: String, isEmpty: Bool) -> SMSRecord? {
        switch name {
        case "smses":
            if resumptions == 0 { declaredCount = reader.attribute("count").flatMap { Int($0) } }
        case "sms":
            return record(isMMS: false)
        case "mms":
            let record = record(isMMS: true)
            if isEmpty { return record }
            pending = record
        case "part":
            let data = partData.next()
            guard pending != nil else { return nil }
            let part = part(data)
            pending?.parts.append(part)
        case "addr":
            guard pending != nil, let address = SMSRecord.value(reader.attribute("address")) else { return nil }
            let type = Int(reader.attribute("type") ?? "") ?? 0
            pending?.addresses.append((address, type))
        default:
            break
        }
        return nil
    }

    private mutating func record(isMMS: Bool) -> SMSRecord? {
        let line = reader.line
        let dateText = reader.attribute("date") ?? ""
        guard let date = Int64(dateText) else {
            problems.append(
                (line, "<\(isMMS ? "mms" : "sms")> has date \"\(dateText)\", expected milliseconds since 1970; message skipped"))
            return nil
        }
        return SMSRecord(
            isMMS: isMMS, line: line, date: date, address: SMSRecord.value(reader.attribute("address")) ?? "",
            contactName: SMSRecord.value(reader.attribute("contact_name")),
            box: Int(reader.attribute(isMMS ? "msg_box" : "type") ?? "") ?? 1, body: reader.attribute("body") ?? "",
            subject: SMSRecord.value(reader.attribute(isMMS ? "sub" : "subject")))
    }

    private func part(_ data: SMSPartData.Measure?) -> SMSRecord.Part {
        var part = SMSRecord.Part(
            contentType: reader.attribute("ct") ?? "application/octet-stream",
            name: SMSRecord.value(reader.attribute("cl")) ?? SMSRecord.value(reader.attribute("fn"))
                ?? SMSRecord.value(reader.attribute("name")),
            text: SMSRecord.value(reader.attribute("text")))
        part.dataBytes = data?.size
        part.invalidDataAt = data?.invalidAt
        part.digest = data?.digest
        part.unkept = data?.unkept
        return part
    }
}
