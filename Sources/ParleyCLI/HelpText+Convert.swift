extension HelpText {
    /// The text of `parley convert --help`.
    static let convert = """
        parley convert — write any export as Parley JSON Lines

        USAGE
          parley convert INPUT... -o OUT.jsonl [options]

        INPUT is an export file of any format 'parley render' reads, detected from its content.
        Several inputs are merged as 'parley render' merges them. OUT.jsonl is Parley's own format
        (docs/FORMAT.md): rendering it gives the same pages as rendering the inputs. It is written
        to a temporary file and renamed into place; '-o -' writes to standard output.

        OPTIONS
          -o, --output FILE           the JSON Lines file to write, or - for standard output
              --format NAME           read every INPUT as NAME: parley, discord, telegram, chatgpt,
                                      matrix, slack, sms or whatsapp
              --after DATE            keep messages sent at or after DATE (2024-03-01 or 2024-03-01T12:00:00Z)
              --before DATE           keep messages sent before DATE
              --channel NAME          keep the channel with this name or id (repeat for several)
              --strict                fail (exit 65) on the first record that cannot be read, instead of
                                      skipping it with a warning
              --timezone NAME         the IANA zone in which a DATE starts (default UTC)
              --me NAME               your name in a WhatsApp export or SMS backup
              --date-order ORDER      dmy, mdy or ymd: the WhatsApp date order
              --max-entry-size SIZE   the most one zip entry may inflate to (bytes, or K, M, G); default 1G
              --max-zip-ratio N       the most a zip entry may inflate per compressed byte; default 200
          -q, --quiet                 print nothing but errors
          -h, --help                  show this help

        EXIT STATUS
          0 success, 64 usage error, 65 bad input data, 66 input missing or unreadable,
          73 cannot create the output file.

        EXAMPLES
          parley convert result.json conversations.json -o everything.jsonl
          parley convert result.json --channel 'Family' --after 2024-01-01 -o family-2024.jsonl

        """
}
