/// Random, valid manifests that use every feature code generation handles: protocols with
/// properties and methods of many types (optionals, arrays, dictionaries, closures, `async`,
/// `throws`), inheritance, delegates, adapters with renamed members, key paths and protocol
/// values crossing both ways, views and services, parameters, routes, bindings and variants.
///
/// Each feature `i` has a provided protocol `P{i}` with a delegate `PD{i}`, and a required
/// protocol `R{i}` with `RD{i}` that say the same in other words; adapters map `R{i}` to `P{i}`
/// and `RD{i}` to `PD{i}`. Module `M{i}` provides `P{i}` and may require another feature's
/// `R`. The result validates without errors by construction (tests check it).
public struct RandomManifest {
  private var random: SeededRandom

  public init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// A value type that URL parameters and members can both use.
  private static let scalars = ["String", "Int", "Double", "Bool"]

  /// The manifest text for `featureCount` features (at least 1).
  public mutating func yaml(app: String = "Random", featureCount: Int) -> String {
    let count = max(featureCount, 1)
    var protocols: [String] = []
    var adapters: [String] = []
    var modules: [String] = []
    var alternates: [Int] = []
    for index in 0..<count {
      let feature = makeFeature(index)
      protocols += feature.protocols
      adapters += feature.adapters
      let isView = random.next(upTo: 3) != 0
      var module = ["  M\(index):", "    kind: \(isView ? "view" : "service")", "    provides: [P\(index)]"]
      if count > 1, random.next(upTo: 3) != 0 { module.append("    requires: [R\((index + 1) % count)]") }
      let parameters = makeParameters()
      if !parameters.isEmpty {
        module.append("    parameters:")
        module += parameters.map { "      \($0.name): \"\($0.type)\"" }
      }
      if isView {
        let bound = parameters.filter { !$0.type.hasSuffix("?") }.map { ":" + $0.name }
        let path = (["m\(index)"] + bound).joined(separator: "/")
        var routes = ["\"/\(path)\""]
        if random.next(upTo: 2) == 0 { routes.append("\"/\(path)/more\"") }
        module.append("    routes: [\(routes.joined(separator: ", "))]")
      }
      modules += module
      // Some features have a second provider, chosen by bindings and a variant.
      if random.next(upTo: 4) == 0 {
        modules += [
          "  Alt\(index):", "    kind: \(isView ? "view" : "service")", "    provides: [P\(index)]",
        ]
        alternates.append(index)
      }
    }
    var text = "routecfg: 1\napp: \(app)\nscheme: \(app.lowercased())\n\nprotocols:\n"
    text += protocols.joined(separator: "\n") + "\n\nmodules:\n" + modules.joined(separator: "\n") + "\n"
    text += "\nadapters:\n" + adapters.joined(separator: "\n") + "\n"
    if !alternates.isEmpty {
      // Both the provided protocol and the one required through the adapter get a binding.
      text += "\nbindings:\n"
      text += alternates.map { "  P\($0): M\($0)\n  R\($0): M\($0)" }.joined(separator: "\n")
      text += "\nvariants:\n  alternate:\n    bindings:\n"
      text +=
        alternates.map { "      P\($0): Alt\($0)\n      R\($0): Alt\($0)" }.joined(separator: "\n") + "\n"
    }
    return text
  }

  // MARK: Features

  private struct Member {
    /// The provided side's declaration and the required side's, and the map entry (if renamed).
    let provided: String
    let required: String
    let mapEntry: String?
  }

  private struct Feature {
    var protocols: [String]
    var adapters: [String]
  }

  private mutating func makeFeature(_ index: Int) -> Feature {
    let p = "P\(index)"
    let r = "R\(index)"
    let pd = "PD\(index)"
    let rd = "RD\(index)"
    var members: [Member] = []
    for position in 0..<(2 + random.next(upTo: 5)) {
      members.append(makeMember(position, delegate: (pd, rd)))
    }
    members.append(
      Member(
        provided: "var delegate: \(pd)? { get set }", required: "var delegate: \(rd)? { get set }",
        mapEntry: nil))
    var delegateMembers: [Member] = []
    for position in 0..<(1 + random.next(upTo: 3)) {
      delegateMembers.append(makeDelegateMember(position))
    }
    var protocols: [String] = []
    var inherits = ""
    if random.next(upTo: 3) == 0 {
      protocols += block("B\(index)", ["var baseValue: Int { get }"])
      inherits = "B\(index)"
      members.append(Member(provided: "", required: "var baseValue: Int { get }", mapEntry: nil))
    }
    if random.next(upTo: 2) == 0 {
      protocols += block("H\(index)", ["var title: String { get set }", "var detail: String? { get }"])
      members.append(
        Member(
          provided: "var header: H\(index) { get }", required: "var headerTitle: String { get set }",
          mapEntry: "headerTitle: header.title"))
    }
    protocols += block(p, members.map(\.provided).filter { !$0.isEmpty }, inherits: inherits)
    protocols += block(pd, delegateMembers.map(\.provided))
    protocols += block(r, members.map(\.required))
    protocols += block(rd, delegateMembers.map(\.required))
    var adapters = ["  - adapt: \(r)", "    to: \(p)"]
    let entries = members.compactMap(\.mapEntry)
    if !entries.isEmpty { adapters += ["    map:"] + entries.map { "      " + $0 } }
    adapters += ["  - adapt: \(rd)", "    to: \(pd)"]
    let delegateEntries = delegateMembers.compactMap(\.mapEntry)
    if !delegateEntries.isEmpty { adapters += ["    map:"] + delegateEntries.map { "      " + $0 } }
    return Feature(protocols: protocols, adapters: adapters)
  }

