import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// WhatsApp chats and SMS backups stream: for every such file of the shared corpus (and the zip
/// fixture), the messages handed to a sink are exactly the whole-file import's, in order, each
/// with its channel as the header names it.
@Suite("streamed WhatsApp and SMS imports", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct StreamedChatCorpusTests {
    /// The outcome of one import, comparable whether it succeeded or threw.
    enum Outcome: Equatable {
        case imported(channels: [Channel], diagnostics: [String])
        case failed(ImportError)
    }

    static func compare(_ path: String, expectedChannels: Int? = nil) throws {
        let whole: Outcome
        var wholeChannels: [Channel] = []
        do {
            let result = try TranscriptReader().read(contentsOf: path)
            wholeChannels = result.transcript.channels
            whole = .imported(channels: wholeChannels, diagnostics: result.diagnostics.map(\.description))
        } catch {
            whole = .failed(error)
        }
        let sink = RecordingSink()
        let streamed: Outcome
        do {
            let result = try TranscriptReader().read(contentsOf: path, into: sink)
            #expect(result.transcript.channels.allSatisfy { $0.messages.isEmpty }, "\(path)")
            let channels = result.transcript.channels.map { channel in
                var channel = channel
                channel.messages = sink.messages(of: channel.id)
                return channel
            }
            for (message, channel) in sink.received {
                #expect(result.transcript.channels.contains(channel), "\(path): message \(message.id) came with \(channel.name)")
            }
            #expect(sink.received.count == channels.map(\.messages.count).reduce(0, +), "\(path)")
            streamed = .imported(channels: channels, diagnostics: result.diagnostics.map(\.description))
        } catch {
            streamed = .failed(error)
        }
        #expect(streamed == whole, "\(path)")
        if let expectedChannels { #expect(wholeChannels.count == expectedChannels, "\(path)") }
    }

    @Test("every WhatsApp and SMS corpus file streams exactly the whole-file import's messages", arguments: ["whatsapp", "sms-xml"])
    func corpus(folder: String) throws {
        let directory = TestPaths.corpus.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".txt") || $0.hasSuffix(".xml")
        }
        #expect(names.count == (folder == "whatsapp" ? 29 : 7))
        for name in names.sorted() { try Self.compare(directory.appendingPathComponent(name).path) }
    }

    @Test("a zip export streams its chat entry exactly as the whole import reads it")
    func zip() throws {
        try Self.compare(TestPaths.fixture("whatsapp-ios-with-media.zip").path, expectedChannels: 1)
    }

    @Test("an SMS backup's conversations interleave in the stream; each message comes with its channel's final name")
    func interleavedConversations() throws {
        let sink = RecordingSink()
        let path = TestPaths.corpus.appendingPathComponent("sms-xml/sbr2-sms_and_mms.xml").path
        let result = try TranscriptReader().read(contentsOf: path, into: sink)
        let order = sink.received.map(\.channel.id)
        let switches = Swift.zip(order, order.dropFirst()).count { $0 != $1 }
        #expect(switches > result.transcript.channels.count - 1, "the stream follows the file, not the channels")
        for (_, channel) in sink.received {
            #expect(channel.name == result.transcript.channels.first { $0.id == channel.id }?.name)
        }
    }
}
