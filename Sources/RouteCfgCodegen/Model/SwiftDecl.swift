/// A Swift declaration in generated code.
indirect enum SwiftDecl: Sendable {
  case protocolDecl(SwiftProtocol)
  case typeDecl(SwiftTypeDecl)
  case extensionDecl(SwiftExtension)
  case function(SwiftFunction)
  case initializer(SwiftInitializer)
  case property(SwiftProperty)
  case enumCase(SwiftEnumCase)
  case typeAlias(SwiftTypeAlias)
  /// Source text written as it is (the fixed URL-reading support of route files).
  case verbatim(String)
}

/// What every declaration may carry before its keyword.
struct SwiftDeclHead: Sendable {
  /// `///` lines.
  var doc: [String] = []
  /// `@MainActor`, `@discardableResult`.
  var attributes: [String] = []
  /// `public`, `nonisolated`, `final`, `static`, `private`, `weak`, in source order.
  var modifiers: [String] = []
}

/// `typealias Name = Type`.
struct SwiftTypeAlias: Sendable {
  var head: SwiftDeclHead
  var name: String
  var type: SwiftType
}

/// `protocol Name: Inherited { requirements }`.
struct SwiftProtocol: Sendable {
  var head: SwiftDeclHead
  var name: String
  var inherits: [String]
  var requirements: [SwiftRequirement]
}

/// A protocol requirement.
enum SwiftRequirement: Sendable {
  /// `var name: Type { get }` or `{ get set }`.
  case property(doc: [String], attributes: [String], name: String, type: SwiftType, isSettable: Bool)
  /// `func name(...) async throws -> Result`.
  case method(doc: [String], attributes: [String], signature: SwiftSignature)
}

/// A function's name, parameters, effects and result.
struct SwiftSignature: Sendable {
  var name: String
  /// `<T: AnyObject>` parameters, without the brackets.
  var genericParameters: [String] = []
  var parameters: [SwiftParameter]
  var isAsync = false
  var isThrowing = false
  /// `nil` for no `->` (Void).
  var result: SwiftType?
}

/// `label name: Type = default`.
struct SwiftParameter: Sendable {
  /// The argument label; `nil` for `_`.
  var label: String?
  var name: String
  var type: SwiftType
  var defaultValue: SwiftExpr?

  init(label: String?, name: String, type: SwiftType, defaultValue: SwiftExpr? = nil) {
    self.label = label
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
  }

  /// A parameter whose label is its name.
  init(_ name: String, _ type: SwiftType, defaultValue: SwiftExpr? = nil) {
    self.init(label: name, name: name, type: type, defaultValue: defaultValue)
  }
}

/// `class`, `struct` or `enum` with its members.
struct SwiftTypeDecl: Sendable {
  enum Kind: String, Sendable {
    case `class`, `struct`, `enum`
  }

  var head: SwiftDeclHead
  var kind: Kind
  var name: String
  var inherits: [String]
  var members: [SwiftDecl]
}

/// `extension Name: Conformances { members }`.
struct SwiftExtension: Sendable {
  var head: SwiftDeclHead
  var name: String
  var conformances: [String]
  var members: [SwiftDecl]
}

/// `func signature { body }`.
struct SwiftFunction: Sendable {
  var head: SwiftDeclHead
  var signature: SwiftSignature
  var body: [SwiftStmt]
}

/// `init(parameters) { body }`.
struct SwiftInitializer: Sendable {
  var head: SwiftDeclHead
  var parameters: [SwiftParameter]
  var body: [SwiftStmt]
}

/// A stored or computed property.
struct SwiftProperty: Sendable {
  enum Accessors: Sendable {
    /// Stored, with an optional initial value.
    case stored(initialValue: SwiftExpr?)
    /// `{ get-body }`, or `{ get { ... } set { ... } }` with a setter.
    case computed(get: [SwiftStmt], set: [SwiftStmt]?)
  }

  var head: SwiftDeclHead
  /// `let` (stored only) or `var`.
  var isLet: Bool
  var name: String
  var type: SwiftType
  var accessors: Accessors
}

/// `case name(label: Type = default, ...)`.
struct SwiftEnumCase: Sendable {
  var doc: [String] = []
  var name: String
  var associatedValues: [SwiftParameter] = []
}

/// One generated source file.
struct SwiftFile: Sendable {
  /// The file name, `NoteAppRoute.swift`.
  var name: String
  /// Comment lines at the top (without `//`), the first being the generated-code marker.
  var header: [String]
  var imports: [String]
  /// Modules imported only where they exist (`#if canImport(FoundationNetworking)`).
  var importsWhereAvailable: [String] = []
  var declarations: [SwiftDecl]
}
