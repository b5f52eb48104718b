/// Reads the token of an `Authorization: Bearer TOKEN` header (RFC 6750 § 2.1), for the ingest
/// token of posts and the viewer token of scripts.
///
/// The scheme is matched ASCII case-insensitively (RFC 9110 § 11.1: `bearer`, `BEARER` and
/// `Bearer` are one scheme) and may be followed by more than one space (`1*SP`).
enum BearerCredentials {
    /// The token of `header` (an `Authorization` value), or nil when the scheme is not `Bearer`
    /// or no token follows it. O(n) in the header's length.
    static func token(in header: String?) -> Substring? {
        guard let header, let space = header.firstIndex(of: " ") else { return nil }
        guard header[..<space].lowercased() == "bearer" else { return nil }
        let token = header[space...].drop { $0 == " " }
        return token.isEmpty ? nil : token
    }
}
