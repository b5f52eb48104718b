/// One message of libmicrohttpd's error log (`MHD_OPTION_EXTERNAL_LOGGER`), sorted into what a
/// person should read and what is only counted.
///
/// A viewer closing its tab cuts its event stream off while the server writes to it; libmicrohttpd
/// 0.9.75 then logs `Failed to send the chunked response body for the request for `/c/…'.
/// Error: The connection was forcibly closed by remote peer` (or `The socket is no longer
/// available for sending`, `The socket is not connected`). That is normal, so such a message is
/// counted (`parley_sends_cut_off_total`) instead of printed; every other message is printed.
struct LibraryLogMessage: Equatable, Sendable {
    /// The message without its trailing line feeds.
    let text: String

    /// The beginnings of libmicrohttpd's messages for a failed send of a response.
    static let failedSends = [
        "Failed to send the chunked response body ", "Failed to send the response body ", "Failed to send the response headers ",
        "Failed to send the footers ",
    ]

    /// libmicrohttpd's reasons (`str_conn_error_`) that mean the peer closed the connection, or
    /// the server shut it down (a viewer dropped for falling behind).
    static let closedConnectionReasons = [
        "Error: The connection was forcibly closed by remote peer", "Error: The socket is no longer available for sending",
        "Error: The socket is not connected",
    ]

    /// The message `formatted` by the logger, trailing line feeds removed.
    init(_ formatted: String) {
        var text = formatted
        while text.hasSuffix("\n") { text.removeLast() }
        self.text = text
    }

    /// Whether the message reports a response cut off because its connection closed.
    var isClosedConnection: Bool {
        Self.failedSends.contains { text.hasPrefix($0) } && Self.closedConnectionReasons.contains { text.hasSuffix($0) }
    }
}
