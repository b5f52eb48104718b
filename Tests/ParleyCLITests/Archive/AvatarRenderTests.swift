import Foundation
import ParleyTestSupport
import Testing

/// Black-box: `parley render` of a DiscordChatExporter export whose `_Files` folder holds two of
/// its authors' avatars (one written with a Windows backslash, one with a space in its name), while
/// one author's avatar is a remote URL and one's file was not downloaded. The fixture's PNGs are
/// 8×8 squares of one colour, written by a few lines of Python (zlib, no other source).
@Suite struct AvatarRenderTests {
    /// The sha256 of `avatar-8B00F.png` (Ada's) and of `avatar dee-1A2B3.png` (Dee's).
    static let ada = "c4360f0a2cde2ded8577e148d76d295839763069ab1e65d0545916c598f18901"
    static let dee = "9aee368501098f011245ada28eca698dd13ad7f70658d7af41e85b20764d41c1"

    /// A copy of the fixture folder as `FOLDER/input`, and where the archive goes.
    static func input() throws -> (input: URL, archive: URL) {
        let folder = TestPaths.temporaryFolder()
        let input = folder.appendingPathComponent("input")
        try FileManager.default.copyItem(at: TestPaths.fixture("media-avatars"), to: input)
        return (input, folder.appendingPathComponent("archive"))
    }

    /// Each message's avatar element on the archive's page, by message id.
    static func avatars(_ archive: URL) throws -> [String: String] {
        let page = try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
        var avatars: [String: String] = [:]
        for article in page.components(separatedBy: "<article ").dropFirst() {
            guard let id = article.split(separator: "\"").drop(while: { !$0.hasSuffix(" id=") }).dropFirst().first,
                let start = article.range(of: "<span class=\"msg-avatar"),
                let end = article.range(of: "</span>", range: start.upperBound..<article.endIndex)
            else { continue }
            avatars[String(id)] = String(article[start.lowerBound..<end.upperBound])
        }
        return avatars
    }

    static func image(_ source: String) -> String { #"<img src="\#(source)" alt="" loading="lazy" decoding="async">"# }

    /// The avatar elements of the five messages, with `ada` and `dee` as the pictures of the
    /// authors with local avatars (nil: the initials).
    static func expected(ada: String?, dee: String?) -> [String: String] {
        let span = { (colour: String, initials: String, source: String?) in
            #"<span class="msg-avatar avatar \#(colour)" aria-hidden="true">\#(initials)\#(source.map(image) ?? "")</span>"#
        }
        return [
            "m-1": span("color-e67e22", "AL", ada), "m-2": span("hue-5", "B", nil), "m-3": span("hue-2", "CW", nil),
            "m-4": span("hue-3", "D", dee), "m-5": span("hue-3", "D", dee),
        ]
    }

    @Test func copyShowsTheAvatarsTheExportHoldsAndCountsTheMissingOne() throws {
        let (input, archive) = try Self.input()
        let outcome = try ParleyProcess.run([
            "render", input.appendingPathComponent("avatars.json").path, "-o", archive.path, "--media", "copy",
        ])
        #expect(outcome.code == 0)
        #expect(
            outcome.errors == "parley: warning: 1 media file not found in the input: \"avatars.json_Files/avatar-C0FFE.png\"\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: archive.appendingPathComponent("media").path).sorted()
                == [Self.dee + ".png", Self.ada + ".png"])
        #expect(try Self.avatars(archive) == Self.expected(ada: "../../media/\(Self.ada).png", dee: "../../media/\(Self.dee).png"))
    }

    @Test func linkPointsAtTheAvatarsInTheExportsFolder() throws {
        let (input, archive) = try Self.input()
        let outcome = try ParleyProcess.run([
            "render", input.appendingPathComponent("avatars.json").path, "-o", archive.path, "--media", "link", "-q",
        ])
        #expect(outcome.code == 0)
        #expect(outcome.errors == "parley: warning: 1 media file not found in the input.\n")
        #expect(!FileManager.default.fileExists(atPath: archive.appendingPathComponent("media").path))
        #expect(
            try Self.avatars(archive)
                == Self.expected(
                    ada: "../../../input/avatars.json_Files/avatar-8B00F.png",
                    dee: "../../../input/avatars.json_Files/avatar%20dee-1A2B3.png"))
    }

    @Test func noneShowsInitialsAndLooksNothingUp() throws {
        let (input, archive) = try Self.input()
        let outcome = try ParleyProcess.run([
            "render", input.appendingPathComponent("avatars.json").path, "-o", archive.path, "--media", "none",
        ])
        #expect(outcome.code == 0)
        #expect(outcome.errors == "")
        #expect(try Self.avatars(archive) == Self.expected(ada: nil, dee: nil))
    }

    /// A page whose messages' avatars are local files is rendered again on every update: the file
    /// may have appeared or changed since.
    @Test func anUpdateShowsAnAvatarThatAppearedOrChanged() throws {
        let (input, archive) = try Self.input()
        let export = input.appendingPathComponent("avatars.json").path
        let deeFile = input.appendingPathComponent("avatars.json_Files/avatar dee-1A2B3.png")
        let deeBytes = try Data(contentsOf: deeFile)
        try FileManager.default.removeItem(at: deeFile)
        let first = try ParleyProcess.run(["render", export, "-o", archive.path, "--media", "copy", "-q"])
        #expect(first.errors == "parley: warning: 2 media files not found in the input.\n")
        #expect(try Self.avatars(archive) == Self.expected(ada: "../../media/\(Self.ada).png", dee: nil))

        try deeBytes.write(to: deeFile)
        let appeared = try ParleyProcess.run(["render", export, "-o", archive.path, "--media", "copy", "-q"])
        #expect(appeared.errors == "parley: warning: 1 media file not found in the input.\n")
        #expect(try Self.avatars(archive) == Self.expected(ada: "../../media/\(Self.ada).png", dee: "../../media/\(Self.dee).png"))

        try deeBytes.write(to: input.appendingPathComponent("avatars.json_Files/avatar-8B00F.png"))
        let changed = try ParleyProcess.run(["render", export, "-o", archive.path, "--media", "copy", "-q"])
        #expect(changed.code == 0)
        #expect(try Self.avatars(archive) == Self.expected(ada: "../../media/\(Self.dee).png", dee: "../../media/\(Self.dee).png"))
    }
}
