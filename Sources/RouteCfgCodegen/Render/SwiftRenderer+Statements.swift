extension SwiftRenderer {
  /// Statements, one per line.
  func statements(_ statements: [SwiftStmt]) -> Layout {
    .joined(statements.map(layout), separator: .hardLine)
  }

  /// `{` statements `}` with the statements indented on their own lines.
  func block(_ body: [SwiftStmt]) -> Layout {
    guard !body.isEmpty else { return .text("{}") }
    return .concat([.text("{"), .indent(.concat([.hardLine, statements(body)])), .hardLine, .text("}")])
  }

  func layout(_ statement: SwiftStmt) -> Layout {
    switch statement {
    case .expression(let expression): return layout(expression)
    case .return(let value):
      guard let value else { return .text("return") }
      return .concat([.text("return "), layout(value)])
    case .assign(let target, let value):
      return assignment(layout(target), layout(value))
    case .declaration(let binding):
      var text =
        (binding.isUnsafelyNonisolated ? "nonisolated(unsafe) " : "") + (binding.isMutable ? "var " : "let ")
        + Self.identifier(binding.name)
      if let type = binding.type { text += ": " + type.source }
      guard let value = binding.value else { return .text(text) }
      return assignment(.text(text), layout(value))
    case .if(let conditions, let then, let otherwise):
      var parts: [Layout] = [conditionHead("if ", conditions, "{"), blockBody(then)]
      if let otherwise {
        // `else if` stays on the `else` line.
        if otherwise.count == 1, case .if = otherwise[0] {
          parts += [.text(" else "), layout(otherwise[0])]
        } else {
          parts += [.text(" else "), block(otherwise)]
        }
      }
      return .concat(parts)
    case .guard(let conditions, let otherwise):
      return .concat([conditionHead("guard ", conditions, "else {"), blockBody(otherwise)])
    case .switch(let subject, let cases):
      var parts: [Layout] = [.text("switch "), layout(subject), .text(" {")]
      for switchCase in cases {
        parts += [.hardLine, layout(switchCase)]
      }
      parts += [.hardLine, .text("}")]
      return .concat(parts)
    case .throw(let error): return .concat([.text("throw "), layout(error)])
    case .comment(let text): return .comment(prefix: "// ", text: SwiftRenderer.commentText(text))
    }
  }

  /// `if a, b {` on one line when it fits, else one condition per line and the brace on a line
  /// of its own, as swift-format writes it.
  private func conditionHead(_ keyword: String, _ conditions: [SwiftCondition], _ opening: String) -> Layout {
    .group(.concat([.text(keyword), .indent(layout(conditions)), .line, .text(opening)]))
  }

  /// The statements of a block after its `{`, indented, and its `}`.
  private func blockBody(_ body: [SwiftStmt]) -> Layout {
    guard !body.isEmpty else { return .text("}") }
    return .concat([.indent(.concat([.hardLine, statements(body)])), .hardLine, .text("}")])
  }

  private func layout(_ conditions: [SwiftCondition]) -> Layout {
    .joined(
      conditions.map { condition in
        switch condition {
        case .expression(let expression): return layout(expression)
        case .optionalBinding(let name, let value):
          if case .identifier(name) = value { return .text("let " + Self.identifier(name)) }
          return .concat([.text("let \(Self.identifier(name)) = "), layout(value)])
        case .pattern(let pattern, let value):
          return .concat([.text("case "), layout(pattern), .text(" = "), layout(value)])
        }
      }, separator: .concat([.text(","), .line]))
  }

  private func layout(_ switchCase: SwiftSwitchCase) -> Layout {
    let label: Layout =
      switchCase.patterns.isEmpty
      ? .text("default:")
      : .concat([
        .text("case "), .joined(switchCase.patterns.map(layout), separator: .text(", ")), .text(":"),
      ])
    return .concat([label, .indent(.concat([.hardLine, statements(switchCase.body)]))])
  }

  func layout(_ pattern: SwiftPattern) -> Layout {
    switch pattern {
    case .expression(let expression): return layout(expression)
    case .enumCase(let name, let bindings):
      let head = "." + Self.memberName(name)
      guard !bindings.isEmpty else { return .text(head) }
      let items = bindings.map { $0.map { "let " + Self.identifier($0) } ?? "_" }
      return .text(head + "(" + items.joined(separator: ", ") + ")")
    case .optionalSome(let name): return .text("let \(Self.identifier(name))?")
    case .some(let inner): return .concat([layout(inner), .text("?")])
    case .tuple(let elements): return delimitedList("(", elements.map(layout), ")")
    case .none: return .text("nil")
    }
  }
}
