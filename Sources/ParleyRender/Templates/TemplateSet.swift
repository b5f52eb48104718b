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

    /// Everything of a set in one object: renderers on every core copy the set, and a copy
    /// retains this one reference instead of each template's.
    private final class Storage: Sendable {
        /// The templates in ``Name/allCases`` order.
        let templates: [Template]
        let messageSlots: MessageTemplateSlots
        let digest: UInt64

        init(templates: [Template], digest: UInt64) {
            self.templates = templates
            self.messageSlots = MessageTemplateSlots(templates[Name.allCases.firstIndex(of: .message)!])
            self.digest = digest
        }
    }

    private let storage: Storage
    /// The `message` template's slot indices.
    var messageSlots: MessageTemplateSlots { storage.messageSlots }
    /// A digest of every template's source text (``StableHasher``): pages rendered with other
    /// templates are rendered again.
    public var digest: UInt64 { storage.digest }

    /// The template called `name`.
    /// - Complexity: O(number of names), comparing one byte each: no name is hashed.
    public subscript(name: Name) -> Template { storage.templates[Name.allCases.firstIndex(of: name)!] }

    /// Loads every template; a file of the same name in `overrides` replaces the default.
    /// - Throws: ``RenderError/template(_:)`` when a file cannot be read or parsed,
    ///   ``RenderError/missingResources(searched:)`` when the resource bundle is missing.
    public static func load(overrides: URL? = nil) throws(RenderError) -> TemplateSet {
        guard let defaults = Assets.templatesDirectory else { throw .missingResources(searched: Assets.searchedLocations) }
        var templates: [Template] = []
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
                templates.append(try Template.parse(source, name: file))
            } catch {
                throw .template(error)
            }
        }
        return TemplateSet(storage: Storage(templates: templates, digest: hasher.digest))
    }
}
