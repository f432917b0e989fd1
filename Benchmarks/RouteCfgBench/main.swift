import CYAML
import Foundation
import RouteCfgCore
import RouteCfgSynthetic

// routecfg-bench: how `routecfg validate` compares with a bare libyaml event scan of the same
// file. Build and run in release mode:
//
//   swift run -c release routecfg-bench [--modules 5000] [--runs 7] [--keep path.yaml]
//
// Every row is the best of `--runs` runs; ratios are against the bare scan measured in the same
// process, so they compare like with like on whatever machine runs them.

struct Options {
  var modules = 5_000
  var runs = 7
  var keep: String?

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--modules": modules = iterator.next().flatMap(Int.init) ?? modules
      case "--runs": runs = iterator.next().flatMap(Int.init) ?? runs
      case "--keep": keep = iterator.next()
      default:
        FileHandle.standardError.write(
          Data("usage: routecfg-bench [--modules N] [--runs N] [--keep PATH]\n".utf8))
        exit(64)
      }
    }
  }
}

/// The best wall-clock time of `runs` calls, in seconds.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
  var fastest = Double.infinity
  let clock = ContinuousClock()
  for _ in 0..<max(1, runs) {
    let elapsed = try clock.measure(body)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    fastest = min(fastest, seconds)
  }
  return fastest
}

/// Parses every libyaml event and throws it away: the floor any libyaml-based reader stands on.
func bareScan(_ bytes: [UInt8]) -> Int {
  let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
  defer { parser.deallocate() }
  guard yaml_parser_initialize(parser) == 1 else { return -1 }
  defer { yaml_parser_delete(parser) }
  var events = 0
  bytes.withUnsafeBufferPointer { buffer in
    yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
    var event = yaml_event_t()
    while yaml_parser_parse(parser, &event) == 1 {
      let done = event.type == YAML_STREAM_END_EVENT
      yaml_event_delete(&event)
      events += 1
      if done { break }
    }
  }
  return events
}

/// Runs the `routecfg` binary built next to this one.
func runRoutecfg(_ arguments: [String]) throws -> Int32 {
  let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  let process = Process()
  process.executableURL = here.deletingLastPathComponent().appendingPathComponent("routecfg")
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}

let options = Options(CommandLine.arguments)
let path = options.keep ?? NSTemporaryDirectory() + "routecfg-bench-\(options.modules).yaml"
let text = SyntheticManifest.yaml(moduleCount: options.modules)
try text.write(toFile: path, atomically: true, encoding: .utf8)
let bytes = Array(text.utf8)

let events = bareScan(bytes)
let checked = try RouteCfg.validate(path: path)
guard checked.isValid else {
  print("the generated manifest is not valid:")
  print(TextFormatter.format(checked.report))
  exit(1)
}
guard try runRoutecfg(["validate", path]) == 0 else {
  print("routecfg validate failed on the generated manifest")
  exit(1)
}

let scan = best(options.runs) { _ = bareScan(bytes) }
let tree = best(options.runs) { _ = YAMLReader.read(bytes, file: SourceFileID(0)) }
let load = best(options.runs) { _ = ManifestLoader().load(path: path) }
let validate = try best(options.runs) { _ = try RouteCfg.validate(path: path) }
let process = try best(options.runs) { _ = try runRoutecfg(["validate", path]) }
let trueProcess = try best(options.runs) { _ = try runRoutecfg(["--version"]) }

func row(_ name: String, _ seconds: Double) -> String {
  let milliseconds = String(format: "%9.1f ms", seconds * 1000)
  let ratio = String(format: "%6.2fx", seconds / scan)
  return name.padding(toLength: 44, withPad: " ", startingAt: 0) + milliseconds + "  " + ratio
}

print("manifest: \(options.modules) modules, \(bytes.count) bytes, \(events) libyaml events (\(path))")
print("best of \(options.runs) runs; ratio against the bare libyaml scan")
print(row("bare libyaml event scan (in process)", scan))
print(row("YAMLReader: events into the node tree", tree))
print(row("ManifestLoader: tree into the manifest model", load))
print(row("RouteCfg.validate: load and validate", validate))
print(row("`routecfg validate` process (start to exit)", process))
print(row("`routecfg --version` process (start-up only)", trueProcess))
