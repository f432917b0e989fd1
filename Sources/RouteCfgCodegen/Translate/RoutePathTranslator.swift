import RouteCfgCore

/// Writes `AppRoute.path`: for each case, the module's routes tried from the one that carries
/// the most parameters in its path (then in declaration order); the first whose path can carry
/// the values wins, and optional values it does not bind go to the query. A path resolves back
/// to its case unless a route of higher precedence takes it, or the values are ones no URL
/// carries (`nil` in a path parameter, an empty string, `.` or `..`, a non-finite `Double`, a
/// parameter of a type URLs do not carry).
struct RoutePathTranslator {
  let context: GenerationContext
  let modules: [ModuleInfo]

  func pathProperty() -> SwiftDecl {
    let cases = modules.map(pathCase)
    let body: [SwiftStmt] = cases.isEmpty ? [.switch(.selfExpr, [])] : [.switch(.selfExpr, cases)]
    return .property(
      SwiftProperty(
        head: SwiftDeclHead(
          doc: [
            "A percent-encoded path (with a query for optional values) that resolves back to this route."
          ],
          modifiers: context.access),
        isLet: false, name: "path", type: .string, accessors: .computed(get: body, set: nil)))
  }

  /// One candidate: a route pattern and the parameters it binds in the path.
  private struct Candidate {
    let pattern: RoutePattern
    let index: Int
    var bound: Set<String> { Set(pattern.parameterNames) }
  }

  private func pathCase(_ module: ModuleInfo) -> SwiftSwitchCase {
    let candidates = module.routes.enumerated().map { Candidate(pattern: $1, index: $0) }.sorted {
      ($0.bound.count, -$0.index) > ($1.bound.count, -$1.index)
    }
    var used: Set<String> = []
    var statements: [SwiftStmt] = []
    var unconditional = false
    for candidate in candidates {
      let (conditions, build) = candidateCode(candidate, module: module, used: &used)
      if conditions.isEmpty {
        statements.append(.return(build))
        unconditional = true
        break
      }
      statements.append(.if(conditions, then: [.return(build)]))
    }
    if !unconditional, let first = module.routes.indices.first {
      // No route can carry these values: the first route, with empty segments for missing ones.
      statements.append(
        .return(
          fallbackPath(Candidate(pattern: module.routes[first], index: first), module: module, used: &used)))
    }
    let bindings = module.parameters.map { used.contains($0.name) ? $0.name : nil }
    let pattern: SwiftPattern = .enumCase(
      context.memberName(of: module.name), bindings: module.parameters.isEmpty ? [] : bindings)
    return SwiftSwitchCase(patterns: [pattern], body: statements)
  }

