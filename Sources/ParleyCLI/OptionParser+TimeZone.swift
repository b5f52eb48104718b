import ParleyLayout

extension OptionParser.Result {
    /// The clock of `--timezone NAME` (an IANA name), UTC when the flag is absent.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` for an unknown zone name.
    func clock() throws(CommandFailure) -> ZoneClock {
        guard let name = value("timezone") else { return .utc }
        guard let clock = ZoneClock(identifier: name) else {
            throw CommandFailure(.usage, "--timezone: unknown time zone '\(name)'; expected an IANA name such as Europe/Berlin")
        }
        return clock
    }
}
