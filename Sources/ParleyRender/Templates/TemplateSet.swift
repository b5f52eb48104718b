import Foundation
import ParleyAssets
import ParleyHTML
import ParleyModel

/// The parsed templates a renderer uses, loaded once from `Templates/` or a user's override folder.
public struct TemplateSet: Sendable {
    /// The template file names, without `.html`.
    public enum Name: String, CaseIterable, Sendable {
        case page, day, message, reply, replyMissing = "reply-missing", edited, attachment
        case embed, embedField = "embed-field", reaction, sticker, channelEntry = "channel-entry"
        case attachmentImage = "attachment-image", attachmentVideo = "attachment-video", attachmentAudio = "attachment-audio"
        case embedThumbnail = "embed-thumbnail", embedImage = "embed-image", stickerImage = "sticker-image"
        case forwarded, threadLink = "thread-link", attachmentDownload = "attachment-download", redirect
        case attachmentMissing = "attachment-missing", avatarImage = "avatar-image", remoteMedia = "remote-media"
    }

    private let templates: [Name: Template]
    /// The `message` template's slot indices.
    let messageSlots: MessageTemplateSlots
    /// A digest of every template's source text (``StableHasher``): pages rendered with other
    /// templates are rendered again.
    public let digest: UInt64

    private init(templates: [Name: Template], digest: UInt64) {
        self.templates = templates
        self.messageSlots = MessageTemplateSlots(templates[.message]!)
        self.digest = digest
    }

    /// The template called `name`.
    public subscript(name: Name) -> Template { templates[name]! }

    /// Loads every template; a file of the same name in `overrides` replaces the default.
    /// - Throws: ``RenderError/template(_:)`` when a file cannot be read or parsed,
    ///   ``RenderError/missingResources(searched:)`` when the resource bundle is missing.
    public static func load(overrides: URL? = nil) throws(RenderError) -> TemplateSet {
        guard let defaults = Assets.templatesDirectory else { throw .missingResources(searched: Assets.searchedLocations) }
        var templates: [Name: Template] = [:]
        var hasher = StableHasher()
        for name in Name.allCases {
            let file = "\(name.rawValue).html"
            var url = defaults.appendingPathComponent(file)
            if let override = overrides?.appendingPathComponent(file), FileManager.default.fileExists(atPath: override.path) {
                url = override
            }
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                throw .template(.unreadable(path: url.path))
            }
            hasher.feed(file)
            hasher.feed(source)
            do {
                templates[name] = try Template.parse(source, name: file)
            } catch {
                throw .template(error)
            }
        }
        return TemplateSet(templates: templates, digest: hasher.digest)
    }
}
