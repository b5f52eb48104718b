import ParleyFormat
import ParleyHTML
import ParleyModel

/// Embeds and link previews: author, title linking to the page, description and field values in
/// the embed's markup (the message's flavor unless the embed names one), inline fields side by
/// side, thumbnail and images, footer, and the colour bar as a validated class.
extension MessageSlots {
    func embed(_ embed: Embed, flavor: Content.Flavor) -> SafeHTML {
        let markup = embed.flavor ?? flavor
        let text = MessageText(context: context)
        let fields = embed.fields.map {
            templates[.embedField].render([
                "name": .text($0.name), "value": .html(text.html(Content(text: $0.value, flavor: markup))),
                "inline": .text($0.isInline ? "embed-field-inline" : ""),
            ])
        }
        let images = embed.imageURLs.compactMap { image($0, template: .embedImage, alt: embed.title ?? "image") }
        return templates[.embed].render([
            "colorClass": .text(ColorClasses.embedClassName(for: embed.color) ?? ""), "author": .text(embed.authorName ?? ""),
            "url": .text(embed.url.flatMap(LinkPolicy.absolute) ?? ""), "title": .text(embed.title ?? embed.url ?? ""),
            "description": .html(embed.description.map { text.html(Content(text: $0, flavor: markup)) } ?? .empty),
            "fields": .html(SafeHTML.joined(fields)), "images": .html(SafeHTML.joined(images)),
            "thumbnail": .html(
                embed.thumbnailURL.flatMap { image($0, template: .embedThumbnail, alt: embed.title ?? "thumbnail") } ?? .empty),
            "footer": .text(embed.footer ?? ""),
        ])
    }

    private func image(_ reference: String, template: TemplateSet.Name, alt: String) -> SafeHTML? {
        if context.media.isWithheld(reference) { return remote(reference, kind: .image, name: alt.isEmpty ? "image" : alt) }
        guard let source = context.media.source(reference, rootPath: context.rootPath) else { return nil }
        return templates[template].render(["href": .text(source), "src": .text(source), "alt": .text(alt.isEmpty ? "image" : alt)])
    }
}
