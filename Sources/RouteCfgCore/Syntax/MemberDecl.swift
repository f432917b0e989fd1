/// One member of a protocol body: a property or a method.
public struct MemberDecl: Sendable, Hashable {
  /// What kind of member this is, with its signature.
  public enum Kind: Sendable, Hashable {
    case property(PropertySignature)
    case method(MethodSignature)
  }

  /// The base name (`notifyString`, `highlight`).
  public var name: String
  public var kind: Kind
  /// Where the name is written.
  public var location: SourceLocation
  /// Every named type written in the declaration, with its place (for did-you-mean warnings).
  public var typeReferences: TypeReferences

  public init(name: String, kind: Kind, location: SourceLocation, typeReferences: TypeReferences) {
    self.name = name
    self.kind = kind
    self.location = location
    self.typeReferences = typeReferences
  }

  public init(name: String, kind: Kind, location: SourceLocation, typeReferences: [Located<String>]) {
    self.init(name: name, kind: kind, location: location, typeReferences: TypeReferences(typeReferences))
  }

  /// The name that identifies the member: `message` for a property,
  /// `highlight(range:animated:)` or `didLogin()` for a method.
  public var fullName: String {
    switch kind {
    case .property: return name
    case .method(let method): return method.fullName(base: name)
    }
  }

  /// The base name in a member's full name or a map entry: `highlight` for
  /// `highlight(range:animated:)`, the name itself for a property.
  package static func baseName(of fullName: String) -> String {
    fullName.utf8Offset(of: UInt8(ascii: "(")).map { String(Substring(fullName.utf8.prefix($0))) } ?? fullName
  }

  /// `true` when `written` is this member's full name, as `==` compares strings. A map entry
  /// written with labels is resolved with it: the same bytes are found without building the
  /// name, which is built only to compare other bytes (canonically equivalent spellings are
  /// equal, as `==` holds them).
  package func hasFullName(_ written: String) -> Bool {
    switch kind {
    case .property: return written == name
    case .method(let method):
      return MethodSignature.isFullName(written, base: name, parameters: method.parameters)
        || written == method.fullName(base: name)
    }
  }

  /// `true` when both members have the same full name (compared without building it).
  public func hasSameFullName(as other: MemberDecl) -> Bool {
    guard name == other.name else { return false }
    switch (kind, other.kind) {
    case (.property, .property): return true
    case (.method(let method), .method(let otherMethod)):
      return MethodSignature.haveSameLabels(method.parameters, otherMethod.parameters)
    default: return false
    }
  }

  /// The types the member writes: a property's type, or a method's parameter types and result.
  package var writtenTypes: [TypeRef] {
    switch kind {
    case .property(let property): return [property.type]
    case .method(let method): return method.parameters.map(\.type) + [method.result]
    }
  }

  /// `true` for a property.
  public var isProperty: Bool {
    if case .property = kind { return true }
    return false
  }

  /// The property signature, when this is a property.
  public var property: PropertySignature? {
    if case .property(let property) = kind { return property }
    return nil
  }

  /// The method signature, when this is a method.
  public var method: MethodSignature? {
    if case .method(let method) = kind { return method }
    return nil
  }
}

/// `var NAME: TYPE { get set }`, `var NAME: TYPE { get }` or `let NAME: TYPE`.
public struct PropertySignature: Sendable, Hashable {
  public var type: TypeRef
  /// `true` for `var x: T` and `var x: T { get set }`.
  public var isSettable: Bool

  public init(type: TypeRef, isSettable: Bool) {
    self.type = type
    self.isSettable = isSettable
  }
}

/// `func NAME(LABEL NAME: TYPE, ...) async throws -> TYPE`.
///
/// A signature is 27 bytes, so that a member declaration stays 80 (``MemberDecl``): its
/// parameters are a chunk and the start of their range in it, and their count shares a byte
/// with the effects.
public struct MethodSignature: Sendable, Hashable {
  /// The chunk of ``parameters``; `nil` for none.
  private var parameterChunk: MethodParameterChunk?
  /// `Void` when no `->` is written.
  public var result: TypeRef
  /// Where ``parameters`` start in their chunk.
  private var parameterStart: UInt8
  /// `async` (bit 0), `throws` (bit 1) and the parameter count (the other six bits), or
  /// ``countIsTheChunks`` for a chunk that holds just this method's parameters.
  private var shape: UInt8

  /// The count of ``shape`` that stands for all the parameters of the chunk.
  private static let countIsTheChunks: UInt8 = 63

  public init(parameters: [MethodParameter], result: TypeRef, isAsync: Bool, isThrowing: Bool) {
    self.init(
      parameters: MethodParameters(parameters), result: result, isAsync: isAsync, isThrowing: isThrowing)
  }

  public init(parameters: MethodParameters, result: TypeRef, isAsync: Bool, isThrowing: Bool) {
    parameterChunk = nil
    self.result = result
    parameterStart = 0
    shape = Self.effects(isAsync: isAsync, isThrowing: isThrowing)
    self.parameters = parameters
  }

