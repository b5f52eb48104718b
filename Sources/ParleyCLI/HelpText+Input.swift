extension HelpText {
    /// The section listing ``InputSelection/flags``, word for word the same in the help of
    /// `render`, `serve` and `convert`.
    static let inputOptions = """
        INPUT OPTIONS (the same for render, serve and convert)
              --format NAME           read every INPUT as NAME instead of detecting it: parley, discord,
                                      telegram, chatgpt, matrix, slack, sms or whatsapp
              --me NAME               your name, display name or id in the export: your messages are
                                      outgoing, on the end side; names you in an SMS backup (default Me)
              --date-order ORDER      dmy, mdy or ymd: the WhatsApp date order (default: decided from the file)
              --phone-region CODE     where an SMS backup's numbers without a country code were dialled
                                      (US, DE…; default: the country most numbers with one belong to)
              --max-entry-size SIZE   the most one zip entry may inflate to: bytes, or with K, M or G
                                      (KiB, MiB, GiB); default 1G
              --max-zip-ratio N       the most bytes a zip entry may inflate to per compressed byte,
                                      checked past its first 16 MiB; default 200
              --after DATE            keep messages sent at or after DATE (2024-03-01: midnight in --timezone;
                                      or a time such as 2024-03-01T12:00:00Z)
              --before DATE           keep messages sent before DATE
              --channel NAME          keep the channel with this name (any case) or id (repeat for several)
              --strict                fail (exit 65) on the first record that cannot be read, instead of
                                      skipping it with a warning
        """
}
