import Synchronization

/// The state of one request, retained in libmicrohttpd's per-request pointer from the access
/// handler's first call until the request-completed callback.
///
/// A request answered off the HTTP library's thread is *deferred*: its connection is suspended
/// while a worker renders the reply or opens the stream, then resumed to send the outcome.
final class RequestContext: Sendable {
    /// What the worker produced.
    enum Outcome: Sendable {
        case reply(Reply)
        case stream(Viewer)
    }

    let outcome = Mutex<Outcome?>(nil)
    /// The body read so far (uploads arrive in pieces on the HTTP library's thread), and whether
    /// it outgrew its limit.
    let body = Mutex<(bytes: [UInt8], overflowed: Bool)>(([], false))
    private let deferred = Atomic<Bool>(false)

    /// Whether the request was handed to a worker (set once, on the HTTP library's thread).
    var isDeferred: Bool {
        get { deferred.load(ordering: .relaxed) }
        set { deferred.store(newValue, ordering: .relaxed) }
    }

    /// The viewer of a stream outcome, if any.
    var viewer: Viewer? {
        outcome.withLock { outcome in
            if case let .stream(viewer) = outcome { return viewer }
            return nil
        }
    }

    /// Keeps `piece` of the body, unless the body would exceed `limit` bytes: then it is
    /// dropped and the body marked overflowed.
    func receive(_ piece: UnsafeRawBufferPointer, limit: Int) {
        body.withLock { body in
            guard !body.overflowed, body.bytes.count + piece.count <= limit else {
                body = ([], true)
                return
            }
            body.bytes.append(contentsOf: piece)
        }
    }
}