  /// A signature of parameters a writer placed (``ValueChunkWriter/commit()``): fewer than
  /// ``countIsTheChunks`` of them, from a start a byte holds.
  init(written parameters: MethodParameters, result: TypeRef, isAsync: Bool, isThrowing: Bool) {
    precondition(
      parameters.start <= Int(UInt8.max) && parameters.count < Int(Self.countIsTheChunks),
      "written method parameters out of a signature's reach")
    parameterChunk = parameters.chunk
    self.result = result
    parameterStart = UInt8(truncatingIfNeeded: parameters.start)
    shape =
      Self.effects(isAsync: isAsync, isThrowing: isThrowing) | UInt8(truncatingIfNeeded: parameters.count)
      << 2
  }

  /// The bits of ``shape`` that say `async` and `throws`.
  private static func effects(isAsync: Bool, isThrowing: Bool) -> UInt8 {
    (isAsync ? 1 : 0) | (isThrowing ? 2 : 0)
  }

  public var parameters: MethodParameters {
    get {
      guard let parameterChunk else { return MethodParameters() }
      let start = Int(parameterStart)
      let count = shape >> 2 == Self.countIsTheChunks ? parameterChunk.count - start : Int(shape >> 2)
      return MethodParameters(unchecked: parameterChunk, start: start, count: count)
    }
    set {
      var parameters = newValue
      if parameters.count >= Int(Self.countIsTheChunks) || parameters.start > Int(UInt8.max),
        parameters.start != 0 || parameters.count != parameters.chunk?.capacity
      {
        // Held in a chunk of its own, which no writer appends to.
        parameters = MethodParameters(Array(parameters))
      }
      parameterChunk = parameters.chunk
      parameterStart = UInt8(truncatingIfNeeded: parameters.start)
      let count =
        parameters.count >= Int(Self.countIsTheChunks) ? Self.countIsTheChunks : UInt8(parameters.count)
      shape = shape & 3 | count << 2
    }
  }

  public var isAsync: Bool {
    get { shape & 1 != 0 }
    set { shape = newValue ? shape | 1 : shape & ~1 }
  }

  public var isThrowing: Bool {
    get { shape & 2 != 0 }
    set { shape = newValue ? shape | 2 : shape & ~2 }
  }

  public static func == (lhs: MethodSignature, rhs: MethodSignature) -> Bool {
    lhs.shape & 3 == rhs.shape & 3 && lhs.result == rhs.result && lhs.parameters == rhs.parameters
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(parameters)
    hasher.combine(result)
    hasher.combine(isAsync)
    hasher.combine(isThrowing)
  }

  /// `(range:animated:)`, `(_:)` or `()`.
  public var labelList: String { fullName(base: "") }

  /// `base` followed by the label list: `highlight(range:animated:)`.
  ///
  /// Written byte by byte into a string of its final size, which costs a fraction of appending
  /// the pieces (each `append` checks and grows the string): full names are made for every
  /// pairing of methods an adapter forwards.
  func fullName(base: String) -> String {
    Self.fullName(base: base, parameters: parameters)
  }

