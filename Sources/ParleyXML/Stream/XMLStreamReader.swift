import CLibXML2
import Foundation

/// Reads an XML document one node at a time with libxml2's streaming reader
/// (`xmlReaderForFile` / `xmlTextReaderRead`, the C# `XmlReader` model), so memory stays at
/// the size of one element however large the document is.
///
/// Attributes of the current start tag are read on demand (``attribute(_:)``,
/// ``withAttributeBytes(_:_:)``), so a large attribute (a base64 MMS part) need not be copied.
/// The network is never used and entities are not substituted into the tree. Text nodes and
/// attributes may pass libxml2's default 10 MB (`XML_PARSE_HUGE`; one is held whole while it is
/// the current node, and libxml2 slows down quadratically past 10 MB: divert such values with a
/// ``DivertedAttribute``); because that flag turns off libxml2 2.9's guard against exponential
/// entity expansion, a document that declares entities is refused. The input reaches libxml2
/// through ``XMLInputFilter``, which makes the UTF-16 surrogate references Android writes
/// readable without moving any line or byte offset (``surrogates``) and diverts the values asked for. A class because it owns the
/// C reader; use one reader from one thread at a time.
public final class XMLStreamReader {
    /// The document's name in errors (its path).
    public let name: String
    let reader: xmlTextReaderPtr
    let errors = ErrorSink()
    /// The bytes libxml2 reads, repaired on the way.
    private let input: RepairedInput

    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_BIG_LINES.rawValue
            | XML_PARSE_HUGE.rawValue)
    /// The input's size in bytes, to tell a document that ends early from other errors.
    private let inputSize: Int
    /// The names of the elements open at the current node, outermost first.
    public private(set) var openElements: [String] = []
    /// Where the bytes come from, to read them again from a later place (``resumed(after:at:)``).
    private let origin: Origin
    private let diverted: DivertedAttribute?
    /// The lines of the source before the first one libxml2 reads (0 unless resumed).
    private let linesBefore: Int

    /// Where a reader's bytes come from.
    private enum Origin {
        case path(String)
        case data(Data)
    }

    /// A reader over the file at `path`, the values of `diverted` (if any) handed to its sink instead of read.
    /// - Throws: ``XMLStreamError/unreadable(file:reason:)`` when the file cannot be opened.
    public convenience init(path: String, diverting diverted: DivertedAttribute? = nil) throws(XMLStreamError) {
        try self.init(path: path, diverting: diverted, resume: nil)
    }

    private init(path: String, diverting diverted: DivertedAttribute?, resume: Resumption?) throws(XMLStreamError) {
        LibXML.initialize()
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(file: path, reason: "no such readable file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        let input = RepairedInput(.file(descriptor), diverting: diverted, resume: resume)
        guard let reader = Self.reader(input, name: path) else {
            throw .unreadable(file: path, reason: "libxml2 could not open it")
        }
        self.name = path
        origin = .path(path)
        self.diverted = diverted
        linesBefore = (resume?.line ?? 1) - 1
        self.reader = reader
        self.input = input
        self.inputSize = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? Int.max
        installErrorHandler()
    }

    /// A reader over `data`, the values of `diverted` (if any) handed to its sink instead of read;
    /// `name` is used in errors.
    /// - Throws: ``XMLStreamError/unreadable(file:reason:)`` when libxml2 cannot start reading.
    public convenience init(data: Data, name: String, diverting diverted: DivertedAttribute? = nil) throws(XMLStreamError) {
        try self.init(data: data, name: name, diverting: diverted, resume: nil)
    }

    private init(data: Data, name: String, diverting diverted: DivertedAttribute?, resume: Resumption?) throws(XMLStreamError) {
        LibXML.initialize()
        let input = RepairedInput(.memory(data), diverting: diverted, resume: resume)
        guard let created = Self.reader(input, name: name) else { throw .unreadable(file: name, reason: "libxml2 could not start reading") }
        self.name = name
        origin = .data(data)
        self.diverted = diverted
        linesBefore = (resume?.line ?? 1) - 1
        self.reader = created
        self.input = input
        self.inputSize = data.count
        installErrorHandler()
    }

    deinit { xmlFreeTextReader(reader) }

    /// A libxml2 reader pulling its bytes from `input`, which the caller keeps alive while it lives.
    private static func reader(_ input: RepairedInput, name: String) -> xmlTextReaderPtr? {
        xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer, length > 0 else { return length == 0 ? 0 : -1 }
                return Unmanaged<RepairedInput>.fromOpaque(context).takeUnretainedValue().supply(into: buffer, count: Int(length))
            }, nil, Unmanaged.passUnretained(input).toOpaque(), name, nil, options)
    }

    /// The surrogate references repaired so far: pairs joined, lone ones read as U+FFFD (and where the first stood).
    public var surrogates: SurrogateRepairs {
        let repair = input.filter
        return SurrogateRepairs(
            joinedPairs: repair.joinedPairs, loneSurrogates: repair.loneSurrogates, firstLoneLine: repair.firstLone?.line,
            firstLoneByteOffset: repair.firstLone?.byteOffset)
    }

    /// The line (1-based) of the current node's start, or the line the parser has reached.
    public var line: Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let number = Int(xmlGetLineNo(node))
            if number > 0 { return linesBefore + number }
        }
        return linesBefore + Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// How many bytes of input the parser has consumed (it reads ahead in chunks), diverted values included.
    public var byteOffset: Int { input.filter.inputOffset(ofOutput: Int(xmlTextReaderByteConsumed(reader))) }

    /// The next event, or nil at the end of the document.
    /// - Throws: ``XMLStreamError/malformed(file:line:byteOffset:message:)`` at the first
    ///   well-formedness error, including a document that ends early.
    /// - Complexity: O(size of the node) amortized.
    public func next() throws(XMLStreamError) -> XMLStreamEvent? {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0, errors.first == nil { return nil }
            guard status == 1, errors.first == nil else { throw malformed() }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = LibXML.string(xmlTextReaderConstLocalName(reader))
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                if !isEmpty { openElements.append(name) }
                return .start(name: name, isEmpty: isEmpty)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                openElements.removeLast()
                return .end(name: LibXML.string(xmlTextReaderConstLocalName(reader)))
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
                return .text(LibXML.string(xmlTextReaderConstValue(reader)))
            default:
                continue
            }
        }
    }

    /// The value of attribute `name` on the current start tag, references resolved; nil when absent.
    public func attribute(_ name: String) -> String? {
        withAttributeBytes(name) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of attribute `name` on the current start tag, without
    /// copying them; nil when the attribute is absent. The bytes are valid only inside `body`.
    public func withAttributeBytes<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        guard let value = xmlTextReaderConstValue(reader) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
    }

    /// The first error; at the end of the input with elements still open, "ends inside <name>".
    private func malformed() -> XMLStreamError {
        if let failure = input.failure {
            return .malformed(file: name, line: failure.line, byteOffset: failure.byteOffset, message: failure.message)
        }
        let first = errors.first
        var message = first?.message ?? "libxml2 stopped reading"
        if byteOffset >= inputSize, let innermost = openElements.last {
            message = "the input ends inside <\(innermost)> (truncated)"
        }
        return .malformed(file: name, line: first.map { linesBefore + $0.line } ?? line, byteOffset: byteOffset, message: message)
    }

    /// A reader of the same document that goes on after a well-formedness error at `line`: from the
    /// first start tag of one of `elements` after line `kept` (the last one whose node was read;
    /// libxml2 gives none of the nodes it parsed in the chunk where it met the error), the element
    /// that holds `line` (the last such tag on it or before it) read as spaces but its newlines, so
    /// reading goes on at the first such tag after `line`; inside a start tag of the element open
    /// outermost here (written with no attributes), its values diverted as this reader's. Tags are
    /// found by their bytes (`<sms `, `<mms>`), so one inside a comment counts too. Lines and byte
    /// offsets stay the document's. Nil when no such tag follows `line`, or no element is open.
    /// - Returns: the reader, and the line of the first tag after `line`.
    /// - Complexity: O(bytes from `start` to that tag), read again from the file or memory; `start`
    ///   (a line and the byte offset of its first byte, at or before `kept`) is where the search
    ///   begins, so that a caller that resumes often passes the place of its last resumption.
    public func resumed(
        after line: Int, keepingAfter kept: Int, at elements: [String], searchingFrom start: (line: Int, byteOffset: Int) = (1, 0)
    ) -> (reader: XMLStreamReader, line: Int, byteOffset: Int)? {
        guard let root = openElements.first else { return nil }
        let bytes: Data
        switch origin {
        case let .path(path):
            guard let mapped = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
            bytes = mapped
        case let .data(data): bytes = data
        }
        var first: (line: Int, byteOffset: Int)?, holding: (line: Int, byteOffset: Int)?, next: (line: Int, byteOffset: Int)?
        Self.tags(of: elements, in: bytes, from: start) { tag in
            if tag.line > kept, first == nil { first = tag }
            if tag.line > kept, tag.line <= line { holding = tag }
            if tag.line > line {
                next = tag
                return false
            }
            return true
        }
        guard let next, var first else { return nil }
        var blanked = holding.map { $0.byteOffset..<next.byteOffset }
        if let holding, holding == first {
            first = next
            blanked = nil
        }
        let resume = Resumption(prefix: "<\(root)>", line: first.line, byteOffset: first.byteOffset, blanked: blanked)
        do throws(XMLStreamError) {
            let reader: XMLStreamReader
            switch origin {
            case let .path(path): reader = try XMLStreamReader(path: path, diverting: diverted, resume: resume)
            case let .data(data): reader = try XMLStreamReader(data: data, name: name, diverting: diverted, resume: resume)
            }
            return (reader, next.line, next.byteOffset)
        } catch {
            return nil
        }
    }

    /// Calls `found` with the line and byte offset of each `<name` (followed by a space, `/` or `>`)
    /// of one of `elements`, from `start` on, until it returns false.
    private static func tags(
        of elements: [String], in data: Data, from start: (line: Int, byteOffset: Int), _ found: ((line: Int, byteOffset: Int)) -> Bool
    ) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            let names = elements.map { Array($0.utf8) }
            var current = start.line, index = start.byteOffset
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A {
                    current += 1
                } else if byte == UInt8(ascii: "<") {
                    for name in names where index + name.count + 1 < bytes.count {
                        let after = bytes[index + 1 + name.count]
                        guard
                            after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D || after == UInt8(ascii: "/")
                                || after == UInt8(ascii: ">")
                        else { continue }
                        if bytes[(index + 1)..<(index + 1 + name.count)].elementsEqual(name) {
                            guard found((current, index)) else { return }
                        }
                    }
                }
                index += 1
            }
        }
    }
}

extension XMLStreamReader {
    /// Where a resumed reader starts: `prefix` (a start tag standing for the document's root),
    /// then the source from `byteOffset`, which stands at `line`, the bytes of `blanked` (source
    /// offsets) read as spaces but their newlines.
    struct Resumption {
        var prefix: String
        var line: Int
        var byteOffset: Int
        var blanked: Range<Int>?
    }
}
