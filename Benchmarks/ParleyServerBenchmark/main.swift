import Foundation

exit(ServerBenchmark.run(Array(CommandLine.arguments.dropFirst())))
