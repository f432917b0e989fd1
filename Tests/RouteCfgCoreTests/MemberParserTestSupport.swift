import RouteCfgCore
import Testing

/// Helpers shared by the member and type parser tests.
enum MemberParserHarness {
  /// Maps body positions to 1-based file positions in file 0, line for line.
  static func locate(_ position: BodyPosition) -> RouteCfgCore.SourceLocation {
    RouteCfgCore.SourceLocation(
      file: SourceFileID(0), line: Int32(position.line + 1), column: Int32(position.column + 1))
  }

  /// The members and diagnostics of `body`.
  static func members(_ body: String) -> (members: [MemberDecl], diagnostics: [Diagnostic]) {
    var bag = DiagnosticBag()
    let members = MemberParser.parse(body, locate: locate, diagnostics: &bag)
    return (members, bag.diagnostics)
  }

  /// The only member of `body`, which must parse without diagnostics.
  static func member(_ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> MemberDecl?
  {
    let (members, diagnostics) = members(body)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    #expect(members.count == 1, sourceLocation: sourceLocation)
    return members.first
  }

  /// The only diagnostic of `body`, which must yield no member.
  static func failure(_ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> Diagnostic?
  {
    let (members, diagnostics) = members(body)
    #expect(members.isEmpty, "\(members.map(\.fullName))", sourceLocation: sourceLocation)
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return diagnostics.first
  }

  /// The type and diagnostics of a type string.
  static func type(_ text: String) -> (parsed: ParsedType?, diagnostics: [Diagnostic]) {
    var bag = DiagnosticBag()
    let parsed = TypeParser.parse(text, locate: locate, diagnostics: &bag)
    return (parsed, bag.diagnostics)
  }
}

/// One expected diagnostic: the text, its code, its 1-based place and a part of its message.
struct MemberParserFailure: CustomTestStringConvertible, Sendable {
  var text: String
  var code: DiagnosticCode
  var line: Int
  var column: Int
  var message: String

  init(_ text: String, _ code: DiagnosticCode, _ line: Int, _ column: Int, _ message: String) {
    self.text = text
    self.code = code
    self.line = line
    self.column = column
    self.message = message
  }

  var testDescription: String { text }
}
