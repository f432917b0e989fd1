/// The query of a URL, read as `key=value` pairs separated by `&`.
///
/// Keys are percent-decoded; a pair whose key does not decode is ignored. The last of repeated
/// keys wins, a key without `=` has the empty value, and `+` is a literal plus. Values are
/// decoded on demand, so that an invalid escape only affects a route that reads the key.
public struct URLQuery: Sendable, Equatable {
  /// A value looked up by key.
  public enum Value: Sendable, Equatable {
    /// The key is not in the query.
    case absent
    /// The value has an invalid escape or decodes to NUL or to invalid UTF-8.
    case invalid
    /// The percent-decoded value.
    case value(String)
  }

  /// Raw (still escaped) values by decoded key, the last occurrence winning.
  private let rawValues: [String: Substring]

  /// An empty query.
  public init() {
    rawValues = [:]
  }

  /// Reads the text after `?` (without the fragment).
  public init(_ text: Substring) {
    var values: [String: Substring] = [:]
    var start = text.startIndex
    while start <= text.endIndex {
      let stop = text.utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
      let pair = text[start..<stop]
      if !pair.isEmpty {
        let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
        let rawKey = pair[..<(equals ?? pair.endIndex)]
        let rawValue = equals.map { pair[pair.utf8.index(after: $0)...] } ?? pair[pair.endIndex...]
        if case .success(let key) = PercentDecoding.decode(rawKey) {
          values[key] = rawValue
        }
      }
      guard stop != text.endIndex else { break }
      start = text.utf8.index(after: stop)
    }
    rawValues = values
  }

  /// The decoded keys, sorted.
  public var keys: [String] { rawValues.keys.sorted() }

  /// The value of the last pair with `key`.
  public func value(forKey key: String) -> Value {
    guard let raw = rawValues[key] else { return .absent }
    switch PercentDecoding.decode(raw) {
    case .success(let value): return .value(value)
    case .failure: return .invalid
    }
  }
}

/// The query of a scanned URL, read in place: a value is found by walking the `key=value`
/// pairs, with the rules of ``URLQuery`` (decoded keys, the last of repeated keys wins, a key
/// without `=` has the empty value), and converted without allocating.
struct RawQuery: RouteQuery {
  let bytes: UnsafeBufferPointer<UInt8>

  func converts(_ parameters: UnsafeBufferPointer<RouteTrie.QueryParameter>) -> Bool {
    for parameter in parameters {
      guard let range = lastValue(forKey: parameter.name) else { continue }
      let raw = UnsafeBufferPointer(rebasing: bytes[range])
      guard let type = parameter.type else { return false }
      let converts = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, raw.count)) { buffer in
        guard case .success(let length) = PercentDecoding.decode(raw, into: buffer) else { return false }
        return type.accepts(UnsafeBufferPointer(rebasing: buffer[..<length]))
      }
      if !converts { return false }
    }
    return true
  }

  /// The raw value of the last pair whose decoded key is `key`.
  private func lastValue(forKey key: String) -> Range<Int>? {
    var found: Range<Int>?
    var start = 0
    while start <= bytes.count {
      var stop = start
      while stop < bytes.count, bytes[stop] != UInt8(ascii: "&") { stop += 1 }
      if stop > start {
        var equals = start
        while equals < stop, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        if keyMatches(UnsafeBufferPointer(rebasing: bytes[start..<equals]), key) {
          found = equals < stop ? (equals + 1)..<stop : stop..<stop
        }
      }
      start = stop + 1
    }
    return found
  }

  /// `true` when the raw key decodes to `key` (as strings compare: canonical equivalence).
  private func keyMatches(_ raw: UnsafeBufferPointer<UInt8>, _ key: String) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, raw.count)) { buffer in
      guard case .success(let length) = PercentDecoding.decode(raw, into: buffer) else { return false }
      let decoded = UnsafeBufferPointer(rebasing: buffer[..<length])
      if decoded.elementsEqual(key.utf8) { return true }
      guard decoded.contains(where: { $0 >= 0x80 }) || key.utf8.contains(where: { $0 >= 0x80 }) else {
        return false
      }
      return String(decoding: decoded, as: UTF8.self) == key
    }
  }
}
