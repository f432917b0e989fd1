/// What reading a URL for routing gives.
public enum URLReadResult: Sendable, Equatable {
  /// The URL is the app's and reads as these decoded segments and query.
  case path(URLPath)
  /// The URL is the app's (or a plain path) but no route can match it: it goes to the fallback.
  case unmatchable(reason: String)
  /// The URL is not the app's (another scheme, a user or port, no `//`): it is not routed at all.
  case notRouted(reason: String)
}

/// A URL read for routing: its percent-decoded path segments and its query.
///
/// `noteapp://notes/42?x=1#top` reads as the segments `notes`, `42` (a custom scheme's host is the
/// first segment) and the query `x=1`; `/notes/42` reads the same. See ``read(_:scheme:)``.
public struct URLPath: Sendable, Equatable {
  /// Paths longer than this many UTF-8 bytes once decoded (each segment with its `/`, a custom
  /// scheme's host included, a trailing `/` not) match no route: what a route's length is
  /// checked against.
  public static let maximumLength = 8192
  /// URLs longer than this many UTF-8 bytes as written (query and fragment included) match no
  /// route: room for a path of ``maximumLength`` bytes written all in `%XX` escapes, and more.
  public static let maximumURLLength = 4 * maximumLength
  /// URLs with more segments than this (the host included) match no route.
  public static let maximumSegments = 256

  /// The percent-decoded segments; empty for the root.
  public let segments: [String]
  /// The query, empty when there is none.
  public let query: URLQuery

  /// A path of already decoded segments.
  public init(segments: [String], query: URLQuery = URLQuery()) {
    self.segments = segments
    self.query = query
  }

  /// Reads `url` for an app whose manifest sets `scheme` (`nil` when it sets none).
  ///
  /// - A URL starts with a scheme when it starts with `[A-Za-z][A-Za-z0-9+.-]*:`. A scheme other
  ///   than `scheme` (compared case-insensitively), any scheme when `scheme` is `nil`, a missing
  ///   `//`, or a user, password or port make the URL ``URLReadResult/notRouted(reason:)``.
  /// - Anything else is a path, which must start with `/`.
  /// - The fragment (from the first `#`) is ignored; the query starts at the first `?`.
  /// - A single trailing `/` is ignored. Empty, `.` and `..` segments, invalid escapes, escapes
  ///   that decode to NUL or to invalid UTF-8, URLs over ``maximumURLLength`` bytes, paths over
  ///   ``maximumLength`` bytes decoded and URLs of more than ``maximumSegments`` segments are
  ///   ``URLReadResult/unmatchable(reason:)``.
  public static func read(_ url: String, scheme: String?) -> URLReadResult {
    read(url, scheme: scheme, readsQuery: true)
  }

  static func read(_ url: String, scheme: String?, readsQuery: Bool) -> URLReadResult {
    let bytes = url.utf8
    var pathStart = bytes.startIndex
    var host: Substring?
    if let schemeEnd = URLSyntax.schemeEnd(bytes) {
      switch authority(of: url, schemeEnd: schemeEnd, expected: scheme) {
      case .success(let authority):
        host = url[authority]
        pathStart = authority.upperBound
      case .failure(let reason):
        return .notRouted(reason: reason.text)
      }
    }
    guard bytes.count <= maximumURLLength else {
      return .unmatchable(reason: urlTooLong)
    }
    var pathEnd = bytes.endIndex
    var queryRange: Range<String.Index>?
    if let hash = bytes[pathStart...].firstIndex(of: URLSyntax.hash) { pathEnd = hash }
    if let question = bytes[pathStart..<pathEnd].firstIndex(of: URLSyntax.question) {
      queryRange = bytes.index(after: question)..<pathEnd
      pathEnd = question
    }
    let path = url[pathStart..<pathEnd]
    if host == nil && path.utf8.first != URLSyntax.slash {
      return .unmatchable(reason: "the path does not start with '/'")
    }
    let segments: [String]
    switch decodedSegments(host: host, path: path) {
    case .success(let decoded): segments = decoded
    case .failure(let reason): return .unmatchable(reason: reason.text)
    }
    let query = readsQuery ? queryRange.map { URLQuery(url[$0]) } ?? URLQuery() : URLQuery()
    return .path(URLPath(segments: segments, query: query))
  }

  /// Checks the scheme and the authority after `scheme:`; returns the host's range.
  private static func authority(
    of url: String,
    schemeEnd: String.Index,
    expected: String?
  ) -> Result<Range<String.Index>, URLReadFailure> {
    let bytes = url.utf8
    let scheme = url[..<schemeEnd]
    guard let expected else {
      return .failure(URLReadFailure("the URL has the scheme '\(scheme)', and the manifest sets no scheme"))
    }
    guard URLSyntax.equalIgnoringASCIICase(scheme.utf8, expected.utf8) else {
      return .failure(URLReadFailure("the URL's scheme '\(scheme)' is not the app's scheme '\(expected)'"))
    }
    let afterColon = bytes.index(after: schemeEnd)
    let rest = bytes[afterColon...]
    guard rest.starts(with: [URLSyntax.slash, URLSyntax.slash]) else {
      return .failure(URLReadFailure("the URL has no '//' after '\(scheme):'; write '\(scheme)://...'"))
    }
    let hostStart = bytes.index(afterColon, offsetBy: 2)
    let hostEnd =
      bytes[hostStart...].firstIndex {
        $0 == URLSyntax.slash || $0 == URLSyntax.question || $0 == URLSyntax.hash
      } ?? bytes.endIndex
    let authority = bytes[hostStart..<hostEnd]
    if authority.contains(URLSyntax.at) {
      return .failure(URLReadFailure("the URL names a user or password, which app URLs do not have"))
    }
    // `[x]` alone is a first segment; `[::1]` holds colons, but is an IP address, not a port.
    if authority.contains(URLSyntax.colon) {
      return .failure(URLReadFailure(URLSyntax.colonProblem(in: authority)))
    }
    return .success(hostStart..<hostEnd)
  }

