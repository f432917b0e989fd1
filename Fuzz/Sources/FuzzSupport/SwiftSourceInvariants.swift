/// What every file `routecfg generate` writes must satisfy, checked without a compiler: the
/// generator's output is compiled by the test suite; the fuzzer checks that no manifest text can
/// break out of a string literal or a comment, or unbalance the declarations.
public enum SwiftSourceInvariants {
  /// Brackets balance outside string literals and comments, string literals end on their line,
  /// and no control or bidirectional character appears raw.
  public static func check(_ source: String, file name: String) {
    for scalar in source.unicodeScalars {
      let value = scalar.value
      let isControl = (value < 0x20 && scalar != "\n") || value == 0x7F
      let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
      Fuzz.require(!isControl && !isBidi, "\(name): a raw U+\(String(value, radix: 16)) in generated code")
    }
    var scanner = Scanner(bytes: Array(source.utf8))
    let problem = scanner.code(until: nil)
    Fuzz.require(problem == nil, "\(name): \(problem ?? "")")
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
          index = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
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
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
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
        default: break
        }
      }
      return "a string literal that does not end"
    }
  }
}
