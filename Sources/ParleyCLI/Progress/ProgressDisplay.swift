/// Standard error with a progress line at its end: shows a ``ProgressLine`` in place, redrawn at
/// most once per ``interval``, and clears it before any other text written through it, so a
/// warning or an error never lands in the middle of the line.
///
/// The line is drawn as `\r`, its text and `ESC [ K` (clear to the end of the line); clearing
/// writes `\r ESC [ K`. When not ``isEnabled`` (standard error is not a terminal, or `-q`) it
/// only passes text through. Times are durations since any fixed start, from a monotonic clock,
/// so the throttle is pure and tests give it the times they want.
struct ProgressDisplay<Base: TextOutputStream>: TextOutputStream {
    /// Where the text and the line go.
    var base: Base
    /// Whether the line is drawn at all.
    let isEnabled: Bool
    /// The least time between two draws.
    var interval: Duration = .milliseconds(100)
    private var lastDraw: Duration?
    private var isDrawn = false

    init(_ base: Base, isEnabled: Bool) {
        self.base = base
        self.isEnabled = isEnabled
    }

    /// Draws `line` unless the last draw was less than ``interval`` before `time` (a first draw
    /// or `force` always draws).
    /// - Returns: whether it drew.
    @discardableResult
    mutating func show(_ line: ProgressLine, at time: Duration, force: Bool = false) -> Bool {
        guard isEnabled else { return false }
        if !force, let lastDraw, time - lastDraw < interval { return false }
        lastDraw = time
        isDrawn = true
        base.write("\r" + line.text + "\u{1B}[K")
        return true
    }

    /// Removes the line, if one is shown, leaving the cursor at the start of the empty line.
    mutating func clear() {
        guard isDrawn else { return }
        isDrawn = false
        base.write("\r\u{1B}[K")
    }

    /// Clears the line, then writes `string`.
    mutating func write(_ string: String) {
        clear()
        base.write(string)
    }
}
