import CGetopt
import Foundation
import Synchronization

/// Parses command-line flags with the C library's `getopt_long`, GNU style: `--name value`,
/// `--name=value`, `-o value`, flags and operands in any order, `--` ends the flags.
struct OptionParser {
    /// One long flag, optionally with a one-letter short form.
    struct Flag {
        var name: String
        var short: Character?
        var takesValue: Bool
    }

    /// Flags seen (by long name; repeated flags keep every value) and the operands in order.
    struct Result {
        var values: [String: [String]] = [:]
        var operands: [String] = []

        func has(_ name: String) -> Bool { values[name] != nil }
        func value(_ name: String) -> String? { values[name]?.last }
    }

    /// `getopt_long` keeps its state in globals: one parse at a time per process.
    private static let lock = Mutex(())

    let flags: [Flag]

    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` naming an unknown flag or a missing value.
    func parse(_ arguments: [String]) throws(CommandFailure) -> Result {
        let outcome: Swift.Result<Result, CommandFailure> = Self.lock.withLock { _ in parseLocked(arguments) }
        return try outcome.get()
    }

    private func parseLocked(_ arguments: [String]) -> Swift.Result<Result, CommandFailure> {
        let argv = (["parley"] + arguments).map { strdup($0) } + [nil]
        let names = flags.map { strdup($0.name) }
        defer {
            argv.forEach { free($0) }
            names.forEach { free($0) }
        }
        var options = flags.enumerated().map { index, flag in
            option(name: names[index], has_arg: flag.takesValue ? required_argument : no_argument, flag: nil, val: Int32(1000 + index))
        }
        options.append(option(name: nil, has_arg: 0, flag: nil, val: 0))
        let shorts = ":" + flags.compactMap { flag in flag.short.map { "\($0)" + (flag.takesValue ? ":" : "") } }.joined()
        parley_set_optind(0)
        parley_set_opterr(0)
        var result = Result()
        var argvCopy = argv
        var index: Int32 = 0
        while true {
            let code = getopt_long(Int32(argv.count - 1), &argvCopy, shorts, options, &index)
            if code == -1 { break }
            guard let flag = flag(for: code) else {
                return .failure(problem(code, arguments: arguments, position: Int(parley_optind()) - 1))
            }
            result.values[flag.name, default: []].append(parley_optarg().map { String(cString: $0) } ?? "")
        }
        result.operands = argvCopy[Int(parley_optind())..<(argv.count - 1)].map { String(cString: $0!) }
        return .success(result)
    }

    private func flag(for code: Int32) -> Flag? {
        if code >= 1000, code < 1000 + Int32(flags.count) { return flags[Int(code - 1000)] }
        return flags.first { $0.short.map { Int32($0.asciiValue ?? 0) } == code }
    }

    private func problem(_ code: Int32, arguments: [String], position: Int) -> CommandFailure {
        let word = position >= 1 && position <= arguments.count ? arguments[position - 1] : "?"
        if code == Int32(UInt8(ascii: ":")) { return CommandFailure(.usage, "option '\(word)' needs a value") }
        return CommandFailure(.usage, "unknown option '\(word)'; see 'parley --help'")
    }
}
