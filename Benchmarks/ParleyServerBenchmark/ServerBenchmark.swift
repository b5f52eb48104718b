import Foundation
import ParleyServer

/// The server side of `make bench-server`: serves one synthetic channel on loopback, waits for
/// the load client's viewers, measures resident memory with them idle, then publishes batches at
/// a steady rate and measures its CPU time. Prints `port P` first, then one `server …` line.
///
/// usage: ParleyServerBenchmark --viewers N [--rate PER_SECOND] [--seconds S] [--size BYTES] [--loops THREADS]
enum ServerBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        var options: [String: Int] = ["viewers": 100, "rate": 50, "seconds": 10, "size": 400, "loops": 1]
        var index = 0
        while index + 1 < arguments.count, arguments[index].hasPrefix("--"), let value = Int(arguments[index + 1]) {
            options[String(arguments[index].dropFirst(2))] = value
            index += 2
        }
        let viewers = options["viewers"]!, rate = options["rate"]!, seconds = options["seconds"]!, size = options["size"]!
        let channel = BenchChannel()
        let server: LiveServer
        do {
            server = try LiveServer.start(
                Site(channels: [channel], index: { _ in Array("<!DOCTYPE html><title>bench</title>".utf8) }),
                configuration: ServerConfiguration(port: 0, maxViewers: viewers, eventLoops: options["loops"]!, maxConnectionsPerIP: 0))
        } catch {
            FileHandle.standardError.write(Data("bench: \(error.description)\n".utf8))
            return 69
        }
        defer { server.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        let baseline = residentKiB()
        say("port \(server.port)")
        let waitLimit = Date().addingTimeInterval(120)
        while server.metrics.viewerCount < viewers, Date() < waitLimit { Thread.sleep(forTimeInterval: 0.01) }
        guard server.metrics.viewerCount >= viewers else {
            FileHandle.standardError.write(Data("bench: only \(server.metrics.viewerCount) of \(viewers) viewers connected\n".utf8))
            return 1
        }
        Thread.sleep(forTimeInterval: 1)
        let idle = residentKiB()
        let broadcaster = server.broadcaster(for: channel.id)!
        let start = Date(), cpuStart = cpuSeconds()
        for batch in 1...(rate * seconds) {
            let due = start.addingTimeInterval(Double(batch) / Double(rate))
            let wait = due.timeIntervalSinceNow
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            try? channel.publishNext(on: broadcaster, size: size)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let wall = Date().timeIntervalSince(start), cpu = cpuSeconds() - cpuStart
        let perViewer = Double(idle - baseline) * 1024 / Double(viewers)
        let line = [
            "server viewers=\(viewers) batches=\(rate * seconds) rss_baseline_kib=\(baseline) rss_idle_kib=\(idle)",
            String(format: "rss_per_idle_viewer_bytes=%.0f cpu_percent=%.1f", perViewer, cpu / wall * 100),
            "dropped=\(server.metrics.droppedViewerCount) send_p50_le_ms=\(quantile(0.5, server.metrics.sendLatency))",
            "send_p99_le_ms=\(quantile(0.99, server.metrics.sendLatency))",
        ]
        say(line.joined(separator: " "))
        return 0
    }

    /// The upper bound, in milliseconds, of the histogram bucket holding quantile `q` (`+Inf` past the last).
    static func quantile(_ q: Double, _ histogram: LatencyHistogram) -> String {
        let counts = histogram.cumulativeCounts
        let rank = Int((Double(counts.last ?? 0) * q).rounded(.up))
        guard let bucket = counts.firstIndex(where: { $0 >= rank }), bucket < histogram.bounds.count else { return "+Inf" }
        return String(histogram.bounds[bucket] * 1000)
    }

    /// Writes `line` and a newline to standard output at once (the script reads it while we run).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// `VmRSS` of `/proc/self/status`, in KiB.
    static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }

    /// User plus system CPU time of the process so far, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