  /// `true` when both parameter lists have the same labels, in order: methods of the same base
  /// name then have the same full name.
  static func haveSameLabels(_ lhs: MethodParameters, _ rhs: MethodParameters) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for position in 0..<lhs.count where lhs[position].label != rhs[position].label { return false }
    return true
  }

  /// `true` when `written` is the bytes of `base` followed by the labels of `parameters`, as
  /// ``fullName(base:parameters:)`` would write them.
  static func isFullName(_ written: String, base: String, parameters: MethodParameters) -> Bool {
    SwiftTokenizer.withUTF8(written) { bytes in
      var offset = 0
      guard read(base, in: bytes, at: &offset), read(UInt8(ascii: "("), in: bytes, at: &offset) else {
        return false
      }
      for parameter in parameters {
        let label =
          parameter.label.map { read($0, in: bytes, at: &offset) }
          ?? read(UInt8(ascii: "_"), in: bytes, at: &offset)
        guard label, read(UInt8(ascii: ":"), in: bytes, at: &offset) else { return false }
      }
      return read(UInt8(ascii: ")"), in: bytes, at: &offset) && offset == bytes.count
    }
  }

  /// `true`, moving `offset` past them, when the bytes of `text` come at `offset` of `bytes`.
  private static func read(_ text: String, in bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Bool
  {
    let start = offset
    let matches = SwiftTokenizer.withUTF8(text) { text in
      text.count <= bytes.count - start && text.indices.allSatisfy { text[$0] == bytes[start + $0] }
    }
    if matches { offset += text.utf8.count }
    return matches
  }

  /// `true`, moving `offset` past it, when `byte` comes at `offset` of `bytes`.
  private static func read(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Bool
  {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// `base` followed by the labels of `parameters`, as ``fullName(base:)`` writes it.
  static func fullName(base: String, parameters: MethodParameters) -> String {
    var count = base.utf8.count + 2
    for parameter in parameters { count += (parameter.label?.utf8.count ?? 1) + 1 }
    return String(unsafeUninitializedCapacity: count) { bytes in
      var end = 0
      func write(_ text: String) {
        for byte in text.utf8 {
          bytes[end] = byte
          end += 1
        }
      }
      func write(_ byte: Unicode.ASCII.CodeUnit) {
        bytes[end] = byte
        end += 1
      }
      write(base)
      write(UInt8(ascii: "("))
      for parameter in parameters {
        if let label = parameter.label { write(label) } else { write(UInt8(ascii: "_")) }
        write(UInt8(ascii: ":"))
      }
      write(UInt8(ascii: ")"))
      return end
    }
  }
}

extension MethodSignature: CustomReflectable {
  /// The parameters, result and effects, as a signature of separate fields would show them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["parameters": parameters, "result": result, "isAsync": isAsync, "isThrowing": isThrowing])
  }
}

extension MethodSignature {
  /// The most arguments a method registered with the dynamic runtime takes (its member tables'
  /// `method(_:_:)` overloads go up to six).
  package static let maximumDynamicArguments = 6

  /// Whether the dynamic runtime cannot call a method: it calls synchronous methods of up to
  /// ``maximumDynamicArguments`` arguments (the one rule ``dynamicCallLimitation`` explains).
  package static func isDynamicallyUncallable(isAsync: Bool, argumentCount: Int) -> Bool {
    isAsync || argumentCount > maximumDynamicArguments
  }

  /// Why the dynamic runtime cannot call this method, if it cannot: it calls synchronous methods
  /// of up to ``maximumDynamicArguments`` arguments. (`routecfg generate --dynamic` leaves such
  /// methods out of its tables; the registry names them with this reason when it is built.)
  package var dynamicCallLimitation: String? {
    guard Self.isDynamicallyUncallable(isAsync: isAsync, argumentCount: parameters.count) else { return nil }
    if isAsync { return "is async, which the dynamic runtime cannot call" }
    return "takes \(parameters.count) arguments, more than the dynamic runtime's "
      + "\(Self.maximumDynamicArguments)"
  }
}

/// One parameter of a method.
///
/// A parameter is 40 bytes, not 56: its label and name are one string, the name alone when the
/// label is the same or `_` (most parameters), and the label's length says where the name starts
/// otherwise. The model holds one parameter per argument of every method of every body.
public struct MethodParameter: Sendable, Hashable {
  /// The name, after the label when the label is written and is not the name.
  private var text: String
  public var type: TypeRef
  /// The label's length in UTF-8 bytes at the start of ``text``, or ``labelIsName`` or
  /// ``unlabeled``.
  private var labelLength: UInt32

  /// A ``labelLength`` that says the label is the name (`func f(x: Int)`).
  private static let labelIsName = UInt32.max
  /// A ``labelLength`` that says there is no label (`func f(_ x: Int)`).
  private static let unlabeled = UInt32.max - 1

  public init(label: String?, name: String, type: TypeRef) {
    self.type = type
    (text, labelLength) = Self.text(label: label, name: name)
  }

  /// The argument label; `nil` for `_`.
  public var label: String? {
    get {
      switch labelLength {
      case Self.labelIsName: return text
      case Self.unlabeled: return nil
      default: return String(Substring(text.utf8.prefix(Int(labelLength))))
      }
    }
    set { (text, labelLength) = Self.text(label: newValue, name: name) }
  }

  /// The parameter name used inside the method.
  public var name: String {
    get {
      guard labelLength < Self.unlabeled else { return text }
      return String(Substring(text.utf8.dropFirst(Int(labelLength))))
    }
    set { (text, labelLength) = Self.text(label: label, name: newValue) }
  }

  /// The ``text`` and ``labelLength`` of `label` and `name`. A label is the name when its bytes
  /// are (`String`'s `==` also holds canonically equivalent spellings equal, which must each
  /// keep its own).
  private static func text(label: consuming String?, name: consuming String) -> (String, UInt32) {
    guard var label else { return (name, unlabeled) }
    if label.hasSameUTF8(as: name) { return (name, labelIsName) }
    let length = label.utf8.count
    precondition(length < Int(unlabeled), "a parameter label of 4 GB")
    label.append(name)
    return (label, UInt32(truncatingIfNeeded: length))
  }

  public static func == (lhs: MethodParameter, rhs: MethodParameter) -> Bool {
    lhs.type == rhs.type && lhs.label == rhs.label && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(label)
    hasher.combine(name)
    hasher.combine(type)
  }
}

extension MethodParameter: CustomReflectable {
  /// The label, name and type, as a parameter of separate fields would show them.
  public var customMirror: Mirror {
    Mirror(self, children: ["label": label as Any, "name": name, "type": type])
  }
}
