import Foundation
import ParleyXML
import Testing

/// ParleyXML's streaming XML reader, on small documents.
@Suite("XML stream reader")
struct XMLStreamReaderTests {
    @Test("events, attributes with references, empty elements; comments and instructions skipped")
    func events() throws {
        let xml = "<?xml version='1.0'?><?xml-stylesheet href=\"a\"?><!-- c --><a n=\"1 &amp; &#x1F30D;\"><b/>t</a>"
        let reader = try XMLStreamReader(data: Data(xml.utf8), name: "doc.xml")
        #expect(try reader.next() == .start(name: "a", isEmpty: false))
        #expect(reader.attribute("n") == "1 & 🌍")
        #expect(reader.attribute("missing") == nil)
        #expect(reader.withAttributeBytes("n") { $0.count } == 8)
        #expect(reader.openElements == ["a"])
        #expect(try reader.next() == .start(name: "b", isEmpty: true))
        #expect(try reader.next() == .text("t"))
        #expect(try reader.next() == .end(name: "a"))
        #expect(try reader.next() == nil)
    }

    @Test("a document that ends early names the open element, line and byte")
    func truncated() throws {
        let reader = try XMLStreamReader(data: Data("<a>\n<b x=\"1\">".utf8), name: "doc.xml")
        #expect(try reader.next() == .start(name: "a", isEmpty: false))
        #expect(try reader.next() == .text("\n"))
        #expect(try reader.next() == .start(name: "b", isEmpty: false))
        #expect(
            throws: XMLStreamError.malformed(file: "doc.xml", line: 2, byteOffset: 13, message: "the input ends inside <b> (truncated)")
        ) {
            try reader.next()
        }
    }

    @Test("a missing file is unreadable")
    func missing() {
        #expect(throws: XMLStreamError.unreadable(file: "/nonexistent.xml", reason: "no such readable file")) {
            try XMLStreamReader(path: "/nonexistent.xml")
        }
    }
}
