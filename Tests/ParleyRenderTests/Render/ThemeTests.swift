import ParleyHTML
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Which theme stylesheet a page links: each app's theme by default (the index: the theme most
/// channels take, of equals the first one's), one theme for every page with `--theme`, the user's
/// copy otherwise; the page template links it after `parley.css`.
@Suite struct ThemeTests {
    static func channel(_ id: String, _ platform: Platform?) -> Channel {
        var channel = Channel(id: ChannelID(id), name: id)
        channel.platform = platform
        return channel
    }

    @Test func eachAppHasItsTheme() {
        let themes = Platform.allCases.map { ($0.rawValue, Theme(platform: $0).rawValue) }
        #expect(
            themes.map { "\($0)=\($1)" } == [
                "discord=discord", "slack=slack", "whatsapp=bubbles", "sms=bubbles", "telegram=bubbles", "chatgpt=chatgpt",
                "matrix=parley",
            ])
        #expect(Theme(platform: nil) == .parley)
        #expect(Theme.allCases.map(\.stylesheetPath).last == "public/theme-chatgpt.css")
    }

    @Test func theChoiceNamesEachPagesStylesheet() {
        #expect(ThemeChoice.perPlatform.stylesheet(for: .sms) == "public/theme-bubbles.css")
        #expect(ThemeChoice.builtIn(.slack).stylesheet(for: .sms) == "public/theme-slack.css")
        #expect(ThemeChoice.file([0x2A]).stylesheet(for: .sms) == "public/theme.css")
        let channels = [Self.channel("a", .discord), Self.channel("b", .chatGPT), Self.channel("c", .chatGPT), Self.channel("d", nil)]
        #expect(ThemeChoice.perPlatform.stylesheet(forChannels: channels) == "public/theme-chatgpt.css")
        #expect(ThemeChoice.perPlatform.stylesheet(forChannels: Array(channels.prefix(2))) == "public/theme-discord.css")
        #expect(ThemeChoice.perPlatform.stylesheet(forChannels: []) == "public/theme-parley.css")
        #expect(ThemeChoice.builtIn(.bubbles).stylesheet(forChannels: channels) == "public/theme-bubbles.css")
        #expect(ThemeChoice.file([]).stylesheet(forChannels: channels) == "public/theme.css")
    }

    @Test func thePageLinksTheThemeAfterParleysStylesheet() throws {
        let renderer = PageRenderer(templates: try TemplateSet.load(), themeStylesheet: "public/theme-slack.css")
        let html = renderer.page(.init(title: "t", heading: "h", rootPath: "../../", content: .empty)).description
        #expect(
            html.contains(
                #"<link rel="stylesheet" href="../../public/parley.css"><link rel="stylesheet" href="../../public/theme-slack.css">"#
                    + #"<link rel="stylesheet" href="../../colors.css">"#), "\(html)")
    }
}
