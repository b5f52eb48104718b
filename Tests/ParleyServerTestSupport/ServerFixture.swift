import Foundation
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyServer
import ParleySite
import ParleyTestSupport

/// Starts live servers on a free loopback port for the tests.
package enum ServerFixture {
    /// A server on port 0 serving `channels`, with test-sized buffers unless `adjust` changes them.
    package static func start(
        _ channels: [any ServedChannel], ingest: (any IngestEndpoint)? = nil, adjust: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> LiveServer {
        var configuration = ServerConfiguration(port: 0, log: { _ in })
        adjust(&configuration)
        let pages = try LivePageRenderer.load(siteTitle: "Test site")
        return try LiveServer.start(
            Site(channels: channels, colors: ".color-abcdef{color:#abcdef}\n", ingest: ingest, index: pages.index),
            configuration: configuration)
    }

    /// A server of the `tiny.json` fixture's one channel with a window of 4 messages.
    package static func tiny() throws -> LiveServer {
        let transcript = try ServerTranscripts.tiny()
        let pages = try LivePageRenderer.load(siteTitle: transcript.title)
        let site = Site(staticTranscript: transcript, window: 4, templates: try TemplateSet.load(), pages: pages)
        return try LiveServer.start(site, configuration: ServerConfiguration(port: 0, log: { _ in }))
    }
}

/// Reads the fixtures used by the server tests.
package enum ServerTranscripts {
    package static func tiny() throws -> ParleyModel.Transcript {
        try TranscriptReader().read(contentsOf: TestPaths.fixture("tiny.json").path).transcript
    }
}
