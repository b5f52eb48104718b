import Foundation

// `make bench`: release-mode benchmarks, each printed as a table with a baseline run in this process; name tables
// (`diff`, `render`, `patch`, `live`, `import`, `codec`) to run only those.
let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("diff") { DiffBenchmark.run() }
if arguments.isEmpty || arguments.contains("render") { RenderBenchmark.run() }
if arguments.isEmpty || arguments.contains("patch") { PatchBenchmark.run() }
if arguments.isEmpty || arguments.contains("live") { LiveBenchmark.run() }
if arguments.isEmpty || arguments.contains("import") { ImportBenchmark.run() }
if arguments.isEmpty || arguments.contains("codec") { CodecBenchmark.run() }
// `import-inputs DIR` writes the generated inputs; `import-time DIR` times ours on them (scripts/bench-importers).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "import-inputs" {
    try ImportBenchmark.writeInputs(to: URL(fileURLWithPath: CommandLine.arguments[2]))
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "import-time" {
    ImportBenchmark.run(inputs: URL(fileURLWithPath: CommandLine.arguments[2]), machine: true)
}