  /// A protocol's declaration in the long form (so that an empty body and inheritance both work).
  private func block(_ name: String, _ members: [String], inherits: String = "") -> [String] {
    var lines = ["  \(name):"]
    if !inherits.isEmpty { lines.append("    inherits: [\(inherits)]") }
    lines.append(members.isEmpty ? "    members: \"\"" : "    members: |")
    lines += members.map { "      " + $0 }
    return lines
  }

  /// One member of `P{i}` and its counterpart in `R{i}`, renamed half of the time.
  private mutating func makeMember(_ position: Int, delegate: (provided: String, required: String)) -> Member
  {
    let renamed = random.next(upTo: 2) == 0
    let providedName = "p\(position)"
    let requiredName = renamed ? "r\(position)" : providedName
    let (providedType, requiredType) = makeType(delegate: delegate)
    switch random.next(upTo: 3) {
    case 0:
      let settable = random.next(upTo: 2) == 0 ? " { get set }" : " { get }"
      return Member(
        provided: "var \(providedName): \(providedType)\(settable)",
        required: "var \(requiredName): \(requiredType)\(settable)",
        mapEntry: renamed ? "\(requiredName): \(providedName)" : nil)
    default:
      let effects = ["", " throws", " async", " async throws"][random.next(upTo: 4)]
      let (resultProvided, resultRequired) =
        random.next(upTo: 2) == 0
        ? ("", "")
        : {
          let (a, b) = makeType(delegate: delegate)
          return (" -> " + a, " -> " + b)
        }()
      let labelled = random.next(upTo: 2) == 0
      let providedParameter = labelled ? "with value: \(providedType)" : "_ value: \(providedType)"
      let requiredParameter = "value: \(requiredType)"
      let providedFullName = labelled ? "\(providedName)(with:count:)" : "\(providedName)(_:count:)"
      return Member(
        provided: "func \(providedName)(\(providedParameter), count: Int)\(effects)\(resultProvided)",
        required: "func \(requiredName)(\(requiredParameter), count: Int)\(effects)\(resultRequired)",
        mapEntry: "\(requiredName)(value:count:): \(providedFullName)")
    }
  }

  /// A delegate method, renamed half of the time.
  private mutating func makeDelegateMember(_ position: Int) -> Member {
    let renamed = random.next(upTo: 2) == 0
    let providedName = "did\(position)"
    let requiredName = renamed ? "on\(position)" : providedName
    let result = ["", " -> String?", " throws -> Int", " async"][random.next(upTo: 4)]
    return Member(
      provided: "func \(providedName)(count: Int)\(result)",
      required: "func \(requiredName)(count: Int)\(result)",
      mapEntry: renamed ? "\(requiredName)(count:): \(providedName)(count:)" : nil)
  }

  /// A member type for each side: the same value type, or one that carries the feature's
  /// delegate (each side its own delegate protocol).
  private mutating func makeType(delegate: (provided: String, required: String)) -> (String, String) {
    let scalar = Self.scalars[random.next(upTo: Self.scalars.count)]
    switch random.next(upTo: 12) {
    case 0: return (scalar + "?", scalar + "?")
    case 1: return ("[\(scalar)]", "[\(scalar)]")
    case 2: return ("[String: \(scalar)]", "[String: \(scalar)]")
    case 3: return ("((\(scalar)) -> Void)?", "((\(scalar)) -> Void)?")
    case 4: return (delegate.provided + "?", delegate.required + "?")
    case 5: return ("[\(delegate.provided)]", "[\(delegate.required)]")
    case 6: return ("((\(delegate.provided)) -> Void)?", "((\(delegate.required)) -> Void)?")
    case 7: return ("[String: \(delegate.provided)]", "[String: \(delegate.required)]")
    case 8: return ("(() -> \(delegate.provided))?", "(() -> \(delegate.required))?")
    default: return (scalar, scalar)
    }
  }

  /// Module parameters: some bound by the module's route, some optional (from the query).
  private mutating func makeParameters() -> [(name: String, type: String)] {
    (0..<random.next(upTo: 4)).map { position in
      let scalar = Self.scalars[random.next(upTo: Self.scalars.count)]
      return (name: "a\(position)", type: random.next(upTo: 2) == 0 ? scalar + "?" : scalar)
    }
  }
}
