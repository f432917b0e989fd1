extension SwiftRenderer {
  func layout(_ declaration: SwiftDecl) -> Layout {
    switch declaration {
    case .protocolDecl(let decl):
      let requirements = decl.requirements.map(layout)
      return .concat([
        head(decl.head, attributesOnOwnLine: true),
        typeHeader("protocol " + Self.identifier(decl.name), decl.inherits),
        body(requirements, separator: .hardLine),
      ])
    case .typeDecl(let decl):
      return .concat([
        head(decl.head, attributesOnOwnLine: true),
        typeHeader(decl.kind.rawValue + " " + Self.identifier(decl.name), decl.inherits),
        members(decl.members),
      ])
    case .extensionDecl(let decl):
      return .concat([
        head(decl.head), typeHeader("extension " + decl.name, decl.conformances), members(decl.members),
      ])
    case .function(let decl):
      return .concat([
        head(decl.head, attributesOnOwnLine: true), signature(decl.signature), .text(" "), block(decl.body),
      ])
    case .initializer(let decl):
      return .concat([
        head(decl.head, attributesOnOwnLine: true), .text("init"), parameterList(decl.parameters), .text(" "),
        block(decl.body),
      ])
    case .property(let decl): return layout(decl)
    case .enumCase(let decl):
      let name = "case " + Self.identifier(decl.name)
      let values = decl.associatedValues.map { value in
        value.label == nil ? .text(value.type.source) : layout(value)
      }
      let caseLayout: Layout =
        values.isEmpty ? .text(name) : .concat([.text(name), delimitedList("(", values, ")")])
      return .concat([docLines(decl.doc), caseLayout])
    case .typeAlias(let decl):
      return .concat([
        head(decl.head), .text("typealias " + Self.identifier(decl.name) + " = " + decl.type.source),
      ])
    case .verbatim(let text):
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        Layout.text(String($0))
      }
      return .joined(lines, separator: .hardLine)
    }
  }

  private func layout(_ requirement: SwiftRequirement) -> Layout {
    switch requirement {
    case .property(let doc, let attributes, let name, let type, let isSettable):
      let accessors = isSettable ? " { get set }" : " { get }"
      return .concat([
        docLines(doc),
        .text(prefix(attributes, []) + "var " + Self.declaredName(name) + ": " + type.source + accessors),
      ])
    case .method(let doc, let attributes, let signature):
      guard !attributes.isEmpty else { return .concat([docLines(doc), self.signature(signature)]) }
      return .concat([
        docLines(doc),
        .group(
          .concat([.joined(attributes.map(Layout.text), separator: .line), .line, self.signature(signature)])),
      ])
    }
  }

  private func layout(_ property: SwiftProperty) -> Layout {
    let declaration = annotated(
      (property.isLet ? "let " : "var ") + Self.declaredName(property.name), property.type)
    switch property.accessors {
    case .stored(let initialValue):
      guard let initialValue else { return .concat([head(property.head), declaration]) }
      return .concat([head(property.head), assignment(declaration, layout(initialValue))])
    case .computed(let getter, let setter):
      guard let setter else { return .concat([head(property.head), declaration, .text(" "), block(getter)]) }
      let accessors: Layout = .concat([
        .text("get "), block(getter), .hardLine, .text("set "), block(setter),
      ])
      return .concat([
        head(property.head), declaration, .text(" {"), .indent(.concat([.hardLine, accessors])), .hardLine,
        .text("}"),
      ])
    }
  }

  // MARK: Pieces

  /// Doc lines, attributes and modifiers. Types and functions put their attributes on lines of
  /// their own, as swift-format does once a declaration does not fit on one line.
  private func head(_ head: SwiftDeclHead, attributesOnOwnLine: Bool = false) -> Layout {
    guard attributesOnOwnLine, !head.attributes.isEmpty else {
      return .concat([docLines(head.doc), .text(prefix(head.attributes, head.modifiers))])
    }
    return .concat([
      docLines(head.doc), .joined(head.attributes.map(Layout.text), separator: .hardLine), .hardLine,
      .text(prefix([], head.modifiers)),
    ])
  }

  private func prefix(_ attributes: [String], _ modifiers: [String]) -> String {
    (attributes + modifiers).map { $0 + " " }.joined()
  }

  /// Doc comment lines: each entry is a paragraph (or list item) wrapped to the line width; an
  /// entry starting with spaces keeps them (list continuation).
  private func docLines(_ doc: [String]) -> Layout {
    .concat(
      doc.map { paragraph in
        let indentation = String(paragraph.prefix { $0 == " " })
        let text = String(paragraph.dropFirst(indentation.count))
        return Layout.concat([
          .comment(prefix: "/// " + indentation, text: SwiftRenderer.commentText(text)), .hardLine,
        ])
      })
  }

  /// `keyword Name: A, B {`, or, when that is too long, the conformances on their own line and
  /// the brace on the next (as swift-format writes it).
  private func typeHeader(_ text: String, _ inherits: [String]) -> Layout {
    guard !inherits.isEmpty else { return .text(text + " {") }
    return .group(
      .concat([
        .text(text + ":"),
        .indent(
          .concat([
            .line,
            .joined(inherits.map { .text(Self.typeName($0)) }, separator: .concat([.text(","), .line])),
          ])),
        .line, .text("{"),
      ]))
  }

  private func body(_ items: [Layout], separator: Layout) -> Layout {
    guard !items.isEmpty else { return .text("}") }
    return .concat([
      .indent(.concat([.hardLine, .joined(items, separator: separator)])), .hardLine, .text("}"),
    ])
  }

  /// Members with a blank line between them, except between enum cases and between stored
  /// properties.
  private func members(_ members: [SwiftDecl]) -> Layout {
    guard !members.isEmpty else { return .text("}") }
    var parts: [Layout] = []
    for (index, member) in members.enumerated() {
      if index > 0 {
        parts.append(
          isCompact(members[index - 1]) && isCompact(member) ? .hardLine : .concat([.hardLine, .hardLine]))
      }
      parts.append(layout(member))
    }
    return .concat([.indent(.concat([.hardLine, .concat(parts)])), .hardLine, .text("}")])
  }

  private func isCompact(_ declaration: SwiftDecl) -> Bool {
    switch declaration {
    case .enumCase(let decl): return decl.doc.isEmpty
    case .property(let decl):
      if case .stored = decl.accessors { return decl.head.doc.isEmpty }
      return false
    default: return false
    }
  }

  /// `func name(parameters) async throws -> Result`.
  func signature(_ signature: SwiftSignature) -> Layout {
    var tail = ""
    if signature.isAsync { tail += " async" }
    if signature.isThrowing { tail += " throws" }
    if let result = signature.result { tail += " -> " + result.source }
    var name = "func " + Self.declaredName(signature.name)
    // Operators are followed by a space (`static func == (lhs: ...`), as swift-format writes them.
    if let first = signature.name.unicodeScalars.first, !(first.properties.isXIDStart || first == "_") {
      name += " "
    }
    if !signature.genericParameters.isEmpty {
      name += "<" + signature.genericParameters.joined(separator: ", ") + ">"
    }
    return .concat([.text(name), parameterList(signature.parameters), .text(tail)])
  }

  func parameterList(_ parameters: [SwiftParameter]) -> Layout {
    delimitedList("(", parameters.map(layout), ")")
  }

  private func layout(_ parameter: SwiftParameter) -> Layout {
    var text: String
    switch parameter.label {
    case nil: text = "_ " + Self.identifier(parameter.name)
    case parameter.name?: text = Self.label(parameter.name)
    case let label?: text = Self.label(label) + " " + Self.identifier(parameter.name)
    }
    let annotation = annotated(text, parameter.type, isParameter: true)
    guard let defaultValue = parameter.defaultValue else { return annotation }
    return .concat([annotation, .text(" = "), layout(defaultValue)])
  }
}
