/// The URL reading every generated route file carries: the same rules as the core router
/// (`URLPath`, `URLQuery`, `PercentDecoding` and the value grammars in `RouteValue`), without
/// Foundation, nested in the route type so that several apps can share a Swift module. Fixed
/// text, formatted as swift-format writes it: only the type it extends changes. The
/// differential tests compile it and compare its answers with `RouteTable`'s.
enum RouteReaderSource {
  /// The extension of `routeType` that holds the reader.
  static func text(extending routeType: String) -> String {
    "nonisolated extension \(routeType) {\n" + body
  }

  private static let body = """
      /// Reads URLs for routing exactly as `routecfg resolve` does.
      fileprivate nonisolated enum Reader {
        /// Paths longer than this many UTF-8 bytes once decoded (each segment with its `/`)
        /// match no route.
        static let maximumLength = 8192
        /// URLs longer than this many UTF-8 bytes as written match no route.
        static let maximumURLLength = 4 * maximumLength
        /// URLs with more segments than this (the host included) match no route.
        static let maximumSegments = 256

        enum Outcome {
          /// Not the app's URL: another scheme, a user, password or port, no `//`.
          case notRouted
          /// The app's URL (or a plain path), but no route can match it.
          case unmatchable
          case path(Path)
        }

        /// Decoded segments and the query.
        struct Path {
          var segments: [String]
          var query: Query
        }

        /// A query value looked up by key.
        enum QueryValue {
          case absent
          case invalid
          case value(String)
        }

        /// `key=value` pairs split at `&`; keys decoded, the last of repeated keys winning.
        struct Query {
          private var raw: [String: Substring] = [:]

          init() {}

          init(_ text: Substring) {
            var start = text.startIndex
            while start <= text.endIndex {
              let stop = text.utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
              let pair = text[start..<stop]
              if !pair.isEmpty {
                let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
                let key = pair[..<(equals ?? pair.endIndex)]
                let value = equals.map { pair[pair.utf8.index(after: $0)...] } ?? pair[pair.endIndex...]
                if let decoded = Reader.decode(key) { raw[decoded] = value }
              }
              guard stop != text.endIndex else { break }
              start = text.utf8.index(after: stop)
            }
          }

          func value(_ key: String) -> QueryValue {
            guard let value = raw[key] else { return .absent }
            return Reader.decode(value).map(QueryValue.value) ?? .invalid
          }
        }

        static func read(_ url: String, scheme: String?) -> Outcome {
          let bytes = url.utf8
          var pathStart = bytes.startIndex
          var host: Substring?
          if let schemeEnd = schemeEnd(bytes) {
            guard let scheme, equalIgnoringCase(url[..<schemeEnd].utf8, scheme.utf8) else {
              return .notRouted
            }
            let afterColon = bytes.index(after: schemeEnd)
            guard bytes[afterColon...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else {
              return .notRouted
            }
            let hostStart = bytes.index(afterColon, offsetBy: 2)
            let hostEnd =
              bytes[hostStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
              } ?? bytes.endIndex
            let authority = bytes[hostStart..<hostEnd]
            if authority.contains(UInt8(ascii: "@")) || authority.contains(UInt8(ascii: ":")) {
              return .notRouted
            }
            host = url[hostStart..<hostEnd]
            pathStart = hostEnd
          }
          guard bytes.count <= maximumURLLength else { return .unmatchable }
          var pathEnd = bytes.endIndex
          var queryRange: Range<String.Index>?
          if let hash = bytes[pathStart...].firstIndex(of: UInt8(ascii: "#")) { pathEnd = hash }
          if let question = bytes[pathStart..<pathEnd].firstIndex(of: UInt8(ascii: "?")) {
            queryRange = bytes.index(after: question)..<pathEnd
            pathEnd = question
          }
          let path = url[pathStart..<pathEnd]
          if host == nil && path.utf8.first != UInt8(ascii: "/") { return .unmatchable }
          guard let segments = segments(host: host, path: path) else { return .unmatchable }
          return .path(Path(segments: segments, query: queryRange.map { Query(url[$0]) } ?? Query()))
        }

        /// The decoded segments after the leading `/` (one trailing `/` dropped), the host first.
        private static func segments(host: Substring?, path: Substring) -> [String]? {
          var raw: [Substring] = []
          if let host, !host.isEmpty { raw.append(host) }
          let utf8 = path.utf8
          var lower = utf8.startIndex
          var upper = utf8.endIndex
          if utf8.first == UInt8(ascii: "/") { lower = utf8.index(after: lower) }
          if utf8.distance(from: lower, to: upper) >= 2 && utf8.last == UInt8(ascii: "/") {
            upper = utf8.index(before: upper)
          }
          let body = path[lower..<upper]
          if !body.isEmpty {
            var start = body.startIndex
            while true {
              if raw.count == maximumSegments { return nil }
              let stop = body.utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? body.endIndex
              raw.append(body[start..<stop])
              guard stop != body.endIndex else { break }
              start = body.utf8.index(after: stop)
            }
          }
          var segments: [String] = []
          segments.reserveCapacity(raw.count)
          for segment in raw {
            guard !segment.isEmpty, let decoded = decode(segment), decoded != ".", decoded != ".."
            else {
              return nil
            }
            segments.append(decoded)
          }
          return segments.reduce(0, { $0 + 1 + $1.utf8.count }) > maximumLength ? nil : segments
        }

        /// The index of the `:` after a leading `[A-Za-z][A-Za-z0-9+.-]*`, if there is one.
        private static func schemeEnd(_ bytes: String.UTF8View) -> String.Index? {
          var index = bytes.startIndex
          guard index != bytes.endIndex, isLetter(bytes[index]) else { return nil }
          index = bytes.index(after: index)
          while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
              return nil
            }
            index = bytes.index(after: index)
          }
          return nil
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
          (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private static func equalIgnoringCase(_ lhs: Substring.UTF8View, _ rhs: String.UTF8View)
          -> Bool
        {
          lhs.elementsEqual(rhs) { lowercased($0) == lowercased($1) }
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
          byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }

        /// `%XX` escapes decoded; `nil` for an invalid escape, NUL or invalid UTF-8.
        static func decode(_ text: Substring) -> String? {
          var hasEscape = false
          for byte in text.utf8 {
            if byte == UInt8(ascii: "%") {
              hasEscape = true
            } else if byte == 0 {
              return nil
            }
          }
          guard hasEscape else { return String(text) }
          var decoded: [UInt8] = []
          decoded.reserveCapacity(text.utf8.count)
          var iterator = text.utf8.makeIterator()
          while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
              decoded.append(byte)
              continue
            }
            guard let high = iterator.next().flatMap(hexValue),
              let low = iterator.next().flatMap(hexValue)
            else {
              return nil
            }
            let value = high << 4 | low
            if value == 0 { return nil }
            decoded.append(value)
          }
          var codec = UTF8()
          var scalars = decoded.makeIterator()
          while true {
            switch codec.decode(&scalars) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: decoded, as: UTF8.self)
            case .error: return nil
            }
          }
        }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
          switch byte {
          case 0x30...0x39: return byte - 0x30
          case 0x41...0x46: return byte - 0x41 + 10
          case 0x61...0x66: return byte - 0x61 + 10
          default: return nil
          }
        }

        /// `-?[0-9]+` within `Int`'s range.
        static func int(_ text: String) -> Int? {
          let bytes = text.utf8
          var index = bytes.startIndex
          let negative = index != bytes.endIndex && bytes[index] == UInt8(ascii: "-")
          if negative { index = bytes.index(after: index) }
          guard index != bytes.endIndex else { return nil }
          var value = 0
          while index != bytes.endIndex {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(Int(byte - 0x30))
            if overflow1 || overflow2 { return nil }
            value = next
            index = bytes.index(after: index)
          }
          if negative { return value }
          return value == Int.min ? nil : -value
        }

        /// `-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?`, finite.
        static func double(_ text: String) -> Double? {
          let bytes = text.utf8
          var index = bytes.startIndex
          func skipDigits() -> Bool {
            let start = index
            while index != bytes.endIndex, isDigit(bytes[index]) { index = bytes.index(after: index) }
            return index != start
          }
          if index != bytes.endIndex && bytes[index] == UInt8(ascii: "-") {
            index = bytes.index(after: index)
          }
          guard skipDigits() else { return nil }
          if index != bytes.endIndex && bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard skipDigits() else { return nil }
          }
          if index != bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index = bytes.index(after: index)
            if index != bytes.endIndex,
              bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
              index = bytes.index(after: index)
            }
            guard skipDigits() else { return nil }
          }
          guard index == bytes.endIndex, let value = Double(text), value.isFinite else { return nil }
          return value
        }

        /// Exactly `true` or `false`.
        static func bool(_ text: String) -> Bool? {
          switch text {
          case "true": return true
          case "false": return false
          default: return nil
          }
        }

        /// Every byte but `A-Z a-z 0-9 - . _ ~` percent-encoded.
        static func encode(_ text: String) -> String {
          var result = ""
          for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
              result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
              let digits = Array("0123456789ABCDEF".unicodeScalars)
              result.unicodeScalars.append("%")
              result.unicodeScalars.append(digits[Int(byte >> 4)])
              result.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
          }
          return result
        }

        /// `/a/b?k=v`: each segment percent-encoded, then the catch-all's pieces, then the query.
        static func path(
          _ segments: [String], catchAll: String? = nil, query items: [(String, String?)] = []
        )
          -> String
        {
          var text = ""
          for segment in segments { text += "/" + encode(segment) }
          if let catchAll { text += "/" + encodeCatchAll(catchAll, after: segments.count) }
          return (text.isEmpty ? "/" : text) + query(items)
        }

        /// `?key=value&...` for the items that have a value; empty when none has one.
        static func query(_ items: [(String, String?)]) -> String {
          var text = ""
          for (key, value) in items {
            guard let value else { continue }
            text += (text.isEmpty ? "?" : "&") + encode(key) + "=" + encode(value)
          }
          return text
        }

        /// `true` when `text` can be one path segment that reads back as itself.
        static func isSegment(_ text: String) -> Bool {
          !text.isEmpty && text != "." && text != ".."
        }

        /// `text` as catch-all segments after `count` others: its pieces between `/`, a piece
        /// that cannot be a segment alone (empty, `.`, `..`) joined to the next one (the last
        /// to the one before) with that `/` encoded, so that every segment reads back as
        /// itself; past ``maximumSegments``, the pieces that do not fit share the last segment
        /// (their `/` encoded). Each reads back the same.
        static func encodeCatchAll(_ text: String, after count: Int) -> String {
          var segments: [String] = []
          var waiting: String?
          for piece in text.split(separator: "/", omittingEmptySubsequences: false) {
            let encoded = encode(String(piece))
            if let held = waiting {
              segments.append(held + "%2F" + encoded)
              waiting = nil
            } else if isSegment(String(piece)) {
              segments.append(encoded)
            } else {
              waiting = encoded
            }
          }
          if let held = waiting {
            guard let last = segments.popLast() else { return held }
            segments.append(last + "%2F" + held)
          }
          let room = maximumSegments - count
          guard segments.count > room else { return segments.joined(separator: "/") }
          guard room > 1 else { return encode(text) }
          let last = segments[(room - 1)...].joined(separator: "%2F")
          return (segments[..<(room - 1)] + [last]).joined(separator: "/")
        }
      }
    }
    """
}
