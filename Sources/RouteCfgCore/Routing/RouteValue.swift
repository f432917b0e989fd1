/// A type a URL segment or query value can carry.
public enum RouteValueType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `Int`: 64-bit signed decimal.
  case int = "Int"
  /// `Double`: finite decimal, with an optional exponent.
  case double = "Double"
  /// `Bool`: `true` or `false`.
  case bool = "Bool"
  /// `String`: any decoded text.
  case string = "String"

  /// The carriable type of a parameter: `Int`, `Double`, `Bool` or `String`, written with or
  /// without its module (`Swift.Int` is `Int`), or one of them made optional once (`Int?`). `nil`
  /// for any other type (`Int??`, `[Int]`, ...).
  public init?(_ type: TypeRef) {
    switch type {
    case .named(let name), .optional(.named(let name)):
      // Compared name by name: short names compare by their bits, where `init(rawValue:)`
      // searches a table of the four for each.
      switch name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : name {
      case Self.int.rawValue: self = .int
      case Self.double.rawValue: self = .double
      case Self.bool.rawValue: self = .bool
      case Self.string.rawValue: self = .string
      default: return nil
      }
    default: return nil
    }
  }

  /// The Swift name of the type.
  public var description: String { rawValue }

  /// Converts already percent-decoded text, or returns `nil` when it does not fit the type.
  ///
  /// - `Int`: an optional `-` and decimal digits that fit in 64 bits (no `+`).
  /// - `Double`: an optional `-`, digits, optionally `.` and digits, optionally `e` or `E`, an
  ///   optional sign and digits; the value must be finite (`1e999` fails).
  /// - `Bool`: exactly `true` or `false`.
  /// - `String`: any text.
  public func parse(_ text: Substring) -> RouteValue? {
    switch self {
    case .int: return RouteValueSyntax.int(text).map(RouteValue.int)
    case .double: return RouteValueSyntax.double(text).map(RouteValue.double)
    case .bool: return RouteValueSyntax.bool(bytes: text.utf8).map(RouteValue.bool)
    case .string: return .string(String(text))
    }
  }

  /// Converts the UTF-8 bytes of already percent-decoded text, as ``parse(_:)-(Substring)`` does.
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> RouteValue? {
    switch self {
    case .int: return RouteValueSyntax.int(bytes: bytes).map(RouteValue.int)
    case .double: return RouteValueSyntax.double(bytes: bytes).map(RouteValue.double)
    case .bool: return RouteValueSyntax.bool(bytes: bytes).map(RouteValue.bool)
    case .string: return .string(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// `true` when the UTF-8 bytes of decoded text convert to the type (no value is made).
  func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch self {
    case .int: return RouteValueSyntax.int(bytes: bytes) != nil
    case .double: return RouteValueSyntax.double(bytes: bytes) != nil
    case .bool: return RouteValueSyntax.bool(bytes: bytes) != nil
    case .string: return true
    }
  }

  /// Converts already percent-decoded text, or returns `nil` when it does not fit the type.
  public func parse(_ text: String) -> RouteValue? {
    if self == .string { return .string(text) }
    return parse(text[...])
  }
}

/// A value read from a URL.
public enum RouteValue: Sendable, Hashable, CustomStringConvertible {
  /// An `Int` value.
  case int(Int)
  /// A `Double` value.
  case double(Double)
  /// A `Bool` value.
  case bool(Bool)
  /// A `String` value.
  case string(String)

  /// The type of the value.
  public var type: RouteValueType {
    switch self {
    case .int: return .int
    case .double: return .double
    case .bool: return .bool
    case .string: return .string
    }
  }

  /// The Swift value: an `Int`, `Double`, `Bool` or `String` (as the runtime's `ModuleContext` hands a
  /// module its parameters).
  public var swiftValue: any Sendable {
    switch self {
    case .int(let value): return value
    case .double(let value): return value
    case .bool(let value): return value
    case .string(let value): return value
    }
  }

  /// The value when it is an `Int`.
  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// The value when it is a `Double`.
  public var doubleValue: Double? {
    if case .double(let value) = self { return value }
    return nil
  }

  /// The value when it is a `Bool`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The value when it is a `String`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The value as Swift prints it (`42`, `4.2`, `true`, `notes`).
  public var description: String {
    switch self {
    case .int(let value): return String(value)
    case .double(let value): return String(value)
    case .bool(let value): return String(value)
    case .string(let value): return value
    }
  }
}

/// The syntax checks behind `RouteValueType.parse(_:)`, on the UTF-8 bytes of decoded text.
enum RouteValueSyntax {
  private static let minus = UInt8(ascii: "-")
  private static let plus = UInt8(ascii: "+")

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte &- 0x30) : nil
  }

  /// `-?[0-9]+` within `Int`'s range.
  static func int(_ text: Substring) -> Int? { int(bytes: text.utf8) }

  /// `-?[0-9]+` within `Int`'s range.
  static func int<Bytes: Collection<UInt8>>(bytes: Bytes) -> Int? {
    var index = bytes.startIndex
    let negative = index != bytes.endIndex && bytes[index] == minus
    if negative { index = bytes.index(after: index) }
    guard index != bytes.endIndex else { return nil }
    // Accumulate downwards so that Int.min fits.
    var value = 0
    while index != bytes.endIndex {
      guard let digit = digit(bytes[index]) else { return nil }
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = shifted.subtractingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index = bytes.index(after: index)
    }
    if negative { return value }
    return value == Int.min ? nil : -value
  }

  /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`, finite.
  static func double(_ text: Substring) -> Double? { double(bytes: text.utf8) }

  /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`, finite.
  static func double<Bytes: Collection<UInt8>>(bytes: Bytes) -> Double? {
    var index = bytes.startIndex
    func skipDigits() -> Bool {
      let start = index
      while index != bytes.endIndex, digit(bytes[index]) != nil { index = bytes.index(after: index) }
      return index != start
    }
    if index != bytes.endIndex && bytes[index] == minus { index = bytes.index(after: index) }
    guard skipDigits() else { return nil }
    if index != bytes.endIndex && bytes[index] == UInt8(ascii: ".") {
      index = bytes.index(after: index)
      guard skipDigits() else { return nil }
    }
    if index != bytes.endIndex && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index = bytes.index(after: index)
      if index != bytes.endIndex && (bytes[index] == plus || bytes[index] == minus) {
        index = bytes.index(after: index)
      }
      guard skipDigits() else { return nil }
    }
    guard index == bytes.endIndex, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite
    else { return nil }
    return value
  }

  /// `true` or `false`.
  static func bool<Bytes: Collection<UInt8>>(bytes: Bytes) -> Bool? {
    if bytes.elementsEqual("true".utf8) { return true }
    if bytes.elementsEqual("false".utf8) { return false }
    return nil
  }
}

extension RouteValueType {
  /// Parameter types in the order they are tried on a segment: `Int`, `Double`, `Bool`, `String`
  /// (SPEC §2 Routes; a catch-all comes after them, a literal before).
  public static let precedence: [RouteValueType] = [.int, .double, .bool, .string]
}
