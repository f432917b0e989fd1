import CYAML
import Foundation
import RouteCfgCore
import RouteCfgSynthetic

// routecfg-bench: how `routecfg validate` compares with a bare libyaml event scan of the same
// file. Build and run in release mode:
//
//   swift build -c release && .build/release/routecfg-bench [--modules 5000] [--runs 7] [--keep path.yaml]
//
// Every row is the best of `--runs` rounds. In-process rows are compared with a bare libyaml scan
// in the same process; process rows with a process that only reads and scans the file
// (`routecfg-bench --scan PATH`), so they compare like with like on whatever machine runs them.

struct Options {
  var modules = 5_000
  var runs = 7
  var keep: String?
  /// `--scan PATH`: only scan that file with libyaml and exit (the reference process).
  var scanOnly: String?

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--modules": modules = iterator.next().flatMap(Int.init) ?? modules
      case "--runs": runs = iterator.next().flatMap(Int.init) ?? runs
      case "--keep": keep = iterator.next()
      case "--scan": scanOnly = iterator.next()
      default:
        FileHandle.standardError.write(
          Data("usage: routecfg-bench [--modules N] [--runs N] [--keep PATH] [--scan PATH]\n".utf8))
        exit(64)
      }
    }
  }
}

/// The wall-clock time of one call, in seconds.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let elapsed = try ContinuousClock().measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
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

/// The path of a binary built next to this one.
func sibling(_ name: String) -> String {
  let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  return here.deletingLastPathComponent().appendingPathComponent(name).path
}

/// When a file was last modified, in seconds since 1970.
func modificationTime(_ path: String) -> Double? {
  (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?
    .timeIntervalSince1970
}

/// Runs a binary with its output discarded, through `posix_spawn` so that the timing holds the
/// binary's own start-up and nothing of Foundation's.
func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
  guard spawned == 0 else { throw SpawnError(executable: executable, code: spawned) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  // Exited normally: the exit status; otherwise 128 + the signal, as shells report it.
  return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

struct SpawnError: Error, CustomStringConvertible {
  let executable: String
  let code: Int32
  var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
}

let options = Options(CommandLine.arguments)
if let scanPath = options.scanOnly {
  // The reference process: read the file, scan every event, exit.
  guard let data = FileManager.default.contents(atPath: scanPath) else { exit(66) }
  exit(bareScan(Array(data)) > 0 ? 0 : 1)
}
let routecfg = sibling("routecfg")
let bench = sibling("routecfg-bench")
if let built = modificationTime(routecfg), let benchBuilt = modificationTime(bench), built < benchBuilt {
  // `swift run routecfg-bench` does not rebuild `routecfg`: timing an old binary misleads.
  FileHandle.standardError.write(
    Data("warning: \(routecfg) is older than this benchmark; run 'swift build -c release' first\n".utf8))
}
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
guard try run(routecfg, ["validate", path]) == 0 else {
  print("routecfg validate failed on the generated manifest")
  exit(1)
}

// Rounds run every measurement once, in turn, so that a slow moment of the machine hits all of
// them alike; each row keeps its best round.
var scan = Double.infinity
var tree = Double.infinity
var load = Double.infinity
var validate = Double.infinity
var process = Double.infinity
var scanProcess = Double.infinity
var startUp = Double.infinity
for _ in 0..<max(1, options.runs) {
  scan = min(scan, seconds { _ = bareScan(bytes) })
  tree = min(tree, seconds { _ = YAMLReader.read(bytes, file: SourceFileID(0)) })
  load = min(load, seconds { _ = ManifestLoader().load(path: path) })
  validate = min(validate, try seconds { _ = try RouteCfg.validate(path: path) })
  scanProcess = min(scanProcess, try seconds { _ = try run(bench, ["--scan", path]) })
  process = min(process, try seconds { _ = try run(routecfg, ["validate", path]) })
  startUp = min(startUp, try seconds { _ = try run(routecfg, ["--version"]) })
}

func row(_ name: String, _ seconds: Double, against scan: Double) -> String {
  let milliseconds = String(format: "%9.1f ms", seconds * 1000)
  let ratio = String(format: "%6.2fx", seconds / scan)
  return name.padding(toLength: 44, withPad: " ", startingAt: 0) + milliseconds + "  " + ratio
}

print("manifest: \(options.modules) modules, \(bytes.count) bytes, \(events) libyaml events (\(path))")
print("best of \(options.runs) rounds; ratios against the bare libyaml scan, in process and as a process")
print(row("bare libyaml event scan (in process)", scan, against: scan))
print(row("YAMLReader: events into the node tree", tree, against: scan))
print(row("ManifestLoader: tree into the manifest model", load, against: scan))
print(row("RouteCfg.validate: load and validate", validate, against: scan))
print(row("bare libyaml scan process (read, scan, exit)", scanProcess, against: scanProcess))
print(row("`routecfg validate` process (start to exit)", process, against: scanProcess))
print(row("`routecfg --version` process (start-up only)", startUp, against: scanProcess))
