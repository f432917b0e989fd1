/// A type parsed from a string, with the named types it mentions.
public struct ParsedType: Sendable, Hashable {
  /// The type, with `()` read as `Void`, `(T)` as `T` and `any P` as `P`.
  public var type: TypeRef
  /// Every named type written, with its location (`[String: Note]` gives `String` and `Note`).
  public var references: [Located<String>]

  public init(type: TypeRef, references: [Located<String>]) {
    self.type = type
    self.references = references
  }
}

/// Parses a string that holds exactly one Swift type, such as a module parameter type
/// (`Int`, `String?`, `[String: Int]`, `(Int) -> Void`), with the grammar of ``MemberParser``.
public enum TypeParser {
  /// How deeply types may nest before they are reported (each `[`, `(`, `->` result and `?`
  /// counts one level).
  public static let maxNestingDepth = SwiftDeclParser.maxNestingDepth

  /// The type written in `text`, or `nil` after reporting why it does not parse.
  ///
  /// Leading and trailing white space, line breaks and `//` comments are ignored; anything
  /// else after the type is an error.
  ///
  /// - Parameters:
  ///   - text: The text of the string value.
  ///   - locate: Maps positions inside `text` to file locations.
  ///   - diagnostics: Receives one diagnostic when the text is not a type.
  public static func parse(
    _ text: String, locate: BodyLocator, diagnostics: inout DiagnosticBag
  ) -> ParsedType? {
    parse(
      text, locate: locate, diagnostics: &diagnostics,
      fast: { bytes in
        SwiftFastDeclParser.parseWholeType(bytes) { type, references in
          ParsedType(type: type, references: references.moveLocated(from: 0, locate: locate))
        }
      },
      general: { ParsedType(type: $0, references: $1) })
  }

  /// The type written in `text`, as ``parse(_:locate:diagnostics:)`` reads it, with the named
  /// types it mentions written by `writer` (a module parameter's type, decoded beside the
  /// bodies' references).
  static func parse(
    _ text: String, locate: BodyLocator, diagnostics: inout DiagnosticBag, writer: inout BodyWriter
  ) -> (type: TypeRef, references: TypeReferences)? {
    parse(
      text, locate: locate, diagnostics: &diagnostics,
      fast: { bytes in
        SwiftFastDeclParser.parseWholeType(bytes) { type, references in
          var written = TypeReferences(pending: 0..<references.count)
          if references.count > 0 { written.attach(writer.write(&references, locate: locate)) }
          return (type, written)
        }
      },
      general: { ($0, writer.write($1)) })
  }

  /// Well-formed ASCII types take the one-pass parser (`fast`); the others are parsed again
  /// from tokens, with diagnostics, and given to `general` with their references.
  private static func parse<Result>(
    _ text: String, locate: BodyLocator, diagnostics: inout DiagnosticBag,
    fast: (UnsafeBufferPointer<UInt8>) -> Result?, general: (TypeRef, [Located<String>]) -> Result
  ) -> Result? {
    SwiftTokenizer.withUTF8(text) { bytes in
      if let parsed = fast(bytes) { return parsed }
      return SwiftTokenizer.withTokens(of: bytes, newlines: false) { tokens, _ in
        SwiftDeclParser.withParser(source: bytes, tokens: tokens) { parser in
          let type = parser.parseWholeType()
          parser.flushProblems(into: &diagnostics, locate: locate)
          guard let type else { return nil }
          return general(type, parser.takeTypeReferences(locate: locate))
        }
      }
    }
  }
}

extension SwiftDeclParser {
  /// One type that must fill the whole token stream.
  mutating func parseWholeType() -> TypeRef? {
    guard let type = parseType() else { return nil }
    guard kind == .end else {
      reportExpected(
        "the end of the type after '\(Self.brief(type))'", hint: "write a single type such as '[String: Int]'"
      )
      return nil
    }
    return type
  }
}
