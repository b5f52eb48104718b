import ParleyHTML
import Testing

/// `URLPolicy.sanitize`: leading controls and spaces are dropped, tabs and line breaks dropped
/// wherever they stand (as browsers' URL parsers do), then only `http`, `https` and `mailto`
/// schemes or relative references that are not scheme-relative are kept.
@Suite struct URLPolicyTests {
    static let cases: [(String, String?)] = [
        ("https://a.example/x", "https://a.example/x"), ("HTTPS://A.example", "HTTPS://A.example"),
        ("MAILTO:x@y.example", "MAILTO:x@y.example"), (" \u{1}https://a.example", "https://a.example"),
        ("https://a.example/\nx\ty\r", "https://a.example/xy"), ("java\tscript:alert(1)", nil), ("javascript:alert(1)", nil),
        ("jav\nascript:alert(1)", nil), ("data:text/html,x", nil), ("//evil.example/x", nil), ("\t//evil.example", nil),
        ("relative/path?q=1", "relative/path?q=1"), ("#top", "#top"), ("", nil), (" \t\n", nil), ("a b", "a b"),
    ]

    @Test func keepsOnlyAllowedSchemesAndCleansAsBrowsersDo() {
        for (url, expected) in Self.cases {
            #expect(URLPolicy.sanitize(url) == expected, "\(url.debugDescription)")
        }
    }
}
