import Foundation
import ParleyCLI

exit(ParleyCommand.run(Array(CommandLine.arguments.dropFirst())))