  /// The conditions under which `candidate` can carry the values, and the path it builds.
  private func candidateCode(_ candidate: Candidate, module: ModuleInfo, used: inout Set<String>)
    -> ([SwiftCondition], SwiftExpr)
  {
    let parameters = Dictionary(
      module.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var conditions: [SwiftCondition] = []
    var parts: [SwiftInterpolation] = []
    for segment in candidate.pattern.segments {
      parts.append(.text("/"))
      switch segment {
      case .literal(let text):
        parts.append(.text(Self.encoded(text)))
      case .parameter(let name), .catchAll(let name):
        guard let parameter = parameters[name], let type = parameter.routeType else { continue }
        used.insert(name)
        if parameter.isOptional { conditions.append(.optionalBinding(name, .identifier(name))) }
        let isCatchAll: Bool
        if case .catchAll = segment { isCatchAll = true } else { isCatchAll = false }
        switch type {
        case .string:
          conditions.append(
            .expression(
              .call(
                .identifier("Reader").dot(isCatchAll ? "isCatchAll" : "isSegment"),
                [.unlabeled(.identifier(name))])))
          parts.append(
            .expression(
              .call(
                .identifier("Reader").dot(isCatchAll ? "encodeCatchAll" : "encode"),
                [.unlabeled(.identifier(name))])))
        case .double:
          conditions.append(.expression(.identifier(name).dot("isFinite")))
          parts.append(.expression(Self.encodedText(.identifier(name))))
        case .int, .bool:
          parts.append(.expression(Self.encodedText(.identifier(name))))
        }
      }
    }
    if candidate.pattern.segments.isEmpty { parts.append(.text("/")) }
    var path = SwiftExpr.interpolated(parts)
    let query = queryItems(module, bound: candidate.bound, used: &used, conditions: &conditions)
    if let query { path = .binary(path, "+", query) }
    return (conditions, path)
  }

  /// `Reader.query([...])` for the optional parameters the pattern does not bind, or `nil`.
  private func queryItems(
    _ module: ModuleInfo, bound: Set<String>, used: inout Set<String>, conditions: inout [SwiftCondition]
  ) -> SwiftExpr? {
    var items: [SwiftExpr] = []
    for parameter in module.parameters where parameter.isOptional && !bound.contains(parameter.name) {
      guard let type = parameter.routeType else { continue }
      used.insert(parameter.name)
      let value: SwiftExpr
      switch type {
      case .string: value = .identifier(parameter.name)
      case .double:
        conditions.append(
          .expression(
            .binary(.optionalMember(.identifier(parameter.name), "isFinite"), "!=", .verbatim("false"))))
        value = .call(
          .identifier(parameter.name).dot("map"), [],
          trailing: SwiftClosure(.call(.identifier("String"), [.unlabeled(.verbatim("$0"))])))
      case .int, .bool:
        value = .call(
          .identifier(parameter.name).dot("map"), [],
          trailing: SwiftClosure(.call(.identifier("String"), [.unlabeled(.verbatim("$0"))])))
      }
      items.append(.tuple([.string(parameter.name), value]))
    }
    guard !items.isEmpty else { return nil }
    return .call(.identifier("Reader").dot("query"), [.unlabeled(.array(items))])
  }

  /// The first route's path when no route can carry the values: missing values as empty
  /// segments (a path no route matches).
  private func fallbackPath(_ candidate: Candidate, module: ModuleInfo, used: inout Set<String>) -> SwiftExpr
  {
    let parameters = Dictionary(
      module.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var parts: [SwiftInterpolation] = []
    for segment in candidate.pattern.segments {
      parts.append(.text("/"))
      switch segment {
      case .literal(let text): parts.append(.text(Self.encoded(text)))
      case .parameter(let name), .catchAll(let name):
        guard let parameter = parameters[name], let type = parameter.routeType else { continue }
        used.insert(name)
        var text: SwiftExpr =
          type == .string ? .identifier(name) : .call(.identifier("String"), [.unlabeled(.identifier(name))])
        if parameter.isOptional {
          text = .binary(
            .call(
              .identifier(name).dot("map"), [],
              trailing: SwiftClosure(
                type == .string
                  ? .verbatim("$0") : .call(.identifier("String"), [.unlabeled(.verbatim("$0"))]))),
            "??", .string(""))
        }
        parts.append(.expression(.call(.identifier("Reader").dot("encode"), [.unlabeled(text)])))
      }
    }
    var dummy: [SwiftCondition] = []
    let path = SwiftExpr.interpolated(parts)
    guard let query = queryItems(module, bound: candidate.bound, used: &used, conditions: &dummy) else {
      return path
    }
    return .binary(path, "+", query)
  }

  /// `Reader.encode(String(value))`.
  private static func encodedText(_ value: SwiftExpr) -> SwiftExpr {
    .call(
      .identifier("Reader").dot("encode"), [.unlabeled(.call(.identifier("String"), [.unlabeled(value)]))])
  }

  /// A literal segment as it goes in a URL: unreserved characters as they are, the rest
  /// percent-encoded.
  static func encoded(_ text: String) -> String {
    var result = ""
    let digits = Array("0123456789ABCDEF")
    for byte in text.utf8 {
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
        result.append(Character(Unicode.Scalar(byte)))
      default:
        result.append("%")
        result.append(digits[Int(byte >> 4)])
        result.append(digits[Int(byte & 0x0F)])
      }
    }
    return result
  }
}
