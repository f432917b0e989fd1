/// Manifests of one pathological shape each, for the scale tests and the benchmark's linearity
/// rows. Each shape stresses one part of the pipeline with `n` repetitions of one pattern, so
/// that doubling `n` doubles the input; a part that is not linear in its input shows up as a
/// time (or an operation count) that grows faster than `n`.
///
/// Shapes that are meant to be invalid say which diagnostics they produce, so that tests can
/// check the output as well as the time.
public enum ScaleShape: String, CaseIterable, Sendable {
  /// `n` protocols with double-quoted bodies in one flow mapping on one line, provided by one
  /// module whose `provides` list is one line too. The last body holds one error (`static`).
  case longLine = "long-line"
  /// `n` modules and `n` protocols, each a key of one block mapping, the last module key
  /// written twice (one duplicate-key error).
  case wideMapping = "wide-mapping"
  /// One adapter between two protocols of `n` members each, mapping every member explicitly;
  /// the last entry names a misspelt member (one unknown-member error with a suggestion).
  case wideAdapter = "wide-adapter"
  /// `n` protocols of one member each in chains of 32, each inheriting the one before, and one
  /// protocol inheriting the last of every chain (so all `n` members).
  case inheritance = "inheritance"
  /// `n` required protocols whose delegates chain (`delegate` of protocol `i` is protocol
  /// `i + 1`), each forwarded to its provided twin through an adapter with a renamed member:
  /// checking one adapter puts the next to use, `n` deep.
  case delegateChain = "delegate-chain"
  /// `n` variants, each binding a protocol that two modules provide.
  case manyVariants = "many-variants"
  /// `n` modules whose routes share long prefixes of literals and parameters.
  case sharedPrefixRoutes = "shared-prefix-routes"
  /// `n` modules that each require a misspelt protocol among more than 512 names: `n`
  /// unknown-reference errors, each with a did-you-mean suggestion.
  case manyErrors = "many-errors"
  /// One method of `n` named parameters, the last named like the first (one repeated-name
  /// error at it).
  case longParameterList = "long-parameter-list"
  /// `n` modules, each providing a protocol of its own (one method) and answering one route of
  /// its own: what `generate` turns into a route enum of `n` cases, a match over `n` literals
  /// and a registry of `n` factories.
  case routedModules = "routed-modules"
  /// One module's `requires` list of `n` names none of which is declared, each one edit from one
  /// of `n` declared protocols, and one adapter whose map has `n` keys naming no member: `2n`
  /// errors, each did-you-mean excluding the other entries of its list or map.
  case unknownList = "unknown-list"
  /// `longLine` with every protocol's key anchored (`&a7 P7: "..."`) and the `provides` list
  /// written with their aliases (`*a7`): a node's place after its properties is found on a line
  /// of `n` of them. The last body holds one error (`static`).
  case anchoredLine = "anchored-line"

  /// The manifest text for `n` repetitions.
  public func yaml(_ n: Int) -> String {
    precondition(n > 1, "a shape needs at least two repetitions")
    switch self {
    case .longLine: return Self.longLine(n)
    case .anchoredLine: return Self.longLine(n, anchored: true)
    case .wideMapping: return Self.wideMapping(n)
    case .wideAdapter: return Self.wideAdapter(n)
    case .inheritance: return Self.inheritance(n)
    case .delegateChain: return Self.delegateChain(n)
    case .manyVariants: return Self.manyVariants(n)
    case .sharedPrefixRoutes: return Self.sharedPrefixRoutes(n)
    case .manyErrors: return Self.manyErrors(n)
    case .longParameterList: return Self.longParameterList(n)
    case .routedModules: return Self.routedModules(n)
    case .unknownList: return Self.unknownList(n)
    }
  }

  private static func longLine(_ n: Int, anchored: Bool = false) -> String {
    var text = "routecfg: 1\nprotocols: {"
    for index in 0..<n {
      if index > 0 { text += ", " }
      let body = index == n - 1 ? "static var s\(index): Int" : "var v\(index): Int; func f\(index)(x: Int)"
      text += (anchored ? "&a\(index) " : "") + "P\(index): \"\(body)\""
    }
    text += "}\nmodules: {Host: {kind: view, routes: [/host], provides: ["
    text += (0..<n).map { anchored ? "*a\($0)" : "P\($0)" }.joined(separator: ", ")
    text += "]}}\n"
    return text
  }

  private static func wideMapping(_ n: Int) -> String {
    var text = "routecfg: 1\nprotocols:\n"
    for index in 0..<n { text += "  P\(index): 'var value: Int'\n" }
    text += "modules:\n"
    for index in 0..<n { text += "  M\(index): {kind: view, provides: [P\(index)], routes: [/m\(index)]}\n" }
    text += "  M\(n - 1): {kind: view}\n"
    return text
  }

  private static func wideAdapter(_ n: Int) -> String {
    var required = ""
    var provided = ""
    var map = ""
    for index in 0..<n {
      required += "    var r\(index): Int { get set }\n"
      provided += "    var p\(index): Int { get set }\n"
      map += index == n - 1 ? "      rr\(index): p\(index)\n" : "      r\(index): p\(index)\n"
    }
    return """
      routecfg: 1
      protocols:
        Required: |
      \(required)  Provided: |
      \(provided)modules:
        Provider: {kind: view, provides: [Provided], routes: [/provider]}
        Client: {kind: view, requires: [Required], routes: [/client]}
      adapters:
        - adapt: Required
          to: Provided
          map:
      \(map)
      """
  }

