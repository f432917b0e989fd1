/// What every file `routecfg generate` writes must satisfy, checked without a compiler: the
/// generator's output is compiled by the test suite; the fuzzer checks that no manifest text can
/// break out of a string literal or a comment, or unbalance the declarations.
public enum SwiftSourceInvariants {
  /// Brackets balance outside string literals and comments, string literals end on their line,
  /// no control character appears raw, and no bidirectional control appears raw in a comment or
  /// a string literal. (Names may hold bidirectional controls: Swift's identifier grammar
  /// allows U+202A–U+202E, so a manifest name can, and generated code must spell it as it is.)
  public static func check(_ source: String, file name: String) {
    for scalar in source.unicodeScalars {
      let value = scalar.value
      let isControl = (value < 0x20 && scalar != "\n") || value == 0x7F
      Fuzz.require(!isControl, "\(name): a raw U+\(String(value, radix: 16)) in generated code")
    }
    var scanner = Scanner(bytes: Array(source.utf8))
    let problem = scanner.code(until: nil)
    Fuzz.require(problem == nil, "\(name): \(problem ?? "")")
  }

  /// `true` for the bidirectional controls that reorder how a line reads.
  static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  /// What is wrong with the text of a comment or a string literal, if anything.
  static func problem(inText bytes: ArraySlice<UInt8>, _ what: String) -> String? {
    guard
      let bidi = String(decoding: bytes, as: UTF8.self).unicodeScalars.first(where: isBidirectionalControl)
    else { return nil }
    return "a raw U+\(String(bidi.value, radix: 16, uppercase: true)) in \(what)"
  }

  /// A scanner of the Swift subset the generator writes: code, `//` comments, backtick names and
  /// single-line string literals with escapes and `\(…)` interpolations.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Scans code up to `closer` (or the end); returns what is wrong, if anything.
    mutating func code(until closer: UInt8?) -> String? {
      var open: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "("): open.append(UInt8(ascii: ")"))
        case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
        case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
          if let expected = open.popLast() {
            if expected != byte { return "'\(Character(Unicode.Scalar(byte)))' closes a different bracket" }
          } else if byte == closer {
            return nil
          } else {
            return "an unmatched '\(Character(Unicode.Scalar(byte)))' at byte \(index - 1)"
          }
        case UInt8(ascii: "\""):
          if let problem = string() { return problem }
        case UInt8(ascii: "`"):
          guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "`")),
            !bytes[index..<end].contains(UInt8(ascii: "\n"))
          else { return "a backtick name that does not end on its line" }
          index = end + 1
        case UInt8(ascii: "/") where index < bytes.count && bytes[index] == UInt8(ascii: "/"):
          let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
          if let problem = SwiftSourceInvariants.problem(inText: bytes[index..<end], "a comment") {
            return problem
          }
          index = end
        case UInt8(ascii: "/") where index < bytes.count && bytes[index] == UInt8(ascii: "*"):
          return "a block comment, which the generator never writes"
        default: break
        }
      }
      if closer != nil { return "an interpolation that does not end" }
      return open.isEmpty ? nil : "\(open.count) bracket(s) left open at the end"
    }

    /// Scans a string literal after its opening quote.
    mutating func string() -> String? {
      var runStart = index
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"),
          let problem = SwiftSourceInvariants.problem(inText: bytes[runStart..<index - 1], "a string literal")
        {
          return problem
        }
        switch byte {
        case UInt8(ascii: "\""): return nil
        case UInt8(ascii: "\n"): return "a string literal that does not end on its line"
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { return "an escape at the end of the file" }
          let escaped = bytes[index]
          index += 1
          if escaped == UInt8(ascii: "(") {
            if let problem = code(until: UInt8(ascii: ")")) { return problem }
          }
          runStart = index
        default: break
        }
      }
      return "a string literal that does not end"
    }
  }
}
