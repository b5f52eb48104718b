/// The text of `parley --help` and `parley render --help`.
enum HelpText {
    static let main = """
        parley — render chat transcripts to HTML archives

        USAGE
          parley render INPUT... -o DIR [options]
          parley render --sample -o DIR
          parley --help | --version

        COMMANDS
          render    Write a static HTML archive (no server, no JavaScript needed).

        Run 'parley render --help' for the options of render.

        EXAMPLES
          parley render --sample -o archive
          parley render 'general [1012224565567721552].json' -o archive --timezone Europe/Berlin

        """

    static let render = """
        parley render — write a static HTML archive

        USAGE
          parley render INPUT... -o DIR [options]
          parley render --sample -o DIR

        INPUT is an export file; its format is detected from its content:
          DiscordChatExporter JSON.
        Several inputs are merged: channels with the same id are joined, duplicate messages kept once.

        OPTIONS
          -o, --output DIR            the archive folder (created if missing)
              --sample                render the built-in sample transcript
              --timezone NAME         IANA time zone for days and times (default UTC)
              --messages-per-page N   split a month into pages of at most N messages (default 1000)
              --templates DIR         use DIR/*.html instead of the default templates of the same name
          -q, --quiet                 print nothing but errors
          -h, --help                  show this help

        EXIT STATUS
          0 success, 64 usage error, 65 bad input data, 66 input missing or unreadable,
          73 cannot create the output folder, 74 I/O error writing a file.

        EXAMPLES
          parley render --sample -o archive && xdg-open archive/index.html
          parley render export.json -o archive --timezone America/New_York --messages-per-page 500

        """
}
