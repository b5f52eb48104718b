import Foundation
import Testing

@testable import ParleyXML

/// The values of one attribute of one element (an MMS part's `data`) stream to a sink past
/// libxml2; lines stay where they were and byte offsets are mapped back to the input's.
@Suite("diverted attributes")
struct DivertedAttributeTests {
    /// Logs what it is handed.
    final class Log: DivertedAttributeSink {
        var entries: [String] = []
        func elementStarted() { entries.append("<") }
        func valueContinues(_ bytes: UnsafeBufferPointer<UInt8>) {
            if entries.last?.hasPrefix("=") == true {
                entries[entries.count - 1] += String(decoding: bytes, as: UTF8.self)
            } else {
                entries.append("=" + String(decoding: bytes, as: UTF8.self))
            }
        }
        func valueEnded() { entries.append(">") }
    }

    static let document = """
        <a xmlns:x="urn:x">\n<part ct="image/png" data="QUJD\nREVG" cl='a.png'/>\n<!-- <part data="no"/> --><x:part x:data='R0lG&amp;' />\
        <parts data="kept"/><part>text &#55357;&#56397;</part><part\n data = "\n" ct="x"/><partner data="kept"/></a>
        """

    static func read(_ xml: String, diverting: Bool) throws -> (events: [String], log: [String]) {
        let log = Log()
        let reader = try XMLStreamReader(
            data: Data(xml.utf8), name: "doc.xml",
            diverting: diverting ? DivertedAttribute(element: "part", attribute: "data", sink: log) : nil)
        var events: [String] = []
        while let event = try reader.next() {
            switch event {
            case let .start(name, _):
                events.append("\(name)@\(reader.line) data=\(reader.attribute("data").map { "\"\($0)\"" } ?? "nil")")
            case let .text(text): events.append("text \(text.debugDescription)")
            case .end: continue
            }
        }
        return (events, log.entries)
    }

    @Test("each start tag of the element is announced and its value streamed; the attribute keeps only its newlines")
    func diverted() throws {
        let (events, log) = try Self.read(Self.document, diverting: true)
        #expect(log == ["<", "=QUJD\nREVG", ">", "<", "=R0lG&amp;", ">", "<", "<", "=\n", ">"])
        #expect(
            events == [
                "a@1 data=nil", "text \"\\n\"", "part@3 data=\" \"", "text \"\\n\"", "part@4 data=nil", "parts@4 data=\"kept\"",
                "part@4 data=nil", "text \"text 👍\"", "part@6 data=\" \"", "partner@6 data=\"kept\"",
            ])
        let (undiverted, _) = try Self.read(Self.document, diverting: false)
        #expect(undiverted.map { $0.prefix { $0 != " " } } == events.map { $0.prefix { $0 != " " } }, "the same elements on the same lines")
    }

    @Test("chunks cut anywhere give the same bytes and the same values", arguments: Array(1...40))
    func chunked(size: Int) {
        func run(_ size: Int) -> ([UInt8], [String]) {
            let log = Log()
            let (bytes, _) = SurrogateReferenceTests.repaired(
                Self.document, chunk: size, diverting: DivertedAttribute(element: "part", attribute: "data", sink: log))
            return (bytes, log.entries)
        }
        let (whole, wholeLog) = run(1 << 16)
        let (bytes, log) = run(size)
        #expect(bytes == whole)
        #expect(log.joined() == wholeLog.joined())
    }

    @Test("an error after diverted values names the input's line and byte")
    func positions() throws {
        let xml = "<a>\n<part data=\"\(String(repeating: "QUJD", count: 5000))\n\"/>\n<b></a>\n\(String(repeating: " ", count: 100_000))"
        let error = XMLStreamError.malformed(
            file: "doc.xml", line: 4, byteOffset: 20_028, message: "Opening and ending tag mismatch: b line 4 and a")
        #expect(throws: error) { _ = try Self.read(xml, diverting: true) }
        #expect(throws: error) { _ = try Self.read(xml, diverting: false) }
    }
}
