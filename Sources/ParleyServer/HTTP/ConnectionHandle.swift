import CMicroHTTPD
import Glibc

/// A libmicrohttpd connection (`struct MHD_Connection *`) that other threads may suspend, resume
/// or shut down.
///
/// libmicrohttpd allows `MHD_resume_connection` from any thread. The pointer stays valid until
/// the request-completed callback; ``Viewer`` forgets it there, under its lock, so no thread
/// uses it afterwards.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The connection's socket, for ``shutDown()``.
    let socket: Int32

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        self.socket = parley_mhd_connection_socket(pointer)
    }

    /// Takes the connection out of the event loop until ``resume()``. Only from the HTTP
    /// library's thread (inside a callback).
    func suspend() { MHD_suspend_connection(pointer) }

    /// Puts a suspended connection back into the event loop; its content reader runs again.
    func resume() { MHD_resume_connection(pointer) }

    /// Shuts the socket down in both directions, so the event loop sees the connection fail and
    /// closes it, even when the peer stopped reading.
    func shutDown() {
        if socket >= 0 { Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// Resumes connections that producers woke (each moved out of ``Viewer/Phase/suspended``
    /// under its viewer's lock), in a tight loop outside every lock, so the event loop finds
    /// most of them flagged in one pass.
    static func resume(_ connections: [ConnectionHandle], metrics: ServerMetrics) {
        for connection in connections {
            connection.resume()
            metrics.suspended.subtract(1, ordering: .relaxed)
        }
    }
}
