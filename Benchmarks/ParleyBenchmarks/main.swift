// `make bench`: release-mode benchmarks, each printed as a table with a baseline run in this process.
let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("diff") { DiffBenchmark.run() }
if arguments.isEmpty || arguments.contains("render") { RenderBenchmark.run() }
if arguments.isEmpty || arguments.contains("patch") { PatchBenchmark.run() }
