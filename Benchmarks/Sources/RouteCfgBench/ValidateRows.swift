import CLibYAML
import Foundation
import RouteCfgCore
import RouteCfgSynthetic

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

/// `routecfg validate` on a synthetic manifest of `modules` modules against a bare libyaml scan
/// process and a Yams process composing the same file, with peak memory (and, with
/// `--callgrind`, instruction counts).
func validateRows(modules: Int, options: Options, tools: Tools) throws -> [ResultRow] {
  let path = NSTemporaryDirectory() + "routecfg-bench-\(modules).yaml"
  let text = SyntheticManifest.yaml(moduleCount: modules)
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  defer { if options.keep == nil { unlink(path) } }
  if let keep = options.keep { try text.write(toFile: keep, atomically: true, encoding: .utf8) }
  let bytes = Array(text.utf8)
  let size = "\(modules.formatted()) modules (\(megabytes(Double(bytes.count))))"

  // Check the contestants once: the manifest is valid and every process succeeds.
  let checked = try RouteCfg.validate(path: path)
  guard checked.isValid else { throw BenchError("the generated manifest is not valid") }
  for (tool, arguments) in [
    (tools.routecfg, ["validate", path]), (tools.scan, [path]), (tools.yams, [path]),
  ] {
    let run = try runProcess(tool, arguments)
    guard run.status == 0 else {
      throw BenchError("\(tool) \(arguments.joined(separator: " ")) exited \(run.status)")
    }
  }

  var scanProcess = Samples()
  var validateProcess = Samples()
  var yamsProcess = Samples()
  var versusScan = Samples()
  var versusYams = Samples()
  var memory = Samples()
  var scanMemory = Samples()
  var yamsMemory = Samples()
  var inProcessScan = Samples()
  var inProcessValidate = Samples()
  for _ in 0..<options.rounds {
    // One round runs every measurement once, in turn, so a slow moment hits them all alike.
    let scan = try runProcess(tools.scan, [path], peakMemory: tools.peakMemory)
    let validate = try runProcess(tools.routecfg, ["validate", path], peakMemory: tools.peakMemory)
    let yams = try runProcess(tools.yams, [path], peakMemory: tools.peakMemory)
    scanProcess.add(scan.seconds)
    validateProcess.add(validate.seconds)
    yamsProcess.add(yams.seconds)
    versusScan.add(validate.seconds / scan.seconds)
    versusYams.add(validate.seconds / yams.seconds)
    let scanTime = seconds { blackHole(bareScan(bytes)) }
    let validateTime = try seconds { blackHole(try RouteCfg.validate(path: path)) }
    inProcessScan.add(scanTime)
    inProcessValidate.add(validateTime)
  }

  // Peak memory in runs of their own, each binary started out of the page cache, so that the
  // figure does not depend on how recently the binary was built (``dropFromPageCache(_:)``).
  for _ in 0..<options.rounds {
    scanMemory.add(try peakMemoryFromCold(tools.scan, [path], helper: tools.peakMemory))
    memory.add(try peakMemoryFromCold(tools.routecfg, ["validate", path], helper: tools.peakMemory))
    yamsMemory.add(try peakMemoryFromCold(tools.yams, [path], helper: tools.peakMemory))
  }

  let memoryTarget = 6 * Double(bytes.count) + 16 * 1_048_576
  var rows = [
    ResultRow(
      measure: "`routecfg validate` process vs a libyaml scan process, \(size)",
      result: ratio(versusScan) + "; \(milliseconds(validateProcess)) vs \(milliseconds(scanProcess))",
      target: "≤ 2.0×", met: versusScan.median <= 2.0),
    ResultRow(
      measure: "`routecfg validate` process vs a Yams 6 process composing the file, \(size)",
      result: ratio(versusYams) + "; Yams \(milliseconds(yamsProcess))",
      target: "≤ 0.25×", met: versusYams.median <= 0.25),
    ResultRow(
      measure: "`RouteCfg.validate` in process vs the libyaml scan in process, \(size)",
      result: String(format: "%.2f×", inProcessValidate.median / inProcessScan.median)
        + "; \(milliseconds(inProcessValidate)) vs \(milliseconds(inProcessScan))",
      target: "—", met: nil),
    ResultRow(
      measure: "peak memory of `routecfg validate`, \(size)",
      result: "\(megabytes(memory.median)) (scan process \(megabytes(scanMemory.median)), "
        + "Yams \(megabytes(yamsMemory.median)))",
      target: "≤ 6× file + 16 MiB = \(megabytes(memoryTarget))", met: memory.median <= memoryTarget),
  ]
  if options.callgrind, let scan = instructions(tools.scan, [path]),
    let validate = instructions(tools.routecfg, ["validate", path])
  {
    rows.append(
      ResultRow(
        measure: "instructions of `routecfg validate` vs the scan process (callgrind), \(size)",
        result: String(format: "%.2f× (%.0f M vs %.0f M)", validate / scan, validate / 1e6, scan / 1e6),
        target: "≤ 1.8×", met: validate / scan <= 1.8))
  }
  return rows
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func ratio(_ samples: Samples) -> String {
  String(format: "%.2f× (%.2f–%.2f×)", samples.median, samples.min, samples.max)
}

func milliseconds(_ samples: Samples) -> String {
  String(format: "%.1f ms (%.1f–%.1f)", samples.median * 1e3, samples.min * 1e3, samples.max * 1e3)
}

func megabytes(_ bytes: Double) -> String {
  String(format: "%.1f MiB", bytes / 1_048_576)
}
