import Testing

@testable import RouteCfgCore

@Suite("Packed tree nodes")
struct PackedYAMLNodeTests {
  private static let kinds: [YAMLNode.Kind] = [.scalar, .sequence, .mapping]
  private static let styles: [YAMLStyle] = [
    .plain, .singleQuoted, .doubleQuoted, .literal, .folded, .block, .flow,
  ]

  /// Ends on the start's line, near it, at the last line and column that fit, one past each,
  /// before the start, and at the largest points a file can have.
  private static let places: [(start: TextPoint, end: TextPoint)] = [
    (TextPoint(line: 1, column: 1), TextPoint(line: 1, column: 1)),
    (TextPoint(line: 3, column: 7), TextPoint(line: 3, column: 12)),
    (TextPoint(line: 3, column: 7), TextPoint(line: 3 + FarEnds.lineSpan - 1, column: 1)),
    (TextPoint(line: 3, column: 7), TextPoint(line: 3 + FarEnds.lineSpan, column: 1)),
    (TextPoint(line: 2, column: 1), TextPoint(line: 2, column: FarEnds.columnLimit - 1)),
    (TextPoint(line: 2, column: 1), TextPoint(line: 2, column: FarEnds.columnLimit)),
    (TextPoint(line: 9, column: 5), TextPoint(line: 8, column: 1)),
    (TextPoint(line: 9, column: 5), TextPoint(line: 9, column: 4)),
    (TextPoint(line: .max - 1, column: .max), TextPoint(line: .max, column: .max)),
  ]

  private static func packed(_ node: YAMLNode) -> PackedYAMLNode {
    PackedYAMLNode(
      kind: node.kind, style: node.style, start: node.start, end: node.end, print: node.print,
      value: node.value)
  }

  @Test func everyKindStyleAndEndComesBackAsItWasRead() {
    var nodes: [PackedYAMLNode] = []
    var farEnds = FarEnds()
    var expected: [YAMLNode] = []
    for kind in Self.kinds {
      for style in Self.styles {
        for (start, end) in Self.places {
          let node = YAMLNode(
            kind: kind, style: style, start: start, end: end, print: UInt32(nodes.count) | 1 << 31,
            value: kind == .scalar ? "text \(nodes.count)" : "")
          let packed = Self.packed(node)
          if packed.hasFarEnd { farEnds.append(end, of: Int32(nodes.count)) }
          nodes.append(packed)
          expected.append(node)
        }
      }
    }
    for (index, packed) in nodes.enumerated() {
      let node = YAMLNode(packed, index: Int32(index), farEnds: farEnds)
      let want = expected[index]
      #expect(
        [node.kind == want.kind, node.style == want.style, node.start == want.start, node.end == want.end]
          == [true, true, true, true], "node \(index)")
      #expect(node.print == want.print && node.value == want.value, "node \(index)")
    }
  }

  @Test func onlyEndsThatDoNotFitAreKeptAside() {
    let far = Self.places.map { place in
      Self.packed(
        YAMLNode(kind: .mapping, style: .block, start: place.start, end: place.end, print: 0, value: "")
      )
      .hasFarEnd
    }
    #expect(far == [false, false, false, true, false, true, true, false, true])
  }
}
