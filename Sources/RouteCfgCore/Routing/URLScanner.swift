/// One segment of a scanned URL: where it was written, where its decoded bytes are, and the hash
/// the route matcher looks literals up by.
struct ScannedSegment {
  /// The segment as written: a byte range of the URL.
  var rawStart: Int32
  var rawEnd: Int32
  /// The decoded bytes: the raw range itself, or a range of the decoding buffer when the segment
  /// holds `%`.
  var start: Int32
  var end: Int32
  /// ``LiteralHash`` of the decoded bytes.
  var hash: UInt64
  /// The segment holds `%` (so its decoded bytes live in the decoding buffer).
  var isEscaped: Bool
  /// The decoded bytes hold a non-ASCII character.
  var isNonASCII: Bool
  /// The raw bytes hold NUL.
  var hasNUL: Bool
}

/// The URL read for matching: decoded segments, the query, and the bytes they point into.
struct ScannedURL {
  let url: UnsafeBufferPointer<UInt8>
  /// Decoded bytes of the segments that hold `%`.
  let decoded: UnsafeMutableBufferPointer<UInt8>
  let segments: UnsafeMutableBufferPointer<ScannedSegment>
  let segmentCount: Int
  /// The query's byte range (after `?`, before `#`), empty when there is none.
  let queryStart: Int
  let queryEnd: Int

  /// The decoded bytes of segment `index`.
  func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let segment = segments[index]
    let base = segment.isEscaped ? UnsafeBufferPointer(decoded) : url
    return UnsafeBufferPointer(rebasing: base[Int(segment.start)..<Int(segment.end)])
  }
}

/// What reading and matching a URL gave: plain values, so that nothing is copied with
/// reference counting on the way out of the scan.
enum ScanMatch {
  /// Entry `entry` matched; its values were written at `ranges`.
  case matched(entry: Int, ranges: WrittenRanges)
  /// The URL was read, and no route matches it.
  case unmatched
  /// The URL is not routed, or cannot match.
  case failure(URLScanner.Failure)
}

/// FNV-1a over bytes: the hash literal segments are looked up by.
enum LiteralHash {
  static let seed: UInt64 = 0xCBF2_9CE4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01B3

  @inline(__always)
  static func add(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* prime }

  static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash = seed
    for byte in bytes { hash = add(hash, byte) }
    return hash
  }
}

/// Reads a URL for routing in one pass over its bytes, with the rules of ``URLPath/read(_:scheme:)``
/// (the same answers and the same reasons), without allocating: segments are byte ranges, and
/// only segments that hold `%` are decoded, into a buffer on the stack.
enum URLScanner {
  /// What reading gives when the URL cannot be matched.
  enum Failure: Error {
    case notRouted(String)
    case unmatchable(String)
  }

