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
  /// Every get, set and call, with values and arguments as text.
  public private(set) var records: [Record] = []
  /// Property values: those written, and the module's parameters.
  public private(set) var values: [String: Any] = [:]
  private var stubs: [String: @MainActor ([Any?]) throws -> Any?] = [:]

  /// `RecordingMock(Login)`: how records show a mock handed over as a value.
  nonisolated public var description: String { "RecordingMock(\(module))" }

  public init(module: String, parameters: [String: any Sendable] = [:]) {
    self.module = module
    for (name, value) in parameters { values[name] = value }
  }

  /// Answers a method (by full name) with a closure instead of an empty value.
  public func stub(_ fullName: String, _ body: @escaping @MainActor ([Any?]) throws -> Any?) {
    stubs[fullName] = body
  }

  /// Sets a property's value without recording it, as the module itself would.
  public func preset(_ name: String, _ value: Any?) {
    values[name] = value
  }

  /// The calls of one method (by full name), with their arguments as text.
  public func calls(of fullName: String) -> [[String]] {
    records.compactMap { record in
      if case .call(let name, let arguments) = record, name == fullName { return arguments }
      return nil
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
    return try stubs[fullName]?(arguments)
  }

  /// A value as the records show it: `nil`, strings quoted, an object handed across an adapter
  /// as the object behind its proxy (`RecordingMock(Probe)`), other values as Swift prints them.
  static func text(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if let proxy = value as? DynamicProtocolProxy { return text(proxy.members.object) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.map { text($0.value) } ?? "nil"
    }
    if let string = value as? String { return "\"\(string)\"" }
    return String(describing: value)
  }
}
