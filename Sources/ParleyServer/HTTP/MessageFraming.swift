import CMicroHTTPD

/// How a request says where its body ends (RFC 9112 § 6): the `Content-Length` and
/// `Transfer-Encoding` headers it carries, checked before its body is read.
///
/// libmicrohttpd 0.9.75 frames a body by the first `Content-Length` when there are several, by
/// `Transfer-Encoding` when both are present, and reads a body in an unknown transfer coding
/// until the connection closes, never answering. A proxy in front may frame the same bytes
/// differently (request smuggling), so such requests are refused and their connection closed:
/// two `Content-Length` headers, `Content-Length` with `Transfer-Encoding`, or two
/// `Transfer-Encoding` headers get `400`; a coding other than `chunked` alone gets `501`
/// (RFC 9112 § 6.1). Bare LF line ends and obsolete line folding are accepted, as RFC 9112
/// § 2.2 and § 5.2 allow a server to.
struct MessageFraming: Equatable, Sendable {
    /// How many `Content-Length` headers the request has.
    var contentLengths: Int
    /// How many `Transfer-Encoding` headers the request has.
    var transferEncodings: Int
    /// The first `Transfer-Encoding` value, if any.
    var transferCoding: String?

    /// The framing headers of `connection`'s request (read in the access handler's first call).
    init(of connection: OpaquePointer) {
        contentLengths = Int(parley_mhd_header_count(connection, "Content-Length"))
        transferEncodings = Int(parley_mhd_header_count(connection, "Transfer-Encoding"))
        transferCoding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding").map { String(cString: $0) }
    }

    /// Framing headers given directly (for tests).
    init(contentLengths: Int, transferEncodings: Int, transferCoding: String?) {
        self.contentLengths = contentLengths
        self.transferEncodings = transferEncodings
        self.transferCoding = transferCoding
    }

    /// Nil when the body's end is unambiguous, else ``RouteError/ambiguousFraming`` or
    /// ``RouteError/unsupportedTransferCoding(_:)``.
    var refusal: RouteError? {
        if contentLengths > 1 || transferEncodings > 1 || (contentLengths > 0 && transferEncodings > 0) { return .ambiguousFraming }
        guard let transferCoding else { return nil }
        let coding = transferCoding.trimmingSpaces
        return coding.lowercased() == "chunked" ? nil : .unsupportedTransferCoding(coding)
    }
}