  /// Scans `url` and calls `body` with the result; the buffers live only during the call.
  static func withScanned(
    _ url: String,
    scheme: String?,
    _ body: (ScannedURL) -> ScanMatch
  ) -> ScanMatch {
    if let result = url.utf8.withContiguousStorageIfAvailable({ scan($0, scheme: scheme, body) }) {
      return result
    }
    var copy = url
    copy.makeContiguousUTF8()
    return copy.utf8.withContiguousStorageIfAvailable { scan($0, scheme: scheme, body) }
      ?? .failure(.unmatchable("the URL cannot be read"))
  }

  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>,
    scheme: String?,
    _ body: (ScannedURL) -> ScanMatch
  ) -> ScanMatch {
    var pathStart = 0
    var hostStart = -1
    if let schemeEnd = schemeEnd(bytes) {
      switch authority(bytes, schemeEnd: schemeEnd, expected: scheme) {
      case .success(let host):
        hostStart = host.lowerBound
        pathStart = host.upperBound
      case .failure(let failure):
        return .failure(failure)
      }
    }
    guard bytes.count <= URLPath.maximumURLLength else {
      return .failure(.unmatchable(URLPath.urlTooLong))
    }
    if hostStart < 0 && (pathStart == bytes.count || bytes[pathStart] != URLSyntax.slash) {
      return .failure(.unmatchable("the path does not start with '/'"))
    }
    // Segments that are not empty take two bytes each (with their `/`), so this many hold every
    // segment up to the first failure (small URLs stay under 1 KiB, on the stack).
    let capacity = min(URLPath.maximumSegments + 2, (bytes.count - pathStart + 1) / 2 + 3)
    return withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: capacity) {
      segments -> ScanMatch in
      var splitter = Splitter(bytes: bytes, segments: segments)
      if hostStart >= 0, hostStart < pathStart { splitter.add(hostStart, pathStart) }
      splitter.splitPath(from: pathStart)
      guard splitter.count <= URLPath.maximumSegments else {
        return .failure(.unmatchable("the URL has more than \(URLPath.maximumSegments) segments"))
      }
      // Past the capacity, an empty segment among those kept fails the URL before them.
      let count = min(splitter.count, segments.count)
      let queryStart = splitter.queryStart
      let queryEnd = splitter.queryEnd
      guard splitter.hasEscapes else {
        if let failure = check(segments, count: count, bytes: bytes, decoded: nil) {
          return .failure(failure)
        }
        guard count == splitter.count else { return .failure(.unmatchable(emptySegment)) }
        return body(
          ScannedURL(
            url: bytes, decoded: UnsafeMutableBufferPointer(start: nil, count: 0), segments: segments,
            segmentCount: count, queryStart: queryStart, queryEnd: queryEnd))
      }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { decoded -> ScanMatch in
        if let failure = check(segments, count: count, bytes: bytes, decoded: decoded) {
          return .failure(failure)
        }
        guard count == splitter.count else { return .failure(.unmatchable(emptySegment)) }
        return body(
          ScannedURL(
            url: bytes, decoded: decoded, segments: segments, segmentCount: count, queryStart: queryStart,
            queryEnd: queryEnd))
      }
    }
  }

  /// Splits the path into segments, hashing each as it goes, and finds the query.
  private struct Splitter {
    let bytes: UnsafeBufferPointer<UInt8>
    let segments: UnsafeMutableBufferPointer<ScannedSegment>
    var count = 0
    var hasEscapes = false
    var queryStart = 0
    var queryEnd = 0

    init(bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<ScannedSegment>) {
      self.bytes = bytes
      self.segments = segments
    }

    /// Adds the segment `start..<end` (the host), scanning its bytes.
    mutating func add(_ start: Int, _ end: Int) {
      var hash = LiteralHash.seed
      var escaped = false
      var nonASCII = false
      var nul = false
      for index in start..<end {
        let byte = bytes[index]
        hash = LiteralHash.add(hash, byte)
        escaped = escaped || byte == URLSyntax.percent
        nonASCII = nonASCII || byte >= 0x80
        nul = nul || byte == 0
      }
      append(start, end, hash: hash, escaped: escaped, nonASCII: nonASCII, nul: nul)
    }

    private mutating func append(
      _ start: Int, _ end: Int, hash: UInt64, escaped: Bool, nonASCII: Bool, nul: Bool
    ) {
      if count < segments.count {
        segments[count] = ScannedSegment(
          rawStart: Int32(start), rawEnd: Int32(end), start: Int32(start), end: Int32(end), hash: hash,
          isEscaped: escaped, isNonASCII: nonASCII, hasNUL: nul)
      }
      hasEscapes = hasEscapes || escaped
      count += 1
    }

    /// Splits the path from `start` (a `/`, or the end of the host) to the query or fragment.
    mutating func splitPath(from start: Int) {
      var index = start
      let end = bytes.count
      // After the leading `/`; a path that is empty or `/` alone has no segments.
      if index < end, bytes[index] == URLSyntax.slash { index += 1 }
      let bodyStart = index
      var segmentStart = index
      var hash = LiteralHash.seed
      var escaped = false
      var nonASCII = false
      var nul = false
      var pathEnd = end
      while index < end {
        let byte = bytes[index]
        // Most bytes are plain: ASCII from `0` up, except `?`, neither ends a segment nor sets
        // a flag, so one range test lets them through with the hash alone.
        if byte >= 0x30, byte < 0x80, byte != URLSyntax.question {
          hash = LiteralHash.add(hash, byte)
        } else if byte == URLSyntax.slash || byte == URLSyntax.question || byte == URLSyntax.hash {
          if byte != URLSyntax.slash {
            pathEnd = index
            break
          }
          append(segmentStart, index, hash: hash, escaped: escaped, nonASCII: nonASCII, nul: nul)
          segmentStart = index + 1
          hash = LiteralHash.seed
          escaped = false
          nonASCII = false
          nul = false
        } else {
          hash = LiteralHash.add(hash, byte)
          escaped = escaped || byte == URLSyntax.percent
          nonASCII = nonASCII || byte >= 0x80
          nul = nul || byte == 0
        }
        index += 1
      }
      if pathEnd > bodyStart || segmentStart > bodyStart {
        append(segmentStart, pathEnd, hash: hash, escaped: escaped, nonASCII: nonASCII, nul: nul)
        // A single trailing `/` is ignored: the empty segment after it goes.
        if pathEnd - bodyStart >= 2, segmentStart == pathEnd {
          count -= 1
        }
      }
      guard pathEnd < end else { return }
      if bytes[pathEnd] == URLSyntax.question {
        queryStart = pathEnd + 1
        var stop = queryStart
        while stop < end, bytes[stop] != URLSyntax.hash { stop += 1 }
        queryEnd = stop
      }
    }
  }

  /// Checks the segments in order (empty, NUL, escapes, `.` and `..`) and decodes those that
  /// hold `%` into `decoded`, rehashing them.
  private static func check(
    _ segments: UnsafeMutableBufferPointer<ScannedSegment>,
    count: Int,
    bytes: UnsafeBufferPointer<UInt8>,
    decoded: UnsafeMutableBufferPointer<UInt8>?
  ) -> Failure? {
    var written = 0
    /// The decoded path's bytes, each segment with its `/`.
    var pathLength = 0
    for index in 0..<count {
      var segment = segments[index]
      if segment.rawStart == segment.rawEnd {
        return .unmatchable(emptySegment)
      }
      if segment.hasNUL { return .unmatchable(PercentDecoding.Failure.nul.reason) }
      if segment.isEscaped, let decoded {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.rawStart)..<Int(segment.rawEnd)])
        let output = UnsafeMutableBufferPointer(rebasing: decoded[written...])
        switch PercentDecoding.decode(raw, into: output) {
        case .failure(let failure): return .unmatchable(failure.reason)
        case .success(let length):
          segment.start = Int32(written)
          segment.end = Int32(written + length)
          let text = UnsafeBufferPointer(rebasing: decoded[written..<written + length])
          segment.hash = LiteralHash.of(text)
          segment.isNonASCII = text.contains { $0 >= 0x80 }
          written += length
        }
        segments[index] = segment
      }
      let base = segment.isEscaped ? decoded.map { UnsafeBufferPointer($0) } ?? bytes : bytes
      let text = UnsafeBufferPointer(rebasing: base[Int(segment.start)..<Int(segment.end)])
      if isDotSegment(text) { return .unmatchable("the URL has a '.' or '..' segment") }
      pathLength += 1 + text.count
    }
    return pathLength > URLPath.maximumLength ? .unmatchable(URLPath.pathTooLong) : nil
  }

  private static let emptySegment = "the URL has an empty segment ('//')"

  /// `.` or `..`.
  private static func isDotSegment(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let dot = UInt8(ascii: ".")
    return (text.count == 1 && text[0] == dot) || (text.count == 2 && text[0] == dot && text[1] == dot)
  }

  /// The index of the `:` after a leading `[A-Za-z][A-Za-z0-9+.-]*`, if there is one.
  private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = bytes.first, URLSyntax.isLetter(first) else { return nil }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == URLSyntax.colon { return index }
      guard URLSyntax.isSchemeByte(byte) else { return nil }
      index += 1
    }
    return nil
  }

  /// Checks the scheme and the authority after `scheme:`; returns the host's byte range.
  private static func authority(
    _ bytes: UnsafeBufferPointer<UInt8>,
    schemeEnd: Int,
    expected: String?
  ) -> Swift.Result<Range<Int>, Failure> {
    let schemeBytes = UnsafeBufferPointer(rebasing: bytes[..<schemeEnd])
    func scheme() -> String { String(decoding: schemeBytes, as: UTF8.self) }
    guard let expected else {
      return .failure(.notRouted("the URL has the scheme '\(scheme())', and the manifest sets no scheme"))
    }
    guard
      schemeBytes.elementsEqual(expected.utf8, by: { URLSyntax.lowercased($0) == URLSyntax.lowercased($1) })
    else {
      return .failure(.notRouted("the URL's scheme '\(scheme())' is not the app's scheme '\(expected)'"))
    }
    let afterColon = schemeEnd + 1
    guard afterColon + 1 < bytes.count, bytes[afterColon] == URLSyntax.slash,
      bytes[afterColon + 1] == URLSyntax.slash
    else {
      return .failure(.notRouted("the URL has no '//' after '\(scheme()):'; write '\(scheme())://...'"))
    }
    let hostStart = afterColon + 2
    var hostEnd = hostStart
    var hasAt = false
    var hasColon = false
    while hostEnd < bytes.count {
      let byte = bytes[hostEnd]
      if byte == URLSyntax.slash || byte == URLSyntax.question || byte == URLSyntax.hash { break }
      hasAt = hasAt || byte == URLSyntax.at
      hasColon = hasColon || byte == URLSyntax.colon
      hostEnd += 1
    }
    if hasAt { return .failure(.notRouted("the URL names a user or password, which app URLs do not have")) }
    // `[x]` alone is a first segment; `[::1]` holds colons, but is an IP address, not a port.
    if hasColon { return .failure(.notRouted(URLSyntax.colonProblem(in: bytes[hostStart..<hostEnd]))) }
    return .success(hostStart..<hostEnd)
  }
}
