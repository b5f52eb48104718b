/// The headers sent with every reply and stream of the live server.
///
/// - `Content-Security-Policy`: only the server's own scripts, styles and connections (no
///   `unsafe-inline`, no `unsafe-eval`), images and media also from `https:` (exports link to
///   their CDNs), no plugins, no `<base>`, no forms, no framing. The live page's markup has no
///   inline script, style or event handler (see `Templates/live-page.html`).
/// - `X-Content-Type-Options: nosniff`: browsers use the declared `Content-Type`.
/// - `Referrer-Policy: no-referrer`: links out of a transcript reveal neither its address nor
///   a viewer token.
enum SecurityHeaders {
    /// The policy (CSP Level 3).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' https: data:; "
        + "media-src 'self' https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Every header, in the order sent.
    static let all: [Reply.Header] = [
        Reply.Header(name: "Content-Security-Policy", value: contentSecurityPolicy),
        Reply.Header(name: "X-Content-Type-Options", value: "nosniff"),
        Reply.Header(name: "Referrer-Policy", value: "no-referrer"),
    ]
}
