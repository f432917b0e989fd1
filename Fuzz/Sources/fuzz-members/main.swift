import FuzzSupport
import RouteCfgCore

/// The member-declaration parser and the type parser on any text (bytes that are not UTF-8 are
/// decoded with replacement characters, as a YAML string could not hold them).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMembers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let body = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
  let lines = body.utf8.count { $0 == UInt8(ascii: "\n") } + 1
  func locate(_ position: BodyPosition) -> SourceLocation {
    SourceLocation(file: SourceFileID(0), line: Int32(position.line + 1), column: Int32(position.column + 1))
  }
  var diagnostics = DiagnosticBag()
  let members = MemberParser.parse(body, locate: locate, diagnostics: &diagnostics)
  for member in members {
    Fuzz.require(!member.name.isEmpty, "a member without a name")
    Fuzz.require(member.location.line >= 1 && member.location.line <= lines, "a member outside the body")
    _ = member.fullName
  }
  for diagnostic in diagnostics.diagnostics {
    Fuzz.require(diagnostic.location.line >= 1, "a diagnostic before the body")
    Fuzz.require(!diagnostic.message.isEmpty, "an empty message")
  }
  // Parsing is a function of the text.
  var again = DiagnosticBag()
  Fuzz.require(
    MemberParser.parse(body, locate: locate, diagnostics: &again) == members, "parsing twice differs")
  var typeDiagnostics = DiagnosticBag()
  let type = TypeParser.parse(body, locate: locate, diagnostics: &typeDiagnostics)
  Fuzz.require((type == nil) == typeDiagnostics.hasErrors, "a type both parsed and reported, or neither")
  return 0
}
