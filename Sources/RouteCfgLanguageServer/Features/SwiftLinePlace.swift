/// What can be written at a place in a line of a protocol body (Swift member declarations),
/// read from the line's text before the word being typed.
enum SwiftLinePlace: Sendable, Equatable {
  /// The start of a declaration: `func`, `let` or `var`.
  case declarationStart
  /// A type: after `name:`, `->`, `[`, or inside a function type's parentheses.
  case type
  /// After a method's parameter list: `async` or `throws`.
  case afterParameters
  /// After `async`: `throws`.
  case afterAsync
  /// Just inside a property's `{`: `get` or `set`.
  case accessorStart
  /// After `{ get`: `set`.
  case afterGet
  /// Anywhere else: a name the user chooses, after a complete type, or inside a comment.
  case nothing

  init(_ before: String) {
    guard let code = Self.code(before) else {
      self = .nothing
      return
    }
    var text = Substring(code)
    while text.last?.isWhitespace == true { text.removeLast() }
    while text.first?.isWhitespace == true { text.removeFirst() }
    guard let last = text.last, last != ";" else {
      self = .declarationStart
      return
    }
    self = Self.place(after: text, last: last)
  }

  private static func place(after text: Substring, last: Character) -> SwiftLinePlace {
    let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    let isMethod = words.contains("func")
    // The brackets open at the end; the first `(` of a method opens its parameter list.
    enum Opener { case parameters, parenthesis, bracket, brace }
    var open: [Opener] = []
    var sawParameters = false
    var sawArrow = false
    var previous: Character = " "
    for character in text {
      switch character {
      case "(":
        if isMethod && !sawParameters && open.isEmpty {
          sawParameters = true
          open.append(.parameters)
        } else {
          open.append(.parenthesis)
        }
      case "[": open.append(.bracket)
      case "{": open.append(.brace)
      case ")", "]", "}": if !open.isEmpty { open.removeLast() }
      case ">" where previous == "-" && open.isEmpty: sawArrow = true
      default: break
      }
      previous = character
    }
    if open.last == .brace {
      if last == "{" { return .accessorStart }
      return words.last == "get" && last == "t" ? .afterGet : .nothing
    }
    if text.hasSuffix("->") || last == ":" || last == "[" { return .type }
    if last == "(" || last == "," { return open.last == .parameters ? .nothing : .type }
    if isMethod && open.isEmpty && !sawArrow {
      if last == ")" && sawParameters { return .afterParameters }
      if words.last == "async" && last == "c" { return .afterAsync }
    }
    return .nothing
  }

  /// `line` without its comments; `nil` when the end of `line` is inside one (`// …`, or a
  /// `/* …` not closed on the line).
  private static func code(_ line: String) -> String? {
    let bytes = Array(line.utf8)
    var kept: [UInt8] = []
    var index = 0
    var inBlock = false
    while index < bytes.count {
      let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
      if inBlock {
        if bytes[index] == UInt8(ascii: "*") && next == UInt8(ascii: "/") {
          inBlock = false
          kept.append(UInt8(ascii: " "))
          index += 2
        } else {
          index += 1
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "/") && next == UInt8(ascii: "/") { return nil }
      if bytes[index] == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
        inBlock = true
        index += 2
        continue
      }
      kept.append(bytes[index])
      index += 1
    }
    return inBlock ? nil : String(decoding: kept, as: UTF8.self)
  }
}
