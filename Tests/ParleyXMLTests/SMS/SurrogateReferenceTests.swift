import Foundation
import Testing

@testable import ParleyXML

/// UTF-16 surrogate references (`&#55357;&#56397;`, as Android writes emoji) pass libxml2 as the
/// character they encode, a lone one as U+FFFD, wherever the input's chunks are cut.
@Suite("surrogate references")
struct SurrogateReferenceTests {
    static let document = """
        <a t="&#55357;&#56397; &#xD83C;&#xDF0D; lone &#55357; low &#56397;!">&#55357;&#56397;<!-- &#55357; --><![CDATA[&#55357;]]>\
        <?p &#55357;?>x&#65;&#x1F30D;&amp;&#000055357;&#56397;</a>
        """

    /// The bytes `text` becomes when filtered in chunks of `size` bytes, with the filter after.
    static func repaired(_ text: String, chunk size: Int, diverting diverted: DivertedAttribute? = nil) -> ([UInt8], XMLInputFilter) {
        let input = Array(text.utf8)
        var filter = XMLInputFilter(diverting: diverted)
        var output: [UInt8] = []
        var pending: [UInt8] = []
        var next = 0
        while true {
            let atEnd = next + size >= input.count
            pending += input[next..<min(next + size, input.count)]
            next += size
            let outcome = pending.withUnsafeMutableBufferPointer { filter.filter($0, atEnd: atEnd) }
            guard case let .decided(consumed, produced) = outcome else { return (output, filter) }
            output += pending[..<produced]
            pending.removeFirst(consumed)
            if atEnd { return (output + pending, filter) }
        }
    }

    @Test("pairs join, lone surrogates become U+FFFD, comments, CDATA and instructions are left alone; lengths kept")
    func repairsInPlace() {
        let (bytes, repair) = Self.repaired(Self.document, chunk: 1 << 16)
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                <a t="&#0000000128077; &#0000000127757; lone &#65533; low &#65533;!">&#0000000128077;<!-- &#55357; --><![CDATA[&#55357;]]>\
                <?p &#55357;?>x&#65;&#x1F30D;&amp;&#00000000000128077;</a>
                """)
        #expect(bytes.count == Self.document.utf8.count)
        #expect((repair.joinedPairs, repair.loneSurrogates) == (4, 2))
        #expect(repair.firstLone?.line == 1)
        #expect(repair.firstLone?.byteOffset == 45)
    }

    @Test("chunks cut anywhere, down to one byte, give the same bytes", arguments: Array(1...40))
    func chunked(size: Int) {
        let (whole, wholeRepair) = Self.repaired(Self.document, chunk: 1 << 16)
        let (bytes, repair) = Self.repaired(Self.document, chunk: size)
        #expect(bytes == whole)
        #expect(
            (repair.joinedPairs, repair.loneSurrogates, repair.offset) == (wholeRepair.joinedPairs, wholeRepair.loneSurrogates, bytes.count)
        )
    }

    @Test("the reader reads the characters, a pair cut by its 64 KiB input chunk too, and counts lone surrogates")
    func reader() throws {
        for shift in 0...16 {
            let padding = String(repeating: " ", count: 65_520 + shift - 9)
            let xml = "<a>\(padding)<b t=\"&#55357;&#56397;&#55357;x\"/>\n</a>"
            let reader = try XMLStreamReader(data: Data(xml.utf8), name: "doc.xml")
            #expect(try reader.next() == .start(name: "a", isEmpty: false))
            #expect(try reader.next() == .text(padding))
            #expect(try reader.next() == .start(name: "b", isEmpty: true))
            #expect(reader.attribute("t") == "👍\u{FFFD}x", "shift \(shift)")
            #expect(try reader.next() == .text("\n"))
            #expect(try reader.next() == .end(name: "a"))
            #expect(try reader.next() == nil)
            #expect(
                reader.surrogates
                    == SurrogateRepairs(joinedPairs: 1, loneSurrogates: 1, firstLoneLine: 1, firstLoneByteOffset: 65_536 + shift))
        }
    }

    @Test("a later error keeps its line and byte: the repairs move nothing")
    func positionsKept() throws {
        let xml = "<a t=\"&#55357;&#56397;\">\n&#55357;\n<b x='1'></a> and more"
        let reader = try XMLStreamReader(data: Data(xml.utf8), name: "doc.xml")
        let error = XMLStreamError.malformed(
            file: "doc.xml", line: 3, byteOffset: 47, message: "Opening and ending tag mismatch: b line 3 and a")
        #expect(throws: error) { while try reader.next() != nil {} }
        #expect(reader.surrogates == SurrogateRepairs(joinedPairs: 1, loneSurrogates: 1, firstLoneLine: 2, firstLoneByteOffset: 25))
        let plain = try XMLStreamReader(data: Data("<a t=\"0123456789abcdef\">\nabcdefgh\n<b x='1'></a> and more".utf8), name: "doc.xml")
        #expect(throws: error) { while try plain.next() != nil {} }
    }

    @Test("a document declaring entities is refused at once (huge text nodes lift libxml2's expansion guard)")
    func entitiesRefused() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE smses [\n<!ENTITY a0 \"lol\">\n"
        for level in 1...9 { xml += "<!ENTITY a\(level) \"\(String(repeating: "&a\(level - 1);", count: 10))\">\n" }
        xml += "]>\n<smses><sms body=\"&a9;\"/></smses>"
        let reader = try XMLStreamReader(data: Data(xml.utf8), name: "laughs.xml")
        #expect(
            throws: XMLStreamError.malformed(
                file: "laughs.xml", line: 3, byteOffset: 40, message: "the document declares an entity (<!ENTITY), which is not read")
        ) { while try reader.next() != nil {} }
    }
}
