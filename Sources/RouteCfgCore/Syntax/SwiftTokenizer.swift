/// Splits a member body or a type into ``SwiftToken``s, working on UTF-8 bytes.
///
/// Lines end at `\n` only (`\r` is whitespace); `//` comments are dropped. Columns count
/// Unicode scalars. The tokens always end with an `.end` token.
enum SwiftTokenizer {
  /// Calls `body` with the UTF-8 bytes of `text`, without a copy when the string is native.
  static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) {
      return result
    }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer(body)
  }

  /// Calls `body` with the tokens of UTF-8 `bytes`; they are only valid inside `body`.
  ///
  /// - Parameters:
  ///   - start: Where to start: the start of the bytes, or the start of a statement whose line
  ///     is all ASCII before it (the place ``SwiftFastDeclParser`` stops at).
  ///   - newlines: Whether line ends are tokens; `false` reads them as white space.
  ///   - body: Receives the tokens and the number of statements: the runs of tokens between new
  ///     lines and `;`, which is the most declarations the tokens can hold.
  static func withTokens<Result>(
    of bytes: UnsafeBufferPointer<UInt8>, from start: SwiftLexPosition = SwiftLexPosition(),
    newlines: Bool = true,
    _ body: (_ tokens: UnsafeBufferPointer<SwiftToken>, _ statementCount: Int) -> Result
  ) -> Result {
    var lexer = SwiftLexer(bytes: bytes, from: start, keepsNewlines: newlines)
    defer { lexer.tokens.deallocate() }
    lexer.run(from: start)
    return body(lexer.tokens.buffer, lexer.statementCount)
  }
}

/// Tokens in memory that the tokenizer manages itself, so that appending one is a few stores.
typealias SwiftTokenStorage = SwiftMoveBuffer<SwiftToken>

extension SwiftMoveBuffer<SwiftToken> {
  /// The tokens appended so far.
  var buffer: UnsafeBufferPointer<SwiftToken> { UnsafeBufferPointer(start: base, count: count) }

  /// The kind of the last token; `nil` when there is none.
  var lastKind: SwiftTokenKind? { count > 0 ? base[count &- 1].kind : nil }
}
