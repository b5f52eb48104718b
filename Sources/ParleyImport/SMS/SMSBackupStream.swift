import ParleyXML

/// Reads the `<sms>` and `<mms>` elements of an SMS Backup & Restore file from libxml2's
/// streaming reader, one element in memory at a time.
///
/// Base64 `data` of MMS parts is measured and checked as it streams past libxml2
/// (``SMSPartData``), and decoded into a media folder when one is given; never held. Comments, the stylesheet instruction and unknown elements are skipped.
struct SMSBackupStream {
    let reader: XMLStreamReader
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
        while let event = try reader.next() {
            switch event {
            case let .start(name, isEmpty):
                if let record = start(name, isEmpty: isEmpty) { return record }
            case .end("mms"):
                if let record = pending {
                    pending = nil
                    return record
                }
            default:
                continue
            }
        }
        return nil
    }

    private mutating func start(_ name: String, isEmpty: Bool) -> SMSRecord? {
        switch name {
        case "smses":
            declaredCount = reader.attribute("count").flatMap { Int($0) }
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
