import Foundation

/// Samples of one measurement: its median, with the minimum and maximum.
struct Samples {
  private(set) var values: [Double] = []

  mutating func add(_ value: Double) { values.append(value) }

  var median: Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var min: Double { values.min() ?? .nan }
  var max: Double { values.max() ?? .nan }
}

/// The wall-clock time of one call, in seconds.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let elapsed = try ContinuousClock().measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// What running a process gave: its exit status, wall-clock time and peak resident memory.
struct ProcessRun {
  var status: Int32
  var seconds: Double
  /// Peak resident set size, in bytes.
  var peakMemory: Double
}

/// Drops a file's pages from the page cache (on Linux; elsewhere nothing), so that the next
/// process started from it maps them as they are read back. How many of a binary's pages a
/// process counts as resident depends on how they entered the cache: a binary written a moment
/// ago, as by a build, maps 0.6–0.8 MiB more than the same bytes read back from disk, so peak
/// memory is measured with the binary out of the cache.
func dropFromPageCache(_ path: String) {
  #if os(Linux)
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    // Only clean pages are dropped: a fresh build's may not be written back yet.
    _ = fsync(descriptor)
    _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
  #endif
}

/// The peak memory of one run of `executable`, started with its pages out of the page cache
/// (``dropFromPageCache(_:)``).
func peakMemoryFromCold(_ executable: String, _ arguments: [String], helper: String) throws -> Double {
  dropFromPageCache(executable)
  return try runProcess(executable, arguments, peakMemory: helper).peakMemory
}

struct SpawnError: Error, CustomStringConvertible {
  let executable: String
  let code: Int32
  var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
}

/// Runs a binary with its output discarded, through `posix_spawn` so that the timing holds the
/// binary's own start-up and nothing of Foundation's. With `peakMemory` (the `peak-memory`
/// helper), the binary runs under it and its peak memory and time are read back: the helper
/// times the binary from its spawn to its exit, so the helper's own start-up is in no time.
func runProcess(
  _ executable: String, _ arguments: [String], peakMemory helper: String? = nil,
  stderrPath: String = "/dev/null"
) throws -> ProcessRun {
  let report = NSTemporaryDirectory() + "routecfg-bench-peak-\(getpid()).txt"
  let command = helper.map { [$0, report, executable] + arguments } ?? [executable] + arguments
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv = command.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let start = ContinuousClock.now
  let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
  guard spawned == 0 else { throw SpawnError(executable: command[0], code: spawned) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  let elapsed = ContinuousClock.now - start
  let time = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  // Exited normally: the exit status; otherwise 128 + the signal, as shells report it.
  let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  guard let helper else { return ProcessRun(status: code, seconds: time, peakMemory: .nan) }
  // The helper's report: the peak (Linux reports kilobytes, macOS bytes), then its own timing
  // of the command, without the helper's start-up. Without it this sample would be timed
  // differently from the others, so it is an error.
  defer { unlink(report) }
  let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(
    whereSeparator: \.isWhitespace)
  guard fields.count == 2, let peak = Double(fields[0]), let seconds = Double(fields[1]) else {
    throw BenchError("\(helper) wrote no peak memory and time for \(executable)")
  }
  #if os(Linux)
    let bytes = peak * 1024
  #else
    let bytes = peak
  #endif
  return ProcessRun(status: code, seconds: seconds, peakMemory: bytes)
}

/// The instructions a process executes, counted by `valgrind --tool=callgrind` (the same count
/// for the same binary and input, whatever else the machine does); `nil` without valgrind.
func instructions(_ executable: String, _ arguments: [String]) -> Double? {
  guard let valgrind = which("valgrind") else { return nil }
  let log = NSTemporaryDirectory() + "routecfg-bench-callgrind-\(getpid()).txt"
  defer { unlink(log) }
  let arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", executable] + arguments
  guard let run = try? runProcess(valgrind, arguments, stderrPath: log), run.status == 0,
    let text = try? String(contentsOfFile: log, encoding: .utf8),
    let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
    let count = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
  else { return nil }
  return count
}

/// The path of a command on `PATH`.
func which(_ command: String) -> String? {
  let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  return paths.map { "\($0)/\(command)" }.first { access($0, X_OK) == 0 }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
