import Testing

/// A hand-checked table row: markup in, HTML out.
struct FormatCase: CustomTestStringConvertible, Sendable {
    let input: String
    let html: String

    init(_ input: String, _ html: String) {
        self.input = input
        self.html = html
    }

    var testDescription: String { input.debugDescription }
}
