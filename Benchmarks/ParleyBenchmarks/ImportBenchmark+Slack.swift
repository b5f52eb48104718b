import Foundation
import ParleyModel
import ParleyTestSupport

extension ImportBenchmark {
    /// A Slack export folder: `users.json`, `channels.json` and `CHANNEL/YYYY-MM-DD.json` day files
    /// with `messages` messages in all, about 300 a day in blocks of 10 per channel; each block starts
    /// with a thread of two replies (on the next day's file when the day ends), one in 7 has a
    /// reaction, one in 25 mentions a user and links, one in 40 is edited.
    static func writeSlackExport(to folder: URL, messages count: Int) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let users = authors.enumerated().map { index, name in
            [
                "id": "U\(1000 + index)", "name": name.lowercased().replacingOccurrences(of: " ", with: "."), "real_name": name,
                "profile": ["display_name": name.components(separatedBy: " ")[0], "real_name": name],
            ] as [String: Any]
        }
        let channels = ["general", "random", "engineering"]
        let channelList = channels.enumerated().map { index, name in
            [
                "id": "C\(100 + index)", "name": name, "created": 1_600_000_000, "members": users.map { $0["id"]! },
                "topic": ["value": "", "creator": "", "last_set": 0], "purpose": ["value": "", "creator": "", "last_set": 0],
            ] as [String: Any]
        }
        try JSONSerialization.data(withJSONObject: users).write(to: folder.appendingPathComponent("users.json"))
        try JSONSerialization.data(withJSONObject: channelList).write(to: folder.appendingPathComponent("channels.json"))
        var random = SeededRandom(seed: 9)
        var days: [String: [String: [[String: Any]]]] = [:]
        var seconds = Int64(1_700_000_000)
        var root = ""
        for index in 0..<count {
            seconds += Int64(random.next() % 560)
            let channel = channels[index / 10 % channels.count]
            let ts = "\(seconds).\(ImportBenchmark.pad(index % 1_000_000, 6))"
            var message: [String: Any] = [
                "type": "message", "user": "U\(1000 + Int(random.next() % UInt64(authors.count)))", "text": sentence(&random), "ts": ts,
            ]
            if index % 10 == 0 {
                message["thread_ts"] = ts
                root = ts
            }
            if index % 10 == 1 || index % 10 == 2 { message["thread_ts"] = root }
            if index % 7 == 0 { message["reactions"] = [["name": "+1", "users": ["U1000"], "count": 1]] }
            if index % 40 == 0 { message["edited"] = ["user": message["user"]!, "ts": "\(seconds + 30).000000"] }
            if index % 25 == 0 { message["text"] = "<@U1001> \(message["text"]!) <https://example.org/\(index)|link>" }
            let day = LocalDate(daysSinceEpoch: seconds / 86_400).isoString
            days[channel, default: [:]][day, default: []].append(message)
        }
        for (channel, files) in days {
            let channelFolder = folder.appendingPathComponent(channel)
            try manager.createDirectory(at: channelFolder, withIntermediateDirectories: true)
            for (day, messages) in files {
                try JSONSerialization.data(withJSONObject: messages).write(to: channelFolder.appendingPathComponent("\(day).json"))
            }
        }
    }
}
