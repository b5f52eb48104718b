import ParleyTestSupport
import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit of `minutes`, stretched ``Sanitizer/slowdown`` times under a sanitizer, as
    /// ``eventually(_:timeout:sourceLocation:_:)`` stretches its waits: a sanitizer build runs
    /// several times slower, and its tests run side by side with others spawning `parley`.
    package static func stretchedTimeLimit(minutes: Int) -> Self {
        .timeLimit(.minutes(Int((Double(minutes) * Sanitizer.slowdown).rounded(.up))))
    }
}
