import ParleyDigest
import ParleyTestSupport
import Testing

/// RFC 6920 `ni:` URIs as the archive's store names the MMS parts it keeps.
@Suite struct ContentURITests {
    /// RFC 6920 §8.1: the SHA-256 of "Hello World!".
    static let helloWorld = "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk"

    @Test("the RFC's example is written and read back")
    func rfcExample() throws {
        let uri = try #require(ContentURI(digest: SHA256.digest(Array("Hello World!".utf8))))
        #expect(uri.description == Self.helloWorld)
        #expect(uri.hex == "7f83b1657ff1fc53b92dc18148a1d65dfc2d4b1fa3d677284addd200126d9069")
        #expect(ContentURI(Self.helloWorld) == uri)
        #expect(ContentURI("NI:///SHA-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk") == uri)
    }

    @Test("the media type is the ct parameter, percent-encoded where it must be")
    func contentType() throws {
        let digest = SHA256.digest(Array("Hello World!".utf8))
        let jpeg = try #require(ContentURI(digest: digest, contentType: "image/jpeg"))
        #expect(jpeg.description == Self.helloWorld + "?ct=image/jpeg")
        let odd = try #require(ContentURI(digest: digest, contentType: "text/plain; charset=\"utf-8\""))
        #expect(odd.description == Self.helloWorld + "?ct=text/plain%3B%20charset%3D%22utf-8%22")
        #expect(ContentURI(odd.description)?.contentType == "text/plain; charset=\"utf-8\"")
        #expect(ContentURI(digest: digest, contentType: "")?.description == Self.helloWorld)
    }

    @Test(
        "anything else is not a content URI",
        arguments: [
            "", "ni:///sha-256;", "ni:///sha-512;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
            "ni://example.com/sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
            "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkG", "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGkA",
            "ni:///sha-256;f4OxZX/x/FO5LcGBSKHWXfwtSx+j1ncoSt3SABJtkGk", "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk?x=1",
            "media/7f83b1657ff1fc53b92dc18148a1d65dfc2d4b1fa3d677284addd200126d9069.png", "https://example.com/a.png",
        ])
    func refused(_ text: String) {
        #expect(ContentURI(text) == nil)
    }

    @Test("digests of any bytes and types round-trip (2,000 seeded cases)")
    func roundTrip() throws {
        var random = SeededRandom(seed: 6920)
        let types = [nil, "image/png", "video/3gpp", "application/vnd.wap.multipart.related", "text/x-vCard; name=\"Ada é\""]
        for _ in 0..<2_000 {
            let digest = (0..<32).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let uri = try #require(ContentURI(digest: digest, contentType: types[random.below(types.count)]))
            #expect(ContentURI(uri.description) == uri)
            #expect(uri.description.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
        }
        #expect(ContentURI(digest: [UInt8](repeating: 0, count: 31)) == nil)
    }
}
