import Foundation
import ParleyLive
import ParleyModel
import ParleyRender
import ParleyServer
import ParleyServerTestSupport
import ParleySite
import ParleyStore
import Synchronization
import Testing

/// A server that follows a shared log creates a channel another server created with the stored
/// epoch and events, even when the listing it read is older than those events (the other server
/// committed in between): its epoch is not replaced, so no viewer of the channel is reset.
@Suite struct FollowCreatedChannelTests {
    /// A shared log over an SQLite event store whose channel listing is fixed (as read before
    /// later commits), which keeps a stored channel's epoch as PostgreSQL does, and which records
    /// every epoch replacement asked of it.
    final class StaleListingLog: SharedEventLog {
        let store: EventStore
        let listing: [StoredChannel]
        let replacements = Mutex<[String]>([])

        init(store: EventStore, listing: [StoredChannel]) {
            self.store = store
            self.listing = listing
        }

        var path: String { store.path }

        func createChannel(_ id: String, header: String, epoch: String) throws(StoreError) -> String {
            if let stored = try store.channels().first(where: { $0.id == id }) { return stored.epoch }
            return try store.createChannel(id, header: header, epoch: epoch)
        }

        func channels() throws(StoreError) -> [StoredChannel] { listing }

        func append(to channel: String, after known: Int, in epoch: String?, _ prepare: ([StoredEvent]) -> [String])
            throws(StoreError) -> [Int]
        { try store.append(to: channel, after: known, in: epoch, prepare) }

        func events(in channel: String, after version: Int) throws(StoreError) -> [StoredEvent] {
            try store.events(in: channel, after: version)
        }

        func awaitCommits(timeout: Duration) -> Set<String>? { [] }

        func replaceEpoch(of channel: String, _ old: String, with new: String) throws(StoreError) -> String {
            replacements.withLock { $0.append(channel) }
            return new
        }
    }

    @Test func aChannelCreatedElsewhereKeepsItsEpochWhenTheListingIsOlderThanItsEvents() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let store = try EventStore(path: database)
        let epoch = "00000000000e90c4"
        try store.createChannel("fresh", header: #"{"id":"fresh","name":"fresh"}"#, epoch: epoch)
        let listing = try store.channels()
        #expect(listing.map(\.version) == [0])
        let record = IngestFixture.message("n1").replacingOccurrences(of: #""channel":"c1""#, with: #""channel":"fresh""#)
        #expect(try store.append([record], to: "fresh") == [1])

        let log = StaleListingLog(store: store, listing: listing)
        let pages = try LivePageRenderer.load(siteTitle: "Test site")
        let ingest = EventIngest(
            channels: [], store: log, newChannels: LiveOptions(window: 500, templates: try TemplateSet.load()), pages: pages)
        let server = try ServerFixture.start([], ingest: ingest) { $0.ingest = IngestSettings(token: IngestFixture.token) }
        defer { server.stop() }
        #expect(ingest.catchUp(from: log) == [ChannelID("fresh")])
        #expect(log.replacements.withLock { $0 }.isEmpty)
        let page = try HTTPTestResponse.get("/c/fresh", port: server.port).text
        #expect(HTMLScan.epoch(page) == epoch)
        #expect(HTMLScan.version(page) == 1)
        #expect(HTMLScan.articleIDs(page) == ["m-n1"])
    }
}
