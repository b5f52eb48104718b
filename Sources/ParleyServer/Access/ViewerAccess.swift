/// Keeps pages, streams, older messages and metrics for holders of the viewer token
/// (`--viewer-token`, `PARLEY_VIEWER_TOKEN`), like Jupyter's token login.
///
/// A viewer opens the address once with `?token=TOKEN`; the server answers a page request with
/// `303 See Other` to the same address without the token and sets an `HttpOnly`,
/// `SameSite=Lax` cookie holding it, so the token leaves the address bar and history, and the
/// page's stream and "load older" requests (same origin) carry the cookie. Scripts and
/// scrapers may send `Authorization: Bearer TOKEN` instead (the scheme in any letter case).
/// The cookie's name carries the port: servers on one host keep separate cookies. Comparisons
/// take constant time.
struct ViewerAccess: Sendable {
    /// What to do with a request for a guarded route.
    enum Decision: Equatable, Sendable {
        /// Serve it.
        case allowed
        /// Redirect to `location` (the address without the token) and set the cookie.
        case redirect(location: String)
        /// Refuse it with ``RouteError/viewerUnauthorized``.
        case denied
    }

    /// The secret.
    let token: String
    /// The cookie's name: `parley_viewer_PORT`.
    let cookieName: String

    init(token: String, port: Int) {
        self.token = token
        cookieName = "parley_viewer_\(port)"
    }

    /// The `Set-Cookie` value that lets the browser in (a session cookie for every path).
    var setCookie: String { "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Lax" }

    /// Decides on `request`, a request for a guarded route; `isPage` for the HTML pages a
    /// person opens (`/`, `/c/{channel}`), which a valid `?token=` redirects.
    func decide(_ request: Request, isPage: Bool) -> Decision {
        if let cookie = request.viewerCookie, SecretComparison.matches(cookie, token) { return .allowed }
        if let given = BearerCredentials.token(in: request.authorization), SecretComparison.matches(given, token) { return .allowed }
        guard let given = request.token, SecretComparison.matches(given, token) else { return .denied }
        guard isPage else { return .allowed }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map {
            PathSegment.encoded(String($0))
        }
        return .redirect(location: segments.joined(separator: "/"))
    }

    /// Whether `token` can travel in a cookie unquoted (RFC 6265 § 4.1.1 `cookie-octet`: visible
    /// ASCII except `"` `,` `;` `\`) and is at least 16 bytes.
    static func isUsable(_ token: String) -> Bool {
        token.utf8.count >= 16
            && token.utf8.allSatisfy { byte in
                (0x21...0x7E).contains(byte) && byte != 0x22 && byte != 0x2C && byte != 0x3B && byte != 0x5C
            }
    }
}
