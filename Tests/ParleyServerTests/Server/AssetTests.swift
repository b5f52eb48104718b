import Testing

@testable import ParleyServer

/// Assets: content types, entity tags and conditional requests.
@Suite struct AssetTests {
    @Test(arguments: [
        ("parley.css", "text/css; charset=utf-8"), ("parley.js", "text/javascript; charset=utf-8"), ("logo.SVG", "image/svg+xml"),
        ("font.woff2", "font/woff2"), ("README", "application/octet-stream"),
    ])
    func contentTypeFollowsTheExtension(name: String, type: String) {
        #expect(Asset.contentType(forName: name) == type)
    }

    @Test func entityTagIsTheQuotedFNV1aHash() {
        #expect(Asset.fnv1a([]) == 0xcbf2_9ce4_8422_2325)
        #expect(Asset.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(Asset(bytes: Array("a".utf8), contentType: "text/plain").etag == "\"af63dc4c8601ec8c\"")
    }

    @Test func ifNoneMatchGivesNotModified() {
        let asset = Asset(bytes: Array("body{}".utf8), contentType: "text/css; charset=utf-8")
        let full = asset.reply(ifNoneMatch: nil)
        #expect(full.status == 200)
        #expect(full.body == Array("body{}".utf8))
        #expect(full.header("ETag") == asset.etag)
        for header in [asset.etag, "\"x\", \(asset.etag)", "W/\(asset.etag)", "*"] {
            let reply = asset.reply(ifNoneMatch: header)
            #expect(reply.status == 304, "If-None-Match: \(header)")
            #expect(reply.body.isEmpty)
        }
        #expect(asset.reply(ifNoneMatch: "\"other\"").status == 200)
    }
}
