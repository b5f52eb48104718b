// Writes seeded patch sequences for the browser convergence suite (Tests/Browser):
// OUT/NNN/initial.html (the page at the first version), OUT/NNN/batches.jsonl (one batch per
// line, in order) and OUT/NNN/final.html (the page at the last version).
import Foundation
import ParleyHTML
import ParleyTestSupport

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: ParleyConvergenceFixtures OUT [--seed S] [--count N]\n".utf8))
    exit(64)
}
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
        return value
    }
    return number
}
let firstSeed = option("--seed", default: 1), count = option("--count", default: 200)
for index in 0..<count {
    let sequence = try ConvergenceSequence(seed: UInt64(firstSeed + index))
    let folder = URL(fileURLWithPath: output).appendingPathComponent(String(format: "%03d", index))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(sequence.initialPage.bytes).write(to: folder.appendingPathComponent("initial.html"))
    try Data(sequence.batches.map { String(decoding: $0.json, as: UTF8.self) + "\n" }.joined().utf8)
        .write(to: folder.appendingPathComponent("batches.jsonl"))
    try Data(sequence.finalPage.bytes).write(to: folder.appendingPathComponent("final.html"))
}
print("wrote \(count) sequences to \(output)")
