import RouteCfgCodegen
import RouteCfgCore
import RouteCfgSynthetic

/// Each manifest shape of ``ScaleShape`` validated in process at `n` and `4n`: linear work takes
/// about 4× as long at 4n, quadratic work 16×.
func shapeRows(options: Options) throws -> [ResultRow] {
  var rows: [ResultRow] = []
  for shape in ScaleShape.allCases {
    let large = options.quick ? 400 : largeSize(shape)
    let small = large / 4
    let smallText = shape.yaml(small)
    let largeText = shape.yaml(large)
    var smallTimes = Samples()
    var largeTimes = Samples()
    var ratios = Samples()
    for _ in 0..<options.rounds {
      let smallTime = try seconds { blackHole(try RouteCfg.validate(yaml: smallText, path: "shape.yaml")) }
      let largeTime = try seconds { blackHole(try RouteCfg.validate(yaml: largeText, path: "shape.yaml")) }
      smallTimes.add(smallTime)
      largeTimes.add(largeTime)
      ratios.add(largeTime / smallTime)
    }
    rows.append(
      ResultRow(
        measure: "shape `\(shape.rawValue)`: time at n = \(large.formatted()) over n = \(small.formatted()) "
          + "(\(megabytes(Double(largeText.utf8.count))))",
        result: ratio(ratios) + "; \(milliseconds(largeTimes)) at n = \(large.formatted())",
        target: "linear (≈ 4×, ≤ 6×)", met: ratios.median <= 6))
  }
  // The route enum, its matcher and the registry grow with the modules, and were quadratic in
  // them until 2026-11-30; the isolation of a chain of delegates was found one link per pass
  // over every adapter until the night of 2026-11-30.
  rows.append(try generateRow(.routedModules, large: 10_000, options: options))
  rows.append(try generateRow(.delegateChain, large: 4_000, options: options))
  return rows
}

/// `routecfg generate`'s work (`CodeGenerator.generate`, in process, files not written) for a
/// shape at `n` and `4n`.
private func generateRow(_ shape: ScaleShape, large: Int, options: Options) throws -> ResultRow {
  let large = options.quick ? 400 : large
  let small = large / 4
  func graph(_ n: Int) throws -> AppGraph {
    let result = try RouteCfg.validate(yaml: shape.yaml(n), path: "Shape.yaml")
    guard let graph = result.graph else { throw BenchError("the \(shape.rawValue) shape has errors") }
    return graph
  }
  let (smallGraph, largeGraph) = (try graph(small), try graph(large))
  func generate(_ graph: AppGraph) throws {
    blackHole(try CodeGenerator.generate(graph, manifestPath: "Shape.yaml", options: CodegenOptions()))
  }
  var largeTimes = Samples()
  var ratios = Samples()
  for _ in 0..<options.rounds {
    let smallTime = try seconds { try generate(smallGraph) }
    let largeTime = try seconds { try generate(largeGraph) }
    largeTimes.add(largeTime)
    ratios.add(largeTime / smallTime)
  }
  return ResultRow(
    measure: "`generate` of the `\(shape.rawValue)` shape: time at n = \(large.formatted()) over "
      + "n = \(small.formatted())",
    result: ratio(ratios) + "; \(milliseconds(largeTimes)) at n = \(large.formatted())",
    target: "linear (≈ 4×, ≤ 6×)", met: ratios.median <= 6)
}

/// The size each shape is measured at: the quadratic cases at their reported sizes.
private func largeSize(_ shape: ScaleShape) -> Int {
  switch shape {
  case .longLine, .anchoredLine: return 16_000
  case .wideAdapter, .longParameterList: return 64_000
  case .wideMapping, .manyVariants, .unknownList: return 40_000
  case .inheritance, .delegateChain, .sharedPrefixRoutes, .manyErrors, .routedModules: return 16_000
  }
}
