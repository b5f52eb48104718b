import CMicroHTTPD
import Glibc

/// The C callbacks given to libmicrohttpd. They run on its event-loop thread, so they do nothing
/// slow: look up cached bytes, copy queued bytes, hand work to the worker queue. (They must not
/// live in an executable's `main.swift`: top-level code is main-actor isolated there, and a call
/// from another thread traps.)
enum Callbacks {
    /// `MHD_AccessHandlerCallback`: the closure is the ``ServerCore``.
    ///
    /// The first call of a request creates its ``RequestContext`` and refuses a request whose
    /// body cannot be delimited (``MessageFraming``); otherwise the reply is queued on a later
    /// call, once the request is fully read (queuing on the first call makes libmicrohttpd
    /// close the connection instead of keeping it alive, which a refusal wants).
    static let access: MHD_AccessHandlerCallback = { closure, connection, url, method, _, upload, uploadSize, requestContext in
        guard let closure, let connection, let requestContext else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(closure).takeUnretainedValue()
        guard let existing = requestContext.pointee else {
            requestContext.pointee = Unmanaged.passRetained(RequestContext()).toOpaque()
            guard let refusal = MessageFraming(of: connection).refusal else { return .YES }
            return Responder.send(.error(refusal), on: connection, metrics: core.metrics)
        }
        let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
        if let uploadSize, uploadSize.pointee != 0 {
            let piece = UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
            context.receive(piece, limit: core.configuration.ingest?.maxBodyBytes ?? 0)
            uploadSize.pointee = 0
            return .YES
        }
        if context.isDeferred { return core.finish(context, on: connection) }
        var request = Request(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "")
        request.since = lookup(connection, .GET_ARGUMENT_KIND, "since")
        request.epoch = lookup(connection, .GET_ARGUMENT_KIND, "epoch")
        request.lastEventID = lookup(connection, .HEADER_KIND, "Last-Event-ID")
        request.ifNoneMatch = lookup(connection, .HEADER_KIND, "If-None-Match")
        request.authorization = lookup(connection, .HEADER_KIND, "Authorization")
        request.host = lookup(connection, .HEADER_KIND, "Host")
        request.token = lookup(connection, .GET_ARGUMENT_KIND, "token")
        if let viewers = core.viewers { request.viewerCookie = lookup(connection, .COOKIE_KIND, viewers.cookieName) }
        (request.body, request.bodyTooLarge) = context.body.withLock { ($0.bytes, $0.overflowed) }
        return core.begin(request, context: context, on: connection)
    }

    /// `MHD_RequestCompletedCallback`: releases the request's context; a stream's viewer gives
    /// its slot back and forgets the connection, which libmicrohttpd frees next.
    static let completed: MHD_RequestCompletedCallback = { closure, _, requestContext, _ in
        guard let closure, let pointer = requestContext?.pointee else { return }
        requestContext?.pointee = nil
        let core = Unmanaged<ServerCore>.fromOpaque(closure).takeUnretainedValue()
        let context = Unmanaged<RequestContext>.fromOpaque(pointer).takeRetainedValue()
        if let viewer = context.viewer, viewer.detach() { core.metrics.releaseViewer() }
    }

    /// `MHD_ContentReaderCallback` of an event stream: the closure is the ``Viewer``.
    static let readStream: MHD_ContentReaderCallback = { closure, _, buffer, capacity in
        guard let closure, let buffer else { return parley_mhd_end_with_error() }
        let viewer = Unmanaged<Viewer>.fromOpaque(closure).takeUnretainedValue()
        return viewer.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
    }

    /// `MHD_ContentReaderFreeCallback` of an event stream: drops the response's hold on the viewer.
    static let releaseStream: MHD_ContentReaderFreeCallback = { closure in
        guard let closure else { return }
        Unmanaged<Viewer>.fromOpaque(closure).release()
    }

    /// `MHD_LogCallback`: formats libmicrohttpd's message; counts a send cut off by a closed
    /// connection (``LibraryLogMessage``), passes any other message to the configured log.
    static let log: MHD_LogCallback = { closure, format, arguments in
        guard let closure, let format, let arguments else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(closure).takeUnretainedValue()
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let message = LibraryLogMessage(String(decoding: bytes, as: UTF8.self))
        guard !message.isClosedConnection else {
            core.metrics.sendsCutOff.add(1, ordering: .relaxed)
            return
        }
        core.configuration.log("libmicrohttpd: " + message.text)
    }

    private static func lookup(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
        MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
    }
}
