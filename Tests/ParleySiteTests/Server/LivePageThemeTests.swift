import ParleyHTML
import ParleyModel
import ParleyRender
import ParleySite
import Testing

/// The live page links its channel's app's theme after `parley.css` (or the one `--theme`
/// names, or the user's file at `/public/theme.css`); the channel list the theme most channels take.
@Suite struct LivePageThemeTests {
    static func channel(_ id: String, _ platform: Platform?) -> Channel {
        var channel = Channel(id: ChannelID(id), name: id)
        channel.platform = platform
        return channel
    }

    static let links =
        #"<link rel="stylesheet" href="/public/parley.css"><link rel="stylesheet" href="%@">"#
        + #"<link rel="stylesheet" href="/colors.css">"#

    static func live(_ pages: LivePageRenderer, _ platform: Platform?) -> String {
        String(
            decoding: pages.page(
                ChannelID("a"), name: "a", topic: "", version: 0, epoch: ChannelEpoch(rawValue: "e"), sections: .empty, platform: platform),
            as: UTF8.self)
    }

    @Test func eachLivePageTakesItsAppsTheme() throws {
        let channels = [Self.channel("a", .sms), Self.channel("b", .slack), Self.channel("c", .slack)]
        let pages = try LivePageRenderer.load(siteTitle: "t", channels: channels)
        let link = { (path: String) in Self.links.replacingOccurrences(of: "%@", with: path) }
        #expect(Self.live(pages, .sms).contains(link("/public/theme-bubbles.css")))
        #expect(Self.live(pages, nil).contains(link("/public/theme-parley.css")))
        #expect(String(decoding: pages.index([]), as: UTF8.self).contains(link("/public/theme-slack.css")))
        let named = try LivePageRenderer.load(siteTitle: "t", theme: .builtIn(.chatGPT), channels: channels)
        #expect(Self.live(named, .sms).contains(link("/public/theme-chatgpt.css")))
        #expect(String(decoding: named.index([]), as: UTF8.self).contains(link("/public/theme-chatgpt.css")))
        let file = try LivePageRenderer.load(siteTitle: "t", theme: .file(Array("p{}".utf8)), channels: channels)
        #expect(Self.live(file, .discord).contains(link("/public/theme.css")))
    }
}
