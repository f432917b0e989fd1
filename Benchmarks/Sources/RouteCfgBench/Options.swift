import Foundation

/// The command line of `routecfg-bench`.
struct Options {
  /// Module counts of the synthetic manifests for the validate rows.
  var modules = [1_000, 5_000, 20_000]
  /// Interleaved rounds per measurement.
  var rounds = 5
  /// One small round of everything: checks that the suite builds and runs (CI).
  var quick = false
  /// Count instructions with valgrind for the validate rows and the generated calls.
  var callgrind = false
  /// The `routecfg` binary the process rows run.
  var routecfg = ".build/release/routecfg"
  /// Replace the results table of this Markdown file.
  var writeDocs: String?
  /// Also write each synthetic manifest to this path.
  var keep: String?
  /// Sections to run (`validate`, `shapes`, `router`, `registry`, `facade`, `generated`); all when empty.
  var only: Set<String> = []
  /// Processes the generated-code calls are measured in, each with its own rounds: the ratio of
  /// two calls moves with how a process's code happens to be placed, so one process is one draw.
  var processes = 5
  /// Set in those processes: write the calls' samples to this file instead of rows.
  var samplesTo: String?
  /// Set in the processes callgrind counts (`--count-calls LOOP:N`): make N calls of one loop
  /// of the generated rows, and nothing else.
  var countCalls: (CallLoop, Int)?

  static let usage = """
    usage: routecfg-bench [--modules N[,N...]] [--rounds N] [--quick] [--callgrind]
                          [--only SECTION[,SECTION...]] [--routecfg PATH] [--write-docs FILE]
                          [--keep PATH] [--processes N]
    sections: validate, shapes, router, registry, facade, generated
    """

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--modules":
        let sizes = iterator.next()?.split(separator: ",").compactMap { Int($0) } ?? []
        if !sizes.isEmpty { modules = sizes }
      case "--rounds", "--runs": rounds = max(1, iterator.next().flatMap(Int.init) ?? rounds)
      case "--quick":
        quick = true
        rounds = 1
        processes = 1
      case "--processes": processes = max(1, iterator.next().flatMap(Int.init) ?? processes)
      case "--samples-to": samplesTo = iterator.next()
      case "--count-calls":
        let parts = iterator.next()?.split(separator: ":") ?? []
        guard parts.count == 2, let loop = CallLoop(rawValue: String(parts[0])), let count = Int(parts[1])
        else {
          FileHandle.standardError.write(Data((Self.usage + "\n").utf8))
          exit(64)
        }
        countCalls = (loop, count)
        only = ["generated"]
      case "--callgrind": callgrind = true
      case "--routecfg": routecfg = iterator.next() ?? routecfg
      case "--write-docs": writeDocs = iterator.next()
      case "--keep": keep = iterator.next()
      case "--only": only = Set(iterator.next()?.split(separator: ",").map(String.init) ?? [])
      default:
        FileHandle.standardError.write(Data((Self.usage + "\n").utf8))
        exit(64)
      }
    }
  }
}

extension Options {
  /// `true` when `section` runs.
  func runs(_ section: String) -> Bool { only.isEmpty || only.contains(section) }
}

/// The binaries the process rows run.
struct Tools {
  let routecfg: String
  /// `libyaml-scan`, the reference process of the validate rows (C).
  let scan: String
  let yams: String
  /// The `peak-memory` helper.
  let peakMemory: String

  init(_ options: Options) throws {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    scan = here.appendingPathComponent("libyaml-scan").path
    yams = here.appendingPathComponent("yams-compose").path
    peakMemory = here.appendingPathComponent("peak-memory").path
    routecfg = URL(fileURLWithPath: options.routecfg).path
    if access(routecfg, X_OK) != 0 {
      throw BenchError(
        "\(routecfg) is missing; build routecfg first ('swift build -c release --static-swift-stdlib' "
          + "at the repository root, as CLI.md installs it) or name it with --routecfg PATH")
    }
    for tool in [scan, yams, peakMemory] where access(tool, X_OK) != 0 {
      throw BenchError(
        "\(tool) is missing; build the benchmark package's tools beside routecfg-bench "
          + "('swift build -c release --package-path Benchmarks')")
    }
  }
}
