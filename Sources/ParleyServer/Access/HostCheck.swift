import Glibc

/// Refuses requests whose `Host` header names a host the server was not bound to: the defence
/// against DNS rebinding, where a hostile page re-points its own name at 127.0.0.1 and its
/// scripts then read the server as same-origin (they send that name as `Host`).
///
/// Accepted: IP address literals (a rebinding needs a name), `localhost`, the `--host` name,
/// the machine's name when bound to every interface (`0.0.0.0`, `::`), and the names given with
/// `--allowed-hosts` (`*` accepts every host, e.g. behind a proxy that checks it). A request
/// without `Host` (HTTP/1.0; browsers always send it) is accepted. Names compare ASCII
/// case-insensitively, without the port and a trailing dot.
struct HostCheck: Sendable {
    /// The accepted names besides IP literals, lowercased, in the order the refusal lists them.
    let names: [String]
    /// Whether every host is accepted.
    let acceptsAny: Bool

    /// - Parameters:
    ///   - boundHost: the `--host` value.
    ///   - isWildcard: whether the server listens on every interface.
    ///   - allowed: extra accepted names; `*` accepts all.
    ///   - machineName: this machine's name (`gethostname`), accepted with a wildcard bind.
    init(boundHost: String, isWildcard: Bool, allowed: [String], machineName: String? = HostCheck.machineName()) {
        var names = ["localhost"]
        if !Self.isIPLiteral(boundHost) { names.append(Self.normalized(boundHost)) }
        if isWildcard, let machineName { names.append(Self.normalized(machineName)) }
        names += allowed.filter { $0 != "*" }.map(Self.normalized)
        var seen = Set<String>()
        self.names = names.filter { !$0.isEmpty && seen.insert($0).inserted }
        acceptsAny = allowed.contains("*")
    }

    /// Nil when `header` (the `Host` value) is accepted, else ``RouteError/foreignHost(_:accepted:)``.
    func refusal(for header: String?) -> RouteError? {
        guard let header, !acceptsAny else { return nil }
        guard let name = Self.hostName(of: header) else { return .foreignHost(header, accepted: names) }
        if Self.isIPLiteral(name) || names.contains(name) { return nil }
        return .foreignHost(header, accepted: names)
    }

    /// The host of a `Host` value (RFC 9110 § 7.2: `uri-host [ ":" port ]`), lowercased, without
    /// brackets around an IPv6 literal and without a trailing dot; nil when malformed.
    static func hostName(of header: String) -> String? {
        var value = Substring(header.trimmingSpaces)
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            value = value[value.index(after: value.startIndex)..<close]
        } else if let colon = value.lastIndex(of: ":") {
            guard value[value.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            value = value[..<colon]
        }
        let name = normalized(String(value))
        let allowed = name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x2E || byte == 0x3A || byte == 0x5F
        }
        return allowed && !name.isEmpty ? name : nil
    }

    /// Whether `name` is an IPv4 or IPv6 address literal (`inet_pton`).
    static func isIPLiteral(_ name: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET, name, &buffer) == 1 || inet_pton(AF_INET6, name, &buffer) == 1
    }

    /// This machine's name, or nil when `gethostname` fails.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }
}
