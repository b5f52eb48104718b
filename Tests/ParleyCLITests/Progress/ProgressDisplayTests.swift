import Testing

@testable import ParleyCLI

/// The progress line's throttle and its clearing, on a fake clock (times given to each call).
@Suite("Progress display")
struct ProgressDisplayTests {
    static func line(pages: Int) -> ProgressLine { ProgressLine(phase: .rendering, messages: 9, pages: pages, total: 9) }

    @Test("ten updates within 100 ms draw once; the next one 100 ms after the draw draws again")
    func throttle() {
        var display = ProgressDisplay("", isEnabled: true)
        let drawn = (0..<10).map { display.show(Self.line(pages: $0), at: .milliseconds(5 + 10 * $0)) }
        #expect(drawn == [true] + Array(repeating: false, count: 9))
        #expect(display.base == "\rrendering · 9 messages · 0 pages · 0:00\u{1B}[K")
        let early = display.show(Self.line(pages: 10), at: .milliseconds(104))
        let due = display.show(Self.line(pages: 11), at: .milliseconds(105))
        #expect(!early)
        #expect(due)
        #expect(display.base.filter { $0 == "\r" }.count == 2)
        #expect(display.base.hasSuffix("\rrendering · 9 messages · 11 pages · 0:00\u{1B}[K"))
    }

    @Test("a forced draw (a new phase) ignores the throttle")
    func forced() {
        var display = ProgressDisplay("", isEnabled: true)
        display.show(Self.line(pages: 1), at: .zero)
        let forced = display.show(Self.line(pages: 2), at: .milliseconds(1), force: true)
        #expect(forced)
        #expect(display.base.filter { $0 == "\r" }.count == 2)
    }

    @Test("other text clears the line first, once; clearing with no line shown writes nothing")
    func clearsBeforeText() {
        var display = ProgressDisplay("", isEnabled: true)
        display.clear()
        #expect(display.base == "")
        display.show(Self.line(pages: 1), at: .zero)
        display.write("parley: warning: x\n")
        display.write("more\n")
        #expect(display.base == "\rrendering · 9 messages · 1 page · 0:00\u{1B}[K\r\u{1B}[Kparley: warning: x\nmore\n")
    }

    @Test("disabled (not a terminal, or -q): no line, no control, text passed through")
    func disabled() {
        var display = ProgressDisplay("", isEnabled: false)
        let drawn = display.show(Self.line(pages: 1), at: .zero, force: true)
        #expect(!drawn)
        display.write("parley: warning: x\n")
        display.clear()
        #expect(display.base == "parley: warning: x\n")
    }
}
