extension HelpText {
    /// The text of `parley convert --help`.
    static let convert = """
        parley convert — write any export as Parley JSON Lines

        USAGE
          parley convert INPUT... -o OUT.jsonl [options]

        INPUT is an export file of any format 'parley render' reads, detected from its content.
        Several inputs are merged as 'parley render' merges them, and the summary says, per channel,
        how many messages were already in an earlier input (-v: every one). OUT.jsonl is Parley's
        own format (docs/FORMAT.md): rendering it gives the same pages as rendering the inputs. It
        is written to a temporary file and renamed into place; '-o -' writes to standard output.

        OPTIONS
          -o, --output FILE           the JSON Lines file to write, or - for standard output
              --timezone NAME         the IANA zone in which a DATE starts (default UTC)
          -q, --quiet                 print nothing but errors
          -v, --verbose               before the summary, print one line per message already in an
                                      earlier input: its channel and id, the two inputs, and which copy
                                      was kept and why (later edit, same edit time, identical, older copy
                                      ignored); the summary lists every channel. With '-o -' the lines
                                      go to standard error. Not with -q (exit 64)
          -h, --help                  show this help

        \(inputOptions)

        EXIT STATUS
          0 success, 64 usage error, 65 bad input data, 66 input missing or unreadable,
          73 cannot create the output file.

        EXAMPLES
          parley convert result.json conversations.json -o everything.jsonl
          parley convert result.json --channel 'Family' --after 2024-01-01 -o family-2024.jsonl

        """
}
