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
  ///   - linesJoined: The body was written on several lines that YAML joined into one (a folded
  ///     or quoted scalar), which a missing line break's advice then names.
  /// - Returns: The members that parse. Each one is located at its name (with the end of the
  ///   name), and lists every named type it writes with its location.
  public static func parse(
    _ body: String, locate: BodyLocator, diagnostics: inout DiagnosticBag, linesJoined: Bool = false
  ) -> [MemberDecl] {
    var writer = BodyWriter.oneBody
    return Array(
      parse(body, locate: locate, diagnostics: &diagnostics, linesJoined: linesJoined, writer: &writer))
  }

  /// ``parse(_:locate:diagnostics:linesJoined:)`` for one of many bodies read on one thread,
  /// whose members, parameters and type references `writer` keeps together.
  static func parse(
    _ body: String, locate: BodyLocator, diagnostics: inout DiagnosticBag, linesJoined: Bool,
    writer: inout BodyWriter
  ) -> MemberList {
    // Repeated parameter names are reported by the general parser, at the second name.
    parseDeclarations(
      body, locate: locate, diagnostics: &diagnostics, linesJoined: linesJoined, writer: &writer)
  }

  /// The members of `body` when the one-pass parser reads all of it, and so reports nothing:
  /// what ``parse(_:locate:diagnostics:)`` returns then. `nil` when the general parser has to take
  /// over.
  static func parseWellFormed(
    _ body: String, locate: BodyLocator, writer: inout BodyWriter
  ) -> MemberList? {
    SwiftTokenizer.withUTF8(body) { bytes -> MemberList? in
      guard SwiftFastDeclParser.parseMembers(bytes, locate: locate, writer: &writer) == nil else {
        writer.members.discardPending()
        return nil
      }
      return writer.members.commit()
    }
  }

  private static func parseDeclarations(
    _ body: String, locate: BodyLocator, diagnostics: inout DiagnosticBag, linesJoined: Bool,
    writer: inout BodyWriter
  ) -> MemberList {
    SwiftTokenizer.withUTF8(body) { bytes in
      // Well-formed ASCII declarations, the common case, take the one-pass parser; from the
      // first one it cannot read on, the rest is parsed from tokens, with diagnostics.
      guard let rest = SwiftFastDeclParser.parseMembers(bytes, locate: locate, writer: &writer) else {
        return writer.members.commit()
      }
      return SwiftTokenizer.withTokens(of: bytes, from: rest) { tokens, statementCount in
        SwiftDeclParser.withParser(source: bytes, tokens: tokens) { parser in
          parser.linesJoined = linesJoined
          let first = writer.members.pending
          // Each member takes at least one statement: make room for them all at once.
          writer.members.reserveRoom(statementCount)
          while let member = parser.parseNextMember(locate: locate) {
            writer.members.append(consume member)
          }
          parser.attachReferences(from: first, locate: locate, writer: &writer)
          parser.flushProblems(into: &diagnostics, locate: locate)
          return writer.members.commit()
        }
      }
    }
  }
}
