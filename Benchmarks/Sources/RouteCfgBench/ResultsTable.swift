import Foundation

/// One row of the results: what was measured, the result, the target and whether it holds.
struct ResultRow {
  var measure: String
  var result: String
  var target: String
  /// `nil` when the row has no target (or is not measured yet).
  var met: Bool?

  var verdict: String {
    switch met {
    case true?: return "met"
    case false?: return "**not met**"
    case nil: return "—"
    }
  }

  /// The row as the terminal shows it.
  var line: String { "  \(measure)\n      \(result)   [target \(target): \(verdict)]" }
}

/// The results table of Docs/Performance.md: the rows with the machine, the date and the
/// command, written between two marker comments so that the text around it stays.
struct ResultsTable {
  static let startMarker = "<!-- routecfg-bench results: start -->"
  static let endMarker = "<!-- routecfg-bench results: end -->"

  let rows: [ResultRow]
  let options: Options

  var markdown: String {
    var text = "\(Self.startMarker)\n"
    text += "Measured \(Self.today()) on \(Self.machine()), with\n"
    text += "`swift run -c release --package-path Benchmarks routecfg-bench "
    text += CommandLine.arguments.dropFirst().joined(separator: " ") + "`"
    text += " (\(options.rounds) interleaved rounds; median, then min–max)"
    if options.runs("validate") {
      text += Self.linking(of: options.routecfg).map { "; the `routecfg` binary \($0)" } ?? ""
    }
    text += ".\n\n"
    text += "| Measure | Result | Target | |\n|---|---|---|---|\n"
    for row in rows {
      text += "| \(row.measure) | \(row.result) | \(row.target) | \(row.verdict) |\n"
    }
    return text + Self.endMarker
  }

  /// Replaces the text between the markers in the file at `path`.
  func write(into path: String) throws {
    let document = try String(contentsOfFile: path, encoding: .utf8)
    guard let start = document.range(of: Self.startMarker), let end = document.range(of: Self.endMarker),
      start.lowerBound < end.lowerBound
    else { throw BenchError("\(path) has no '\(Self.startMarker)' ... '\(Self.endMarker)' section") }
    let updated = document.replacingCharacters(in: start.lowerBound..<end.upperBound, with: markdown)
    try updated.write(toFile: path, atomically: true, encoding: .utf8)
  }

  private static func today() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }

  /// How the binary at `path` has the Swift runtime: linked in (`--static-swift-stdlib`) or
  /// as shared libraries, which it then loads at every start. `nil` where that cannot be read.
  private static func linking(of path: String) -> String? {
    #if os(Linux)
      guard let binary = FileManager.default.contents(atPath: path) else { return nil }
      return binary.range(of: Data("libswiftCore.so".utf8)) == nil
        ? "has the Swift runtime linked in (`swift build -c release --static-swift-stdlib`)"
        : "loads the Swift runtime as shared libraries (`swift build -c release`)"
    #else
      return nil
    #endif
  }

  /// The CPU, cores, memory and toolchain.
  private static func machine() -> String {
    let info = ProcessInfo.processInfo
    var cpu = "unknown CPU"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let name = line.split(separator: ":", maxSplits: 1).last
    {
      cpu = name.trimmingCharacters(in: .whitespaces)
    }
    let memory = Double(info.physicalMemory) / 1_073_741_824
    #if os(Linux)
      let system = "Linux"
    #else
      let system = "macOS"
    #endif
    #if arch(x86_64)
      let architecture = "x86-64"
    #else
      let architecture = "arm64"
    #endif
    return "\(system) \(architecture), \(cpu), \(info.activeProcessorCount) cores, "
      + String(format: "%.0f GiB", memory) + ", Swift 6 release build"
  }
}
