import RouteCfgCore
import RouteCfgRuntime

/// A stand-in for a module, made from its protocol declarations: it keeps the values written to
/// its properties, answers methods with stubs or empty values, and records every access.
///
/// ```swift
/// let mocks = try harness.mockRegistry()
/// let login = try mocks.registry.destination(for: "ModuleARequiredLoginViewInput")
/// try login.set("message", to: "Hi")
/// mocks.mock("Login")?.records   // [.set("notifyString", "\"Hi\"")]: strings quoted
/// ```
@MainActor
public final class RecordingMock: SelfDescribingMembers, CustomStringConvertible {
  /// One access to the mock, in order.
  public enum Record: Equatable, CustomStringConvertible {
    case get(String)
    case set(String, String)
    case call(String, [String])

    public var description: String {
      switch self {
      case .get(let name): return "get \(name)"
      case .set(let name, let value): return "set \(name) = \(value)"
      case .call(let name, let arguments): return "call " + Self.call(name, arguments)
      }
    }

    /// A call as Swift writes it: `didFinishLogin()`, `highlight(range: "1..<3", animated: true)`.
    static func call(_ fullName: String, _ arguments: [String]) -> String {
      guard let open = fullName.firstIndex(of: "("), fullName.hasSuffix(")") else {
        return "\(fullName)(\(arguments.joined(separator: ", ")))"
      }
      let labels = fullName[fullName.index(after: open)..<fullName.index(before: fullName.endIndex)]
        .split(separator: ":").map(String.init)
      guard labels.count == arguments.count else {
        return "\(fullName[..<open])(\(arguments.joined(separator: ", ")))"
      }
      let written = zip(labels, arguments).map { $0 == "_" ? $1 : "\($0): \($1)" }
      return "\(fullName[..<open])(\(written.joined(separator: ", ")))"
    }
  }

  /// The module this mock stands in for.
  public let module: String
  /// The members the manifest declares, for a mock a ``MockRegistry`` made: names given to
  /// ``stub(_:_:)``, ``preset(_:_:)`` and ``calls(of:)`` must be among them.
  let manifestMembers: ManifestMembers?
  /// Every get, set and call, with values and arguments as text.
  public private(set) var records: [Record] = []
  /// Property values: those written, and the module's parameters.
  public private(set) var values: [String: Any] = [:]
  private var stubs: [String: @MainActor ([Any?]) throws -> Any?] = [:]

  /// `RecordingMock(Login)`: how records show a mock handed over as a value.
  nonisolated public var description: String { "RecordingMock(\(module))" }

  public convenience init(module: String, parameters: [String: any Sendable] = [:]) {
    self.init(module: module, parameters: parameters, manifestMembers: nil)
  }

  init(module: String, parameters: [String: any Sendable], manifestMembers: ManifestMembers?) {
    self.module = module
    self.manifestMembers = manifestMembers
    for (name, value) in parameters { values[name] = value }
  }

  /// Answers a method with a closure instead of an empty value: by full name
  /// (`price(sku:)`), or by base name (`price`) for every method of that name.
  ///
  /// - Throws: ``UnknownMockMember`` when the manifest declares no method of that name (a mock
  ///   of a ``MockRegistry``), with the closest one, so that a misspelt stub is not silently
  ///   never called.
  public func stub(_ name: String, _ body: @escaping @MainActor ([Any?]) throws -> Any?)
    throws(UnknownMockMember)
  {
    try manifestMembers?.checkMethod(name)
    stubs[name] = body
  }

  /// Sets a property's value without recording it, as the module itself would.
  ///
  /// - Throws: ``UnknownMockMember`` when the manifest declares no property of that name.
  public func preset(_ name: String, _ value: Any?) throws(UnknownMockMember) {
    try manifestMembers?.checkProperty(name)
    values[name] = value
  }

  /// The calls of one method, by full name (`price(sku:)`) or base name (`price`), with their
  /// arguments as text.
  ///
  /// - Throws: ``UnknownMockMember`` when the manifest declares no method of that name, so that
  ///   an expectation of no calls cannot pass for a misspelt name.
  public func calls(of name: String) throws(UnknownMockMember) -> [[String]] {
    try manifestMembers?.checkMethod(name)
    let byBaseName = !name.contains("(")
    return records.compactMap { record in
      guard case .call(let called, let arguments) = record else { return nil }
      let matches = byBaseName ? MemberDecl.baseName(of: called) == name : called == name
      return matches ? arguments : nil
    }
  }

