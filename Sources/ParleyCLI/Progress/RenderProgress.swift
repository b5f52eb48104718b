import Foundation
import ParleyRender

/// What `parley render` is doing, as its progress line: the inputs read (messages, and bytes of
/// the inputs' total size when every input is a file), then the pages written
/// (``ArchiveProgress``), then the swap. Draws through a ``ProgressDisplay``, which throttles it;
/// times come from `ContinuousClock`.
struct RenderProgress {
    /// The line as it stands.
    private(set) var line = ProgressLine(phase: .reading)
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var phaseStart: Duration = .zero
    /// Each input's size in bytes, nil for one that is not a regular file (a folder).
    private let sizes: [Int?]
    private var inputsRead = 0

    /// - Parameter inputs: the paths of the inputs, in the order they are read.
    init(inputs: [String]) {
        start = clock.now
        sizes = inputs.map(Self.size(of:))
        line.total = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
    }

    /// The size of the regular file at `path`, else nil.
    static func size(of path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// Shows the reading phase at its start.
    mutating func begin(on display: inout ProgressDisplay<some TextOutputStream>) {
        draw(on: &display, force: true)
    }

    /// Counts one more input read, holding `messages` messages.
    mutating func inputRead(messages: Int, on display: inout ProgressDisplay<some TextOutputStream>) {
        line.messages += messages
        if inputsRead < sizes.count, line.total != nil { line.done += sizes[inputsRead] ?? 0 }
        inputsRead += 1
        draw(on: &display, force: false)
    }

    /// Follows the archive writer: a new phase is drawn at once, a page when the throttle allows.
    mutating func handle(_ event: ArchiveProgress, on display: inout ProgressDisplay<some TextOutputStream>) {
        switch event {
        case let .rendering(messages):
            begin(.rendering, total: messages)
            draw(on: &display, force: true)
        case let .pageWritten(pages, messages):
            line.pages = pages
            line.done = messages
            draw(on: &display, force: false)
        case .swapping:
            begin(.writing, total: nil)
            draw(on: &display, force: true)
        }
    }

    private mutating func begin(_ phase: ProgressLine.Phase, total: Int?) {
        phaseStart = clock.now - start
        line.phase = phase
        line.done = 0
        line.total = total
    }

    private mutating func draw(on display: inout ProgressDisplay<some TextOutputStream>, force: Bool) {
        let now = clock.now - start
        line.elapsed = now - phaseStart
        display.show(line, at: now, force: force)
    }
}
