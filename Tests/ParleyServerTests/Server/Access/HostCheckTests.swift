import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

@testable import ParleyServer

/// The `Host` check against DNS rebinding: parsing, the accepted names, and refusals over HTTP.
@Suite(.stretchedTimeLimit(minutes: 1)) struct HostCheckTests {
    @Test func hostNamesLoseThePortBracketsCaseAndTrailingDot() {
        #expect(HostCheck.hostName(of: "LocalHost:8080") == "localhost")
        #expect(HostCheck.hostName(of: "example.org.") == "example.org")
        #expect(HostCheck.hostName(of: "[::1]:8080") == "::1")
        #expect(HostCheck.hostName(of: "[::1]") == "::1")
        #expect(HostCheck.hostName(of: "127.0.0.1") == "127.0.0.1")
        #expect(HostCheck.hostName(of: "evil.example:80x") == nil)
        #expect(HostCheck.hostName(of: "[::1") == nil)
        #expect(HostCheck.hostName(of: "a b") == nil)
        #expect(HostCheck.hostName(of: "") == nil)
        #expect(HostCheck.hostName(of: "user@host") == nil)
    }

    @Test func loopbackBindAcceptsLocalhostAndAddressesOnly() {
        let check = HostCheck(boundHost: "127.0.0.1", isWildcard: false, allowed: [], machineName: "box")
        #expect(check.names == ["localhost"])
        for accepted in [nil, "127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "10.0.0.7", "localhost."] {
            #expect(check.refusal(for: accepted) == nil, "\(accepted ?? "no Host")")
        }
        #expect(check.refusal(for: "box:8080") == .foreignHost("box:8080", accepted: ["localhost"]))
        #expect(check.refusal(for: "attacker.example:8080") == .foreignHost("attacker.example:8080", accepted: ["localhost"]))
        #expect(check.refusal(for: "127.0.0.1.attacker.example") != nil)
    }

    @Test func namedAndWildcardBindsAcceptTheirNamesAndTheAllowedOnes() {
        let named = HostCheck(boundHost: "Chat.Example.", isWildcard: false, allowed: ["proxy.example"], machineName: "box")
        #expect(named.names == ["localhost", "chat.example", "proxy.example"])
        #expect(named.refusal(for: "chat.example") == nil)
        #expect(named.refusal(for: "proxy.example:443") == nil)
        #expect(named.refusal(for: "box") != nil)
        let wildcard = HostCheck(boundHost: "0.0.0.0", isWildcard: true, allowed: [], machineName: "Box")
        #expect(wildcard.names == ["localhost", "box"])
        #expect(wildcard.refusal(for: "box:8080") == nil)
        let any = HostCheck(boundHost: "127.0.0.1", isWildcard: false, allowed: ["*"], machineName: nil)
        #expect(any.refusal(for: "anything.example") == nil)
    }

    @Test func aForeignHostIsRefusedOverHTTPWithTheReason() throws {
        let server = try ServerFixture.tiny()
        defer { server.stop() }
        let refused = try HTTPTestResponse.get("/c/c1", port: server.port, headers: ["Host": "rebind.attacker.example:\(server.port)"])
        #expect(refused.status == 403)
        #expect(
            refused.text
                == "Host 'rebind.attacker.example:\(server.port)' is not a name this server answers to (expected an IP address or "
                + "localhost); to accept it, start parley serve with --allowed-hosts\n")
        #expect(try HTTPTestResponse.get("/c/c1", port: server.port, headers: ["Host": "localhost:\(server.port)"]).status == 200)
        let socket = try TestSocket(port: server.port)
        socket.get("/c/c1/events?since=0", headers: ["Host": "rebind.attacker.example"])
        #expect(try HTTPTestResponse.read(from: socket).status == 403, "streams are checked too")
    }

    @Test func allowedHostsAreAccepted() throws {
        let server = try ServerFixture.start([SyntheticChannel()]) { $0.allowedHosts = ["chat.example"] }
        defer { server.stop() }
        #expect(try HTTPTestResponse.get("/", port: server.port, headers: ["Host": "chat.example"]).status == 200)
        #expect(try HTTPTestResponse.get("/", port: server.port, headers: ["Host": "other.example"]).status == 403)
    }
}
