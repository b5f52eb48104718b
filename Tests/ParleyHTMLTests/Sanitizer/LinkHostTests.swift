import ParleyTestSupport
import Testing

@testable import ParleyHTML

/// The host check of `http(s)` links: its byte-level reading of ASCII text answers as the
/// character-level reading does, and both answer the cases the link policy names.
@Suite struct LinkHostTests {
    /// Authorities (what follows `//`) and whether their host is valid.
    static let cases: [(String, Bool)] = [
        ("example.com/path", true), ("user:pw@host.example:8080/x?q#f", true), ("host:", true), ("a_b~c-d.e", true),
        ("", false), ("/path", false), (":80", false), ("host:80a", false), ("a|b", false), ("[::1]:80", false),
        ("user@", false), ("a b", false), ("host\\path", true), ("exämple.com", true), ("日本.jp/x", true),
        ("a\u{2028}b", false), ("a\u{7}b", false), ("host:８０", false),
    ]

    @Test func namedCasesAreAnswered() {
        for (authority, valid) in Self.cases {
            #expect(LinkPolicy.hasValidHost(Substring(authority)) == valid, "\(authority.debugDescription)")
            #expect(LinkPolicy.hasValidHost(characters: Substring(authority)) == valid, "\(authority.debugDescription)")
        }
        #expect(LinkPolicy.absolute("https://user@example.com:443/a b") == "https://user@example.com:443/a%20b")
        #expect(LinkPolicy.absolute("https://a|b/") == nil)
    }

    /// Over 20,000 seeded texts of URL characters, a combining mark, CR LF and non-ASCII letters,
    /// the byte reading answers as the character reading; it declines every text with a non-ASCII byte.
    @Test func bytesAnswerAsCharacters() {
        let alphabet: [String] =
            (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + [
                "a", "b", ".", ".", "@", ":", ":", "8", "0", "/", "\u{301}", "/\u{301}", "\r\n", "é", "日", "\u{00A0}", "\t",
            ]
        var random = SeededRandom(seed: 0x4057)
        var ascii = 0
        for _ in 0..<20_000 {
            let text = (0..<Int(random.next() % 16)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            let characters = LinkPolicy.hasValidHost(characters: Substring(text))
            #expect(LinkPolicy.hasValidHost(Substring(text)) == characters, "\(text.debugDescription)")
            let verdict = Array(text.utf8).withUnsafeBufferPointer(LinkPolicy.asciiHostVerdict)
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(verdict == characters, "\(text.debugDescription)")
                ascii += 1
            } else {
                #expect(verdict == nil, "\(text.debugDescription)")
            }
        }
        #expect(ascii > 5_000)
    }

    /// Over 20,000 seeded URLs of schemes, hosts, ports, percent escapes, bytes to encode or
    /// clean and marks, the byte reading of `http(s)` links answers as the full check, and
    /// declines whatever it cannot answer.
    @Test func writtenLinksAnswerAsTheFullCheck() {
        let heads = [
            "http://", "https://", "https://", "https://", "HTTP://", "http:/", "http:", "https:///", "mailto:", " https://", "https:\t//",
            "",
        ]
        let pieces = [
            "a", "b", "example.org", "example.org", "/path", "/a/b?c=d", ".", "@", "user:pw@", ":", "8", "/", "?", "#", "%", "%4", "%41",
            "%zz", " ", "\t", "\n", "|", "[", "]",
            "\\", "é", "\u{301}", "-", "_", "~", "=", "&", "'", "^", "\"",
        ]
        var random = SeededRandom(seed: 0x11_4B)
        var answered = 0, declined = 0
        for _ in 0..<20_000 {
            let url = heads[random.below(heads.count)] + (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
            #expect(LinkPolicy.absolute(url) == LinkPolicy.cleanedAbsolute(url), "\(url.debugDescription)")
            if Array(url.utf8).withUnsafeBufferPointer(LinkPolicy.writtenHTTPVerdict) == nil { declined += 1 } else { answered += 1 }
        }
        #expect(answered > 2_000 && declined > 2_000, "\(answered) answered, \(declined) declined")
        #expect(Array("https://example.org/a%41?b=c#d".utf8).withUnsafeBufferPointer(LinkPolicy.writtenHTTPVerdict) == true)
        #expect(Array("https://a|b/".utf8).withUnsafeBufferPointer(LinkPolicy.writtenHTTPVerdict) == nil)
        #expect(Array("https://:80/".utf8).withUnsafeBufferPointer(LinkPolicy.writtenHTTPVerdict) == false)
        #expect(LinkPolicy.absolute("https://:80/") == nil)
        #expect(LinkPolicy.absolute("http://e.org/%zz") == "http://e.org/%25zz")
    }

    @Test func theSchemeCheckReadsBytesAsThePrefixesWrittenOut() {
        var random = SeededRandom(seed: 29)
        let alphabet = Array("htps:HTPS/ x\t".utf8) + [0xC3, 0xA9]
        let heads = ["", "h", "htt", "http", "https", "http:", "https:", "HTTP:", "htps:", "https;", "httpss:"]
        var remote = 0
        for _ in 0..<20_000 {
            var bytes = Array(heads[random.below(heads.count)].utf8)
            bytes += (0..<random.below(5)).map { _ in alphabet[random.below(alphabet.count)] }
            let expected = bytes.starts(with: Array("https:".utf8)) || bytes.starts(with: Array("http:".utf8))
            #expect(bytes.withUnsafeBufferPointer(LinkPolicy.startsWithHTTPScheme) == expected, "\(bytes)")
            if expected { remote += 1 }
        }
        #expect(remote > 3_000)
        #expect(LinkPolicy.isRemote("https://example.com/a.png"))
        #expect(LinkPolicy.isRemote("http:x"))
        #expect(LinkPolicy.isRemote("HTTPS://example.com"))
        #expect(!LinkPolicy.isRemote("httpx://example.com"))
        #expect(!LinkPolicy.isRemote("media/a.png"))
    }
}
