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
  return rows
}

/// The size each shape is measured at: the quadratic cases at their reported sizes.
private func largeSize(_ shape: ScaleShape) -> Int {
  switch shape {
  case .longLine: return 16_000
  case .wideAdapter, .longParameterList: return 64_000
  case .wideMapping, .manyVariants: return 40_000
  case .inheritance, .delegateChain, .sharedPrefixRoutes, .manyErrors: return 16_000
  }
}
