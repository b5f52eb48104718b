import ParleyModel

/// Which look pages take (`--theme`): each channel's platform's (the default), one built-in
/// ``Theme`` for every page, or a stylesheet of the user's, copied into the archive as
/// ``userStylesheetPath`` and layered on `parley.css` like a built-in theme.
public enum ThemeChoice: Sendable, Equatable {
    /// A channel's pages take the theme of its platform (``Theme/init(platform:)``); the archive's
    /// index the theme most channels take (of equals, the first channel's).
    case perPlatform
    /// Every page takes this theme.
    case builtIn(Theme)
    /// Every page takes the user's stylesheet: these bytes.
    case file([UInt8])

    /// Where the user's stylesheet is written, below the archive's root.
    public static let userStylesheetPath = "public/theme.css"

    /// The stylesheet, below the root, of the pages of a channel from `platform`.
    public func stylesheet(for platform: Platform?) -> String {
        switch self {
        case .perPlatform: return Theme(platform: platform).stylesheetPath
        case let .builtIn(theme): return theme.stylesheetPath
        case .file: return Self.userStylesheetPath
        }
    }

    /// The stylesheet, below the root, of pages that show several channels (the archive's index):
    /// with ``perPlatform``, the theme most of `channels` take, of equals the first one's.
    /// - Complexity: O(channels).
    public func stylesheet(forChannels channels: [Channel]) -> String {
        guard case .perPlatform = self else { return stylesheet(for: nil) }
        var counts: [Theme: Int] = [:]
        var order: [Theme] = []
        for channel in channels {
            let theme = Theme(platform: channel.platform)
            if counts[theme] == nil { order.append(theme) }
            counts[theme, default: 0] += 1
        }
        let best = order.max { counts[$0, default: 0] < counts[$1, default: 0] } ?? .parley
        return best.stylesheetPath
    }
}
