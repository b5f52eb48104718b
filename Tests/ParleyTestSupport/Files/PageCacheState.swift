import Glibc

/// What the kernel's page cache holds of a file: its pages cached, dirty (changed, not written
/// back) and under write-back, read with Linux's cachestat(2) (Linux 6.5; syscall 451 on x86-64
/// and arm64, which Debian 12's C headers do not declare yet).
public struct PageCacheState: Equatable, Sendable {
    public var cached: UInt64
    public var dirty: UInt64
    public var underWriteBack: UInt64

    private typealias Syscall = @convention(c) (Int, Int32, UnsafeRawPointer, UnsafeMutableRawPointer, UInt32) -> Int
    private static let cachestatNumber = 451

    /// The state of the whole file at `path`; nil when the file cannot be opened or the kernel
    /// has no cachestat(2).
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // glibc's syscall(2) is variadic, which Swift cannot call; its assembly reads the
        // registers a call of fixed arity sets.
        guard let symbol = dlsym(nil, "syscall") else { return nil }
        let call = unsafeBitCast(symbol, to: Syscall.self)
        var range: (UInt64, UInt64) = (0, 0)
        var state: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        let result = withUnsafeBytes(of: &range) { range in
            withUnsafeMutableBytes(of: &state) { state in
                call(Self.cachestatNumber, descriptor, range.baseAddress!, state.baseAddress!, 0)
            }
        }
        guard result == 0 else { return nil }
        (cached, dirty, underWriteBack) = (state.0, state.1, state.2)
    }
}
