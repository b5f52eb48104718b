import Foundation

/// Path checks and conversions for local media references.
enum MediaPaths {
    /// The real path of a readable file for `reference` inside one of `folders`, or the problem.
    ///
    /// Backslashes are read as `/` (DiscordChatExporter writes Windows paths). A percent-encoded
    /// reference is tried decoded when the literal path does not exist.
    /// - Returns: nil when the reference is a URL of a scheme that names no file (`javascript:`,
    ///   `data:`, `ftp:`): nothing to copy or link, and nothing to report.
    static func locate(_ reference: String, in folders: [URL]) -> Result<String, MediaProblem>? {
        let path = reference.replacingOccurrences(of: "\\", with: "/")
        let refuse = { (reason: MediaProblem.Reason) in
            Result<String, MediaProblem>.failure(MediaProblem(reference: reference, reason: reason))
        }
        if let scheme = scheme(of: path), scheme.count > 1, scheme != "file" { return nil }
        if path.hasPrefix("/") || scheme(of: path) != nil { return refuse(.absolutePath) }
        let candidates = Self.candidates(reference)
        for candidate in candidates where candidate.split(separator: "/").contains("..") || candidate.hasPrefix("/") {
            return refuse(candidate.hasPrefix("/") ? .absolutePath : .leavesInputFolder)
        }
        for folder in folders {
            guard let base = realPath(folder.path) else { continue }
            for candidate in candidates {
                let full = folder.appendingPathComponent(candidate).path
                guard let real = realPath(full) else { continue }
                guard real.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
                    return refuse(.symlinkLeavesInputFolder(target: real))
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                return .success(real)
            }
        }
        return refuse(.missing)
    }

    /// The paths a reference may name, `\` read as `/`: the reference itself, then — when it
    /// differs — its percent-decoded form.
    static func candidates(_ reference: String) -> [String] {
        let path = reference.replacingOccurrences(of: "\\", with: "/")
        return [path] + [path.removingPercentEncoding].compactMap { $0 }.filter { $0 != path }
    }

    /// The lowercased URL scheme or drive letter that starts `path` (`file`, `data`, `c`), if any.
    static func scheme(of path: String) -> String? {
        guard let colon = path.firstIndex(of: ":") else { return nil }
        let scheme = path[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// The canonical absolute path (symbolic links resolved), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `.png`: the lowercased extension when it is 1–8 letters or digits, else empty.
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        let ext = name[name.index(after: dot)...].lowercased()
        return (1...8).contains(ext.count) && ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? "." + ext : ""
    }

    /// The percent-encoded relative URL path from folder `base` to file `target` (both absolute).
    static func relativeURLPath(from base: String, to target: String) -> String {
        let from = base.split(separator: "/"), to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map { encode(String($0)) }).joined(separator: "/")
    }

    /// A path segment with everything but RFC 3986 unreserved characters percent-encoded.
    static func encode(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}
