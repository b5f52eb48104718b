extension OptionParser.Result {
    /// Whether `-v`/`--verbose` is given: the command lists every message its inputs brought
    /// again (``MergeSummary``) and every channel with one.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` when `-q`/`--quiet` is given too
    ///   (`--quiet` prints no summary, `--verbose` adds to it).
    func verbose() throws(CommandFailure) -> Bool {
        guard has("verbose") else { return false }
        guard !has("quiet") else {
            throw CommandFailure(.usage, "-q and -v cannot be used together: --quiet prints no summary, --verbose adds to it")
        }
        return true
    }
}