  /// Splits the path after its leading `/` (dropping one trailing `/`) and decodes each segment,
  /// the host first when it is not empty.
  private static func decodedSegments(host: Substring?, path: Substring) -> Result<[String], URLReadFailure> {
    var raw: [Substring] = []
    if let host, !host.isEmpty { raw.append(host) }
    // Byte offsets, not Characters: a `/` can share a Character with a combining mark after it.
    let utf8 = path.utf8
    var lower = utf8.startIndex
    var upper = utf8.endIndex
    if utf8.first == URLSyntax.slash { lower = utf8.index(after: lower) }
    if utf8.distance(from: lower, to: upper) >= 2 && utf8.last == URLSyntax.slash {
      upper = utf8.index(before: upper)
    }
    let body = path[lower..<upper]
    if !body.isEmpty {
      var start = body.startIndex
      while true {
        if raw.count == maximumSegments {
          return .failure(URLReadFailure("the URL has more than \(maximumSegments) segments"))
        }
        let stop = body.utf8[start...].firstIndex(of: URLSyntax.slash) ?? body.endIndex
        raw.append(body[start..<stop])
        guard stop != body.endIndex else { break }
        start = body.utf8.index(after: stop)
      }
    }
    var segments: [String] = []
    segments.reserveCapacity(raw.count)
    for segment in raw {
      if segment.isEmpty {
        return .failure(URLReadFailure("the URL has an empty segment ('//')"))
      }
      switch PercentDecoding.decode(segment) {
      case .success(let decoded):
        if decoded == "." || decoded == ".." {
          return .failure(URLReadFailure("the URL has a '.' or '..' segment"))
        }
        segments.append(decoded)
      case .failure(let error):
        return .failure(URLReadFailure(error.reason))
      }
    }
    if segments.reduce(0, { $0 + 1 + $1.utf8.count }) > maximumLength {
      return .failure(URLReadFailure(pathTooLong))
    }
    return .success(segments)
  }
}

extension URLPath {
  /// Why a URL longer than ``maximumURLLength`` bytes as written matches nothing.
  static let urlTooLong = "the URL is longer than \(maximumURLLength) bytes"
  /// Why a path longer than ``maximumLength`` bytes decoded matches nothing.
  static let pathTooLong = "the URL's path is longer than \(maximumLength) bytes decoded"
}

/// Why a URL is not routed or matches nothing.
struct URLReadFailure: Error {
  var text: String

  init(_ text: String) { self.text = text }
}

/// Byte-level URL syntax.
enum URLSyntax {
  static let slash = UInt8(ascii: "/")
  static let question = UInt8(ascii: "?")
  static let hash = UInt8(ascii: "#")
  static let colon = UInt8(ascii: ":")
  static let at = UInt8(ascii: "@")
  static let percent = UInt8(ascii: "%")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")

  /// Why an authority holding a `:` is not an app's: an IP address in brackets (`[::1]`, whose
  /// first `:` is inside the brackets) or a port (`notes:80`, `[x]:80`).
  static func colonProblem<Authority: Collection<UInt8>>(in authority: Authority) -> String {
    let isAddress =
      authority.first == openBracket
      && (authority.firstIndex(of: colon) ?? authority.endIndex)
        < (authority.firstIndex(of: closeBracket) ?? authority.endIndex)
    return isAddress
      ? "the URL's host is an IP address in brackets, which app URLs do not have"
      : "the URL names a port, which app URLs do not have"
  }

  /// The index of the `:` after a leading `[A-Za-z][A-Za-z0-9+.-]*`, if there is one.
  static func schemeEnd(_ bytes: String.UTF8View) -> String.Index? {
    var index = bytes.startIndex
    guard index != bytes.endIndex, isLetter(bytes[index]) else { return nil }
    index = bytes.index(after: index)
    while index != bytes.endIndex {
      let byte = bytes[index]
      if byte == colon { return index }
      guard isSchemeByte(byte) else { return nil }
      index = bytes.index(after: index)
    }
    return nil
  }

  /// A letter, digit, `+`, `-` or `.`: a byte of a scheme after its first letter.
  static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  static func equalIgnoringASCIICase(_ lhs: Substring.UTF8View, _ rhs: String.UTF8View) -> Bool {
    lhs.elementsEqual(rhs) { lowercased($0) == lowercased($1) }
  }
}
