import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

/// Serving beyond loopback without a viewer token is allowed, with a warning.
@Suite(.stretchedTimeLimit(minutes: 1)) struct BindWarningTests {
    static func log(host: String, viewerToken: String?) throws -> [String] {
        let lines = Mutex<[String]>([])
        var configuration = ServerConfiguration(host: host, port: 0, log: { line in lines.withLock { $0.append(line) } })
        configuration.viewerToken = viewerToken
        let server = try LiveServer.start(Site(channels: [SyntheticChannel()], index: { _ in [] }), configuration: configuration)
        defer { server.stop() }
        return lines.withLock { $0 }.filter { $0.hasPrefix("warning") }.map {
            $0.replacingOccurrences(of: ":\(server.port) ", with: ":PORT ")
        }
    }

    @Test func everyInterfaceWithoutAViewerTokenWarns() throws {
        #expect(
            try Self.log(host: "0.0.0.0", viewerToken: nil) == [
                "warning: 0.0.0.0:PORT is reachable beyond this machine and no viewer token is set: anyone who can connect can read "
                    + "every channel (set --viewer-token or PARLEY_VIEWER_TOKEN)"
            ])
        #expect(try Self.log(host: "0.0.0.0", viewerToken: "viewer-secret-0123456789").isEmpty)
        #expect(try Self.log(host: "127.0.0.1", viewerToken: nil).isEmpty)
        #expect(try Self.log(host: "::1", viewerToken: nil).isEmpty)
        #expect(try Self.log(host: "localhost", viewerToken: nil).isEmpty)
    }
}
