import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

/// Each descriptor is closed once, by its owner, after its last user: closing a number twice,
/// or while libmicrohttpd's threads still use it, closes whatever socket took the number in
/// between (libmicrohttpd then aborts with "Close socket failed").
@Suite(.stretchedTimeLimit(minutes: 1)) struct DescriptorOwnershipTests {
    /// The descriptor of this process bound to local `port` with no peer: the listening socket.
    static func listeningDescriptor(port: Int) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap { Int32($0) }.first { descriptor in
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET), Int(UInt16(bigEndian: address.sin_port)) == port else {
                return false
            }
            var peer = sockaddr_in()
            var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let connected = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &peerLength) }
            }
            return connected != 0 && errno == ENOTCONN
        }
    }

    /// While stop waits for a stalled stream, the listening socket refuses connections but stays
    /// open (libmicrohttpd may still use it); it is closed once the daemon is gone.
    @Test func theListeningSocketIsClosedOnlyAfterTheDaemonStops() throws {
        let channel = SyntheticChannel(padding: 32_000)
        let server = try ServerFixture.start([channel]) { $0.viewerBufferLimit = 16 << 20 }
        let port = server.port
        #expect(Self.listeningDescriptor(port: port) != nil)
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        let stalled = try EventStreamClient(port: port, path: "/c/s1/events?since=0", receiveBuffer: 4096)
        #expect(try stalled.next()?.lines == ["retry: 2000"])
        for _ in 0..<200 { try channel.advance(on: broadcaster) }
        let stopped = Atomic<Bool>(false)
        let stopper = Thread {
            server.stop(grace: .seconds(2))
            stopped.store(true, ordering: .releasing)
        }
        stopper.start()
        usleep(500_000)
        let stoppedEarly = stopped.load(ordering: .acquiring)
        #expect(!stoppedEarly, "stop waits for the stalled stream")
        #expect(throws: TestSocket.Failure.self) { try TestSocket(port: port) }
        #expect(Self.listeningDescriptor(port: port) != nil, "still open while the daemon runs")
        try eventually("stop to return once the stalled stream is dropped") { stopped.load(ordering: .acquiring) }
        #expect(Self.listeningDescriptor(port: port) == nil)
    }

    /// A client socket whose connect fails closes its descriptor once: another thread's pipe,
    /// which may take the number at once, keeps working.
    @Test func aFailedConnectClosesItsDescriptorOnce() throws {
        let server = try ServerFixture.start([SyntheticChannel()])
        let port = server.port
        server.stop()
        let done = Atomic<Bool>(false)
        let broken = Atomic<Int>(0)
        let piping = Thread {
            while !done.load(ordering: .relaxed) {
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { continue }
                var byte: UInt8 = 7
                if write(ends[1], &byte, 1) != 1 || read(ends[0], &byte, 1) != 1 { broken.add(1, ordering: .relaxed) }
                close(ends[0])
                close(ends[1])
            }
        }
        piping.start()
        for _ in 0..<3000 {
            #expect(throws: TestSocket.Failure.cannotConnect(port: port, errno: ECONNREFUSED)) { try TestSocket(port: port) }
        }
        done.store(true, ordering: .relaxed)
        let brokenPipes = broken.load(ordering: .relaxed)
        #expect(brokenPipes == 0)
    }
}
