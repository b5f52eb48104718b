import Foundation

/// Runs the built `parley` executable as a user would, capturing its output and exit code.
package struct ParleyProcess {
    package struct Outcome {
        package var code: Int32
        package var output: String
        package var errors: String
    }

    /// The `parley` binary beside the test bundle in the build folder.
    package static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("parley").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("parley")
    }

    package static func run(_ arguments: [String]) throws -> Outcome { try run(executable, arguments) }

    /// Runs `program` with `arguments`, capturing its output and exit code.
    package static func run(_ program: URL, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            code: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }
}