  public func memberValue(_ name: String) throws -> Any? {
    records.append(.get(name))
    return values[name]
  }

  public func setMemberValue(_ name: String, to value: Any?) throws {
    records.append(.set(name, Self.text(value)))
    values[name] = value
  }

  public func callMember(_ fullName: String, _ arguments: [Any?]) throws -> Any? {
    records.append(.call(fullName, arguments.map(Self.text)))
    return try (stubs[fullName] ?? stubs[MemberDecl.baseName(of: fullName)])?(arguments)
  }

  /// A value as the records show it: `nil`, strings quoted, an object handed across an adapter
  /// as the object behind its proxy (`RecordingMock(Probe)`), also inside arrays, sets and
  /// dictionaries (`[RecordingMock(Probe)]`, `["k": RecordingMock(Probe)]`), other values as Swift
  /// prints them.
  static func text(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if let proxy = value as? DynamicProtocolProxy { return text(proxy.members.object) }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional?: return mirror.children.first.map { text($0.value) } ?? "nil"
    case .collection?, .set?:
      return "[" + mirror.children.map { text($0.value) }.joined(separator: ", ") + "]"
    case .dictionary?:
      guard !mirror.children.isEmpty else { return "[:]" }
      let entries = mirror.children.map { entry -> String in
        let pair = Mirror(reflecting: entry.value).children.map(\.value)
        return pair.count == 2 ? "\(text(pair[0])): \(text(pair[1]))" : text(entry.value)
      }
      return "[" + entries.joined(separator: ", ") + "]"
    default: break
    }
    if let string = value as? String { return "\"\(string)\"" }
    return String(describing: value)
  }
}

/// A name given to a mock's ``RecordingMock/stub(_:_:)``, ``RecordingMock/preset(_:_:)`` or
/// ``RecordingMock/calls(of:)`` that no protocol of the manifest declares as a method (or a
/// property), with the closest declared name.
public struct UnknownMockMember: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name given.
  public let name: String
  /// `"method"` or `"property"`.
  public let kind: String
  /// The closest name the manifest declares, if any.
  public let suggestion: String?

  public init(name: String, kind: String, suggestion: String?) {
    self.name = name
    self.kind = kind
    self.suggestion = suggestion
  }

  public var description: String {
    "no protocol of the manifest declares a \(kind) '\(name)'"
      + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
  }
}

/// The properties and methods every protocol of a manifest declares, which names given to a
/// registry's mocks are checked against.
struct ManifestMembers: Sendable {
  private let properties: Set<String>
  /// Full names (`price(sku:)`) and base names (`price`).
  private let methods: Set<String>
  private let fullMethodNames: [String]
  private let baseMethodNames: [String]

  init(graph: AppGraph) {
    var properties: Set<String> = []
    var methods: Set<String> = []
    var fullMethodNames: Set<String> = []
    for info in graph.protocols.values {
      for member in info.members {
        if member.isProperty {
          properties.insert(member.name)
        } else {
          methods.insert(member.name)
          fullMethodNames.insert(member.fullName)
        }
      }
    }
    self.properties = properties
    self.methods = methods.union(fullMethodNames)
    self.fullMethodNames = fullMethodNames.sorted()
    self.baseMethodNames = methods.sorted()
  }

  func checkMethod(_ name: String) throws(UnknownMockMember) {
    guard !methods.contains(name) else { return }
    // A full name is compared with full names, a base name (`displya`) with base names.
    let candidates = name.contains("(") ? fullMethodNames : baseMethodNames
    throw UnknownMockMember(name: name, kind: "method", suggestion: closestName(to: name, among: candidates))
  }

  func checkProperty(_ name: String) throws(UnknownMockMember) {
    guard !properties.contains(name) else { return }
    throw UnknownMockMember(
      name: name, kind: "property", suggestion: closestName(to: name, among: properties.sorted()))
  }
}
