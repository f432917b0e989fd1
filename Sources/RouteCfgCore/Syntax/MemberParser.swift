/// Parses the members of a protocol body: Swift `var`, `let` and `func` declarations, one per
/// line or separated by `;`, with `//` comments.
///
/// ```
/// var notifyString: String? { get set }
/// let noteId: Int
/// func highlight(range: String, animated: Bool) -> Bool
/// func didLogin(); var x: Int // comment
/// ```
///
/// Declarations that do not parse are reported (``DiagnosticCode/memberSyntax`` or
/// ``DiagnosticCode/unsupportedMemberFeature``) and skipped up to the next line or `;`, so
/// one body can yield several diagnostics and still return its good members. Duplicate
/// members and unknown types are left to the validator.
public enum MemberParser {
  /// The members declared in `body`, in order.
  ///
  /// - Parameters:
  ///   - body: The text of the string value.
  ///   - locate: Maps positions inside `body` to file locations.
  ///   - diagnostics: Receives a diagnostic for each declaration that does not parse.
  /// - Returns: The members that parse. Each one is located at its name (with the end of the
  ///   name), and lists every named type it writes with its location.
  public static func parse(
    _ body: String, locate: BodyLocator, diagnostics: inout DiagnosticBag
  ) -> [MemberDecl] {
    SwiftTokenizer.withUTF8(body) { bytes in
      var parser = SwiftDeclParser(source: bytes, tokens: SwiftTokenizer.tokenize(bytes: bytes))
      var members: [MemberDecl] = []
      while let member = parser.parseNextMember() {
        let references = parser.references.map {
          Located($0.name, at: SwiftDeclParser.location($0.start, $0.end, locate: locate))
        }
        members.append(
          MemberDecl(
            name: member.name, kind: member.kind,
            location: SwiftDeclParser.location(member.nameStart, member.nameEnd, locate: locate),
            typeReferences: references))
      }
      parser.flushProblems(into: &diagnostics, locate: locate)
      return members
    }
  }
}