  private static func inheritance(_ n: Int) -> String {
    var text = "routecfg: 1\nprotocols:\n"
    var tails: [String] = []
    for index in 0..<n {
      if index % chainDepth == 0 {
        text += "  P\(index): 'var m\(index): Int'\n"
      } else {
        text += "  P\(index): {inherits: [P\(index - 1)], members: 'var m\(index): Int'}\n"
      }
      if index % chainDepth == chainDepth - 1 || index == n - 1 { tails.append("P\(index)") }
    }
    text += "  Wide:\n    inherits: [" + tails.joined(separator: ", ") + "]\n"
    text += "    members: 'var own: Int'\n"
    text += "modules:\n  Host: {kind: view, provides: [Wide], routes: [/host]}\n"
    return text
  }

  /// The depth of each inheritance chain of ``inheritance``: deep enough to need a real walk,
  /// short enough that the inherited members (which grow with the square of the depth) stay
  /// within the inheritance budget at any `n`.
  private static let chainDepth = 32

  private static func delegateChain(_ n: Int) -> String {
    var protocols = ""
    var adapters = ""
    for index in 0..<n {
      let next = index + 1 < n ? "R\(index + 1)?" : "Int"
      let nextProvided = index + 1 < n ? "P\(index + 1)?" : "Int"
      protocols += "  R\(index): |\n    var delegate: \(next) { get set }\n    func ask\(index)()\n"
      protocols +=
        "  P\(index): |\n    var delegate: \(nextProvided) { get set }\n    func answer\(index)()\n"
      adapters += "  - {adapt: R\(index), to: P\(index), map: {ask\(index): answer\(index)}}\n"
    }
    return """
      routecfg: 1
      protocols:
      \(protocols)modules:
        Provider: {kind: view, provides: [P0], routes: [/provider]}
        Client: {kind: view, requires: [R0], routes: [/client]}
      adapters:
      \(adapters)
      """
  }

  private static func manyVariants(_ n: Int) -> String {
    var text = """
      routecfg: 1
      protocols:
        Alert: 'func show(text: String)'
      modules:
        Home: {kind: view, requires: [Alert], routes: [/]}
        AlertA: {kind: view, provides: [Alert]}
        AlertB: {kind: view, provides: [Alert]}
      bindings:
        Alert: AlertA
      variants:

      """
    for index in 0..<n {
      text += "  v\(index): {bindings: {Alert: \(index % 2 == 0 ? "AlertA" : "AlertB")}}\n"
    }
    return text
  }

  private static func sharedPrefixRoutes(_ n: Int) -> String {
    var text = "routecfg: 1\nmodules:\n"
    for index in 0..<n {
      text += """
          M\(index):
            kind: view
            parameters: {id: Int, slug: String?, rest: String?}
            routes: ["/shop/catalog/:slug/items/:id/v\(index)", "/shop/catalog/\(index)/:id", "/shop/:id/\(index)/*rest"]

        """
    }
    return text
  }

  private static func manyErrors(_ n: Int) -> String {
    let names = max(n, 600)
    var text = "routecfg: 1\nprotocols:\n"
    for index in 0..<names { text += "  Protocol\(index): ''\n" }
    text += "modules:\n  Host:\n    kind: service\n    routes: [/host]\n    provides: ["
    text += (0..<names).map { "Protocol\($0)" }.joined(separator: ", ") + "]\n"
    for index in 0..<n {
      text += "  M\(index): {kind: view, requires: [Protocl\(index)], routes: [/m\(index)]}\n"
    }
    return text
  }

  private static func longParameterList(_ n: Int) -> String {
    let parameters = (0..<n).map { "p\($0 == n - 1 ? 0 : $0): Int" }.joined(separator: ", ")
    return "routecfg: 1\nprotocols:\n  Wide: |\n    func call(\(parameters))\n"
      + "modules:\n  Host: {kind: view, provides: [Wide], routes: [/host]}\n"
  }

  private static func routedModules(_ n: Int) -> String {
    var text = "routecfg: 1\napp: Routed\nprotocols:\n"
    for index in 0..<n { text += "  P\(index): 'func f\(index)()'\n" }
    text += "modules:\n"
    for index in 0..<n { text += "  M\(index): {kind: view, provides: [P\(index)], routes: [/m\(index)]}\n" }
    return text
  }

  private static func unknownList(_ n: Int) -> String {
    var text = "routecfg: 1\nprotocols:\n  Wide: 'func f()'\n  WideUser: 'func f()'\n"
    for index in 0..<n { text += "  P\(index): ''\n" }
    text += "modules:\n  Host: {kind: service, provides: [Wide, "
    text += (0..<n).map { "P\($0)" }.joined(separator: ", ") + "]}\n"
    text += "  User: {kind: view, routes: [/u], requires: [WideUser, "
    text += (0..<n).map { "Px\($0)" }.joined(separator: ", ") + "]}\n"
    text += "adapters:\n  - adapt: WideUser\n    to: Wide\n    map: {"
    text += (0..<n).map { "g\($0): f" }.joined(separator: ", ") + "}\n"
    return text
  }
}
