import Foundation

/// The fuzzing tool: every fuzz target in one executable (one build for all of them).
///
///     ParleyFuzz --list                       the targets' names, one a line
///     ParleyFuzz --seeds NAME OUT FOLDER...   writes NAME's seeds found under FOLDERs into OUT
///     ParleyFuzz NAME [libFuzzer flags and corpus folders]
///
/// Built with `-sanitize=fuzzer` and `-DPARLEY_FUZZ` (`scripts/fuzz` does it), `NAME …` runs
/// libFuzzer on the target with the remaining arguments. Built without them (as `swift build`
/// does), `NAME FILE...` runs the target once on each file: a crash found by the fuzzer can be
/// replayed under a debugger or AddressSanitizer without libFuzzer.
@main
enum ParleyFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        switch arguments.dropFirst().first {
        case "--list":
            print(FuzzTarget.all.map(\.name).joined(separator: "\n"))
        case "--seeds" where arguments.count >= 4:
            writeSeeds(name: arguments[2], output: arguments[3], folders: Array(arguments.dropFirst(4)))
        case let name? where !name.hasPrefix("-"):
            guard let target = FuzzTarget.named(name) else { fail("no fuzz target \(name) (see --list)") }
            exit(FuzzDriver.run(target, arguments: [arguments[0]] + arguments.dropFirst(2)))
        default:
            fail("usage: ParleyFuzz --list | --seeds NAME OUT FOLDER... | NAME [ARGUMENT...]")
        }
    }

    /// Writes the seeds of the target `name` into `output` as `seed-N` and prints how many.
    private static func writeSeeds(name: String, output: String, folders: [String]) {
        guard let target = FuzzTarget.named(name) else { fail("no fuzz target \(name) (see --list)") }
        let seeds = target.seeds.collect(from: folders.map { URL(fileURLWithPath: $0) })
        let folder = URL(fileURLWithPath: output)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, seed) in seeds.enumerated() {
                try seed.write(to: folder.appendingPathComponent("seed-\(index)"))
            }
        } catch {
            fail("cannot write the seeds to \(output): \(error.localizedDescription)")
        }
        print(seeds.count)
    }

    /// Prints `message` on standard error and exits 64 (usage).
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ParleyFuzz: \(message)\n".utf8))
        exit(64)
    }
}
