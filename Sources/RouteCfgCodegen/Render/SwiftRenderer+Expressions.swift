extension SwiftRenderer {
  func layout(_ expression: SwiftExpr) -> Layout {
    switch expression {
    case .identifier(let name): return .text(Self.identifier(name))
    case .verbatim(let text): return .text(text)
    case .string(let text): return .text(Self.stringLiteral(text))
    case .member(let base, let name):
      guard let base else { return .text("." + Self.memberName(name)) }
      return .concat([layout(base), .text("." + Self.memberName(name))])
    case .optionalMember(let base, let name):
      return .concat([layout(base), .text("?." + Self.memberName(name))])
    case .call(let callee, let arguments, let trailing):
      var parts = [layout(callee)]
      if !arguments.isEmpty || trailing == nil {
        parts.append(delimitedList("(", arguments.map(layout), ")"))
      }
      if let trailing { parts += [.text(" "), layout(trailing)] }
      return .concat(parts)
    case .closure(let closure): return layout(closure)
    case .try(let inner): return .concat([.text("try "), layout(inner)])
    case .await(let inner): return .concat([.text("await "), layout(inner)])
    case .binary(let lhs, let operation, let rhs):
      return .concat([layout(lhs), .text(" \(operation) "), layout(rhs)])
    case .conditionalCast(let inner, let type):
      return .concat([layout(inner), .text(" as? " + type.source)])
    case .cast(let inner, let type):
      return .concat([layout(inner), .text(" as " + type.source)])
    case .array(let elements): return delimitedList("[", elements.map(layout), "]", trailingComma: true)
    case .parenthesized(let inner): return .concat([.text("("), layout(inner), .text(")")])
    case .tuple(let elements): return delimitedList("(", elements.map(layout), ")")
    case .subscripted(let base, let indices):
      return .concat([
        layout(base), .text("["), .joined(indices.map(layout), separator: .text(", ")), .text("]"),
      ])
    case .interpolated(let parts):
      var layouts: [Layout] = [.text("\"")]
      for part in parts {
        switch part {
        case .text(let text): layouts.append(.text(String(Self.stringLiteral(text).dropFirst().dropLast())))
        case .expression(let expression): layouts += [.text("\\("), flat(expression), .text(")")]
        }
      }
      layouts.append(.text("\""))
      return .concat(layouts)
    }
  }

  /// An expression that must stay on one line (inside a string interpolation).
  private func flat(_ expression: SwiftExpr) -> Layout {
    .text(LayoutPrinter(width: Int.max).print(layout(expression)))
  }

  func layout(_ argument: SwiftArgument) -> Layout {
    guard let label = argument.label else { return layout(argument.value) }
    return .concat([.text(Self.argumentLabel(label) + ": "), layout(argument.value)])
  }

  /// `{ a, b in body }` on one line when it fits and has one statement, else broken; a closure
  /// with a result type, whose signature is long, puts it on a line of its own when broken.
  func layout(_ closure: SwiftClosure) -> Layout {
    var parameters = closure.parameters.map(Self.identifier).joined(separator: ", ")
    if let types = closure.types {
      parameters =
        "("
        + zip(closure.parameters, types).map { Self.identifier($0) + ": " + $1.source }.joined(
          separator: ", ") + ")"
      if let result = closure.result { parameters += " -> " + result.source }
    }
    let head = closure.parameters.isEmpty ? "{" : "{ " + parameters + " in"
    if closure.body.isEmpty { return .text(closure.parameters.isEmpty ? "{}" : head + " }") }
    let body = statements(closure.body)
    let separator: Layout = closure.body.count == 1 ? .line : .hardLine
    if closure.result != nil {
      return .group(
        .concat([
          .text("{"), .indent(.concat([.line, .text(parameters + " in"), separator, body])), separator,
          .text("}"),
        ]))
    }
    return .group(.concat([.text(head), .indent(.concat([separator, body])), separator, .text("}")]))
  }

  /// `open` items `close`, flat when it fits, else one item per line with the closing
  /// delimiter on its own line.
  func delimitedList(_ open: String, _ items: [Layout], _ close: String, trailingComma: Bool = false)
    -> Layout
  {
    guard !items.isEmpty else { return .text(open + close) }
    return .group(
      .concat([
        .text(open),
        .indent(
          .concat([
            .softLine, .joined(items, separator: .concat([.text(","), .line])),
            trailingComma ? .whenBroken(",") : .empty,
          ])),
        .softLine,
        .text(close),
      ]))
  }

  /// `name: Type`, breaking after the colon when it does not fit, then after a function
  /// type's `->` (as swift-format does: the result indented once more, except in a parameter).
  func annotated(_ name: String, _ type: SwiftType, isParameter: Bool = false) -> Layout {
    var typeLayout = Layout.text(type.source)
    if case .function(var function) = type {
      let result = function.result
      function.result = .void
      let head = String(SwiftType.function(function).source.dropLast(" Void".count))
      let tail: Layout = .concat([.line, .text(result.source)])
      typeLayout = .group(.concat([.text(head), isParameter ? tail : .indent(tail)]))
    }
    return .group(.concat([.text(name + ":"), .indent(.concat([.line, typeLayout]))]))
  }

  /// `target = value`, breaking after `=` when it does not fit.
  func assignment(_ target: Layout, _ value: Layout) -> Layout {
    .group(.concat([target, .text(" ="), .indent(.concat([.line, value]))]))
  }
}
