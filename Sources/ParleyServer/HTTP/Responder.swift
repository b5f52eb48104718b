import CMicroHTTPD

/// Turns replies and streams into libmicrohttpd responses and queues them on a connection.
/// Called on the HTTP library's thread, from the access handler.
enum Responder {
    /// The content reader's preferred block size. Chunked streams (HTTP/1.1) are read straight
    /// into the connection's send buffer; only HTTP/1.0 streams use a block this big, allocated
    /// with each response, so it is kept small for the memory of an idle viewer.
    static let streamBlockSize = 512

    /// Queues `reply` on `connection`.
    static func send(_ reply: Reply, on connection: OpaquePointer, metrics: ServerMetrics) -> MHD_Result {
        let response = reply.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in reply.headers + SecurityHeaders.all { MHD_add_response_header(response, header.name, header.value) }
        metrics.bytesSent.add(reply.body.count, ordering: .relaxed)
        return MHD_queue_response(connection, UInt32(reply.status), response)
    }

    /// Queues an event stream whose body ``Viewer/read(into:)`` produces, with the stream's idle
    /// timeout of `timeoutSeconds` instead of the request's; the response holds the viewer until
    /// libmicrohttpd frees it.
    ///
    /// Proxies must pass the stream through as it comes: `no-transform` forbids them to recode
    /// or compress it, and `X-Accel-Buffering: no` turns off nginx's response buffering for it.
    static func stream(_ viewer: Viewer, on connection: OpaquePointer, timeoutSeconds: Int) -> MHD_Result {
        let context = Unmanaged.passRetained(viewer).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                parley_mhd_size_unknown(), streamBlockSize, Callbacks.readStream, context, Callbacks.releaseStream)
        else {
            Unmanaged<Viewer>.fromOpaque(context).release()
            return .NO
        }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", ServerSentEvents.contentType)
        MHD_add_response_header(response, "Cache-Control", "no-store, no-transform")
        MHD_add_response_header(response, "X-Accel-Buffering", "no")
        for header in SecurityHeaders.all { MHD_add_response_header(response, header.name, header.value) }
        parley_mhd_set_connection_timeout(connection, UInt32(timeoutSeconds))
        return MHD_queue_response(connection, 200, response)
    }
}
