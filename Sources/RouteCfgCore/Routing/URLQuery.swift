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
