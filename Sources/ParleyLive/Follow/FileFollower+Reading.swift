import Foundation
import Glibc

extension FileFollower {
    /// The follower's thread: reads what is there, then waits for inotify events and reads again.
    func run() {
        readAvailable()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let descriptor = state.withLock(\.inotify)
        defer { close(descriptor) }
        while !state.withLock(\.stopped) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            readAvailable()
        }
    }

    /// Reads the bytes past the offset, delivers complete lines, and handles truncation and
    /// replacement.
    func readAvailable() {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let (inode, offset) = state.withLock { ($0.inode, $0.offset) }
        if info.st_ino != inode || info.st_size < offset {
            handler(info.st_ino != inode ? .replaced : .truncated)
            state.withLock { state in
                state.inode = info.st_ino
                state.offset = 0
                state.lineNumber = 0
                state.pending = []
            }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            handler(.failed("\(path): cannot open: \(String(cString: strerror(errno)))"))
            return
        }
        defer { try? handle.close() }
        let start = state.withLock(\.offset)
        do {
            try handle.seek(toOffset: UInt64(start))
            let data = try handle.readToEnd() ?? Data()
            deliver(Array(data))
        } catch {
            handler(.failed("\(path): cannot read: \(error.localizedDescription)"))
        }
    }

    private func deliver(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let lines = state.withLock { state -> [(String, Int)] in
            state.offset += bytes.count
            state.pending += bytes
            var lines: [(String, Int)] = []
            while let newline = state.pending.firstIndex(of: 0x0A) {
                var line = Array(state.pending[..<newline])
                if line.last == 0x0D { line.removeLast() }
                state.pending.removeSubrange(...newline)
                state.lineNumber += 1
                lines.append((String(decoding: line, as: UTF8.self), state.lineNumber))
            }
            return lines
        }
        for (line, number) in lines { handler(.line(line, number: number)) }
    }
}
