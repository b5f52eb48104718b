/// The text of `parley --help` and `parley render --help`.
enum HelpText {
    static let main = """
        parley — render chat transcripts to HTML archives

        USAGE
          parley render INPUT... -o DIR [options]
          parley render --sample -o DIR
          parley serve INPUT... [options]
          parley convert INPUT... -o OUT.jsonl [options]
          parley --help | --version

        COMMANDS
          render    Write a static HTML archive (no server, no JavaScript needed).
          serve     Serve live pages that update over Server-Sent Events.
          convert   Write any export as Parley JSON Lines (merged, filtered).

        Run 'parley render --help', 'parley serve --help' or 'parley convert --help' for their options.

        EXAMPLES
          parley render --sample -o archive
          parley render 'general [1012224565567721552].json' -o archive --timezone Europe/Berlin

        """

    static let render = """
        parley render — write a static HTML archive

        USAGE
          parley render INPUT... -o DIR [options]
          parley render --sample -o DIR

        INPUT is an export file or folder; its format is detected from its content:
          DiscordChatExporter JSON (a file, or a folder of them), Slack export (folder or .zip), WhatsApp chat (.txt or .zip),
          SMS Backup & Restore XML, Telegram Desktop JSON (result.json), ChatGPT conversations.json,
          Matrix (Element) JSON, Parley JSON Lines (what 'parley convert' writes).
        Several inputs are merged: channels with the same id are joined and a message seen twice is
        kept once (the later edit wins; the same edit with different content is reported). A message
        already in DIR's archive is merged the same way. The summary says, per channel, how many
        messages were already in the archive or an earlier input and which copy was kept (the 10
        channels with most, then one line for the rest; -v lists every channel and message).
        The archive is written beside DIR and swapped in when complete: a failed render leaves the
        previous archive intact. An existing DIR must be empty or hold a Parley archive. Files in DIR
        that Parley did not write (.git, CNAME, notes) are kept (DIR/.parley-manifest lists Parley's);
        one with the name of a new page is refused. One render of DIR runs at a time.

        OPTIONS
          -o, --output DIR            the archive folder (created if missing)
              --sample                render the built-in sample transcript and its media
              --timezone NAME         IANA time zone for days and times (default UTC)
              --messages-per-page N   split a month into pages of at most N messages (default 1000)
              --templates DIR         use DIR/*.html instead of the default templates of the same name
              --media MODE            copy: copy local media into the archive, named by content hash
                                      (default: the archive keeps working when moved); link: link to it
                                      where it is (files inside a zip are copied); none: name it only.
                                      Paths leaving the input's folder are refused; URLs are never fetched.
                                      Files that are not passive media (HTML, SVG, XML, script…) are
                                      never shown inline: copied as .bin and linked for download.
                                      A local file not found shows as a card naming it; one warning
                                      counts them and names the first (-v lists every one, -q the count)
              --allow-remote-media    show remote images, video and audio (https:) inline, loaded from
                                      their hosts when the archive is opened; by default the pages load
                                      nothing from elsewhere and link to them, naming the host
              --theme NAME|FILE.css   the pages' look, layered on parley.css: parley (neutral), discord,
                                      slack, bubbles (WhatsApp, SMS, Telegram) or chatgpt; or a stylesheet
                                      of yours, copied into the archive as public/theme.css. Default: each
                                      channel's pages take its app's theme, the archive's index the theme
                                      most channels take. Every theme follows the system's light or dark
                                      setting and prints black on white; changing it rewrites the pages
              --stats                 after the summary, print one line on standard error for scripts:
                                      stats: parse=S store=S render=S write=S messages=N pages=N bytes=N
                                      rewritten=N unchanged=N rendered=N peak_rss=N
                                      (seconds with 3 decimals reading and merging the inputs, waiting
                                      for the archive's store, rendering pages, writing files and swapping
                                      the archive in; bytes of the archive; pages written with new bytes
                                      and pages kept unchanged; channel pages rendered, the others kept
                                      by their digest; peak resident memory in bytes)
          -q, --quiet                 print no summary and no progress line (errors, warnings and
                                      --stats still print)
          -v, --verbose               before the summary, print one line per message already in the
                                      archive or an earlier input: its channel and id, where the first
                                      and the later copy are, and which was kept and why (later edit,
                                      same edit time, identical, older copy ignored); the summary lists
                                      every channel. Not with -q (exit 64)
          -h, --help                  show this help

        On a terminal, a line on standard error shows the phase (reading, rendering, writing), messages
        read, pages written, the rate and the time left; it is not drawn with -q or when standard error
        is not a terminal.

        \(inputOptions)

        EXIT STATUS
          0 success, 64 usage error, 65 bad input data, 66 input missing or unreadable,
          73 cannot create the output folder, 74 I/O error writing a file.

        EXAMPLES
          parley render --sample -o archive && xdg-open archive/index.html
          parley render export.json -o archive --timezone America/New_York --messages-per-page 500

        """
}
