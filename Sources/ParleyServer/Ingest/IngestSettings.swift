/// How `POST /c/{channel}/events` accepts bodies: the bearer token it requires and the largest
/// body it reads. What happens to an accepted body is the site's ``IngestEndpoint``.
public struct IngestSettings: Sendable {
    /// The secret a poster sends as `Authorization: Bearer TOKEN`; compared in constant time. At
    /// least 16 bytes of visible ASCII (see ``isUsable(_:)``).
    public var token: String
    /// The largest request body read, in bytes; a bigger one gets `413`.
    public var maxBodyBytes: Int

    /// Ingest guarded by `token`, reading bodies up to `maxBodyBytes` (default 1 MiB).
    public init(token: String, maxBodyBytes: Int = 1 << 20) {
        self.token = token
        self.maxBodyBytes = maxBodyBytes
    }

    /// Whether `header` (an `Authorization` value) is `Bearer TOKEN` with the token (the scheme
    /// in any letter case, see ``BearerCredentials``). The comparison takes the same time for
    /// every header of the token's length (no early exit on a mismatch).
    func authorizes(_ header: String?) -> Bool {
        guard let given = BearerCredentials.token(in: header) else { return false }
        return SecretComparison.matches(given, token)
    }

    /// Whether `token` is at least 16 bytes of visible ASCII (RFC 6750 § 2.1 `b64token`
    /// characters are a subset), as the viewer token must be: a shorter secret can be guessed.
    package static func isUsable(_ token: String) -> Bool {
        token.utf8.count >= 16 && token.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
