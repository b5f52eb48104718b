import Foundation

#if PARLEY_FUZZ
    /// libFuzzer's entry point for a program with its own `main` (`FuzzerInterface.h`): parses the
    /// flags in `argv`, then calls `callback` with each input until the run ends.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif

/// Runs one target on libFuzzer's inputs (a `-DPARLEY_FUZZ` build) or on files.
enum FuzzDriver {
    /// The target whose inputs ``fuzzOneInput(_:_:)`` receives: the one named first on the command line.
    static let selected = CommandLine.arguments.dropFirst().first.flatMap(FuzzTarget.named)

    /// Runs `target` with `arguments` (the program name, then libFuzzer's flags and corpus folders,
    /// or the files to run once) and returns the exit status.
    static func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        #if PARLEY_FUZZ
            var argc = Int32(arguments.count)
            var strings = arguments.map { strdup($0) } + [nil]
            return strings.withUnsafeMutableBufferPointer { buffer in
                var argv = buffer.baseAddress!
                return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
            }
        #else
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("ParleyFuzz: cannot read \(path)\n".utf8))
                    return 66
                }
                target.run(data)
                print("\(target.name): \(path) ok")
            }
            return 0
        #endif
    }
}

/// libFuzzer's per-input callback: feeds the bytes to the selected target. Defined under
/// libFuzzer's name too, so a debug build, whose libFuzzer `main` is linked, resolves it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzDriver.selected?.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
