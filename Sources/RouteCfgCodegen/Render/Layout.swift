/// A document the renderer lays out within a line width: text, places where a line may break,
/// indentation and groups that are either laid out on one line or broken at every break they
/// hold (Wadler's "prettier printer", as swift-format's own printer works).
indirect enum Layout: Sendable {
  case text(String)
  /// A space when its group is flat, a newline when it is broken.
  case line
  /// Nothing when its group is flat, a newline when it is broken.
  case softLine
  /// Always a newline; breaks every group around it.
  case hardLine
  case concat([Layout])
  /// Its content indented by one level after each newline inside it.
  case indent(Layout)
  /// Laid out flat when it fits in the rest of the line, else broken.
  case group(Layout)
  /// Text written only when its group is broken (the trailing comma of a multi-line literal).
  case whenBroken(String)
  /// Comment text after `prefix` (`/// `), its words wrapped to the line width; continuation
  /// lines start with the prefix at the same indentation.
  case comment(prefix: String, text: String)

  static let empty = Layout.concat([])

  /// `true` when the layout holds a hard line or a comment, so that no group around it can be
  /// flat: a `//` comment runs to the end of its line and would swallow whatever followed it.
  var hasHardLine: Bool {
    switch self {
    case .text, .line, .softLine, .whenBroken: return false
    case .hardLine, .comment: return true
    case .concat(let parts): return parts.contains { $0.hasHardLine }
    case .indent(let inner), .group(let inner): return inner.hasHardLine
    }
  }

  /// `parts` separated by `separator`.
  static func joined(_ parts: [Layout], separator: Layout) -> Layout {
    var result: [Layout] = []
    for (index, part) in parts.enumerated() {
      if index > 0 { result.append(separator) }
      result.append(part)
    }
    return .concat(result)
  }
}

/// Lays out a ``Layout`` in a line width with two-space indentation.
struct LayoutPrinter {
  let width: Int
  let indentUnit = "  "

  private enum Mode { case flat, broken }

  private struct Command {
    var level: Int
    var mode: Mode
    var layout: Layout
  }

  /// The text, each line starting at `level` indentation.
  func print(_ layout: Layout, level: Int = 0) -> String {
    var output = ""
    var column = 0
    var stack = [Command(level: level, mode: .broken, layout: layout)]
    while let command = stack.popLast() {
      switch command.layout {
      case .text(let text):
        output += text
        column += text.count
      case .whenBroken(let text):
        if command.mode == .broken {
          output += text
          column += text.count
        }
      case .line, .softLine, .hardLine:
        if command.mode == .flat, !isHard(command.layout) {
          if case .line = command.layout {
            output += " "
            column += 1
          }
        } else {
          trimTrailingSpaces(&output)
          output += "\n" + String(repeating: indentUnit, count: command.level)
          column = command.level * indentUnit.count
        }
      case .concat(let parts):
        for part in parts.reversed() {
          stack.append(Command(level: command.level, mode: command.mode, layout: part))
        }
      case .comment(let prefix, let text):
        let indentation = String(repeating: indentUnit, count: command.level)
        let lead = prefix.trimmingTrailingSpaces
        var line = lead
        var lineHasWord = false
        for word in text.split(separator: " ") {
          let candidate = line + " " + word
          if lineHasWord && column + candidate.count > width {
            output += line + "\n" + indentation
            column = indentation.count
            line = lead + " " + word
          } else {
            line = candidate
          }
          lineHasWord = true
        }
        output += line
        column += line.count
      case .indent(let inner):
        stack.append(Command(level: command.level + 1, mode: command.mode, layout: inner))
      case .group(let inner):
        let flat = Command(level: command.level, mode: .flat, layout: inner)
        if command.mode == .flat || (!inner.hasHardLine && fits(flat, rest: stack, room: width - column)) {
          stack.append(flat)
        } else {
          stack.append(Command(level: command.level, mode: .broken, layout: inner))
        }
      }
    }
    trimTrailingSpaces(&output)
    return output
  }

  private func isHard(_ layout: Layout) -> Bool {
    if case .hardLine = layout { return true }
    return false
  }

  /// `true` when `command` laid out flat, followed by the rest up to its first line break,
  /// takes at most `room` columns.
  private func fits(_ command: Command, rest: [Command], room: Int) -> Bool {
    var room = room
    var pending = [command]
    var restIndex = rest.count
    while room >= 0 {
      guard let next = pending.popLast() else {
        // The flat group fits; what follows it must fit up to its first break too.
        guard restIndex > 0 else { return true }
        restIndex -= 1
        pending.append(rest[restIndex])
        continue
      }
      switch next.layout {
      case .text(let text): room -= text.count
      case .comment(let prefix, let text): room -= prefix.count + text.count
      case .whenBroken(let text): if next.mode == .broken { room -= text.count }
      case .line:
        if next.mode == .broken { return true }
        room -= 1
      case .softLine:
        if next.mode == .broken { return true }
      case .hardLine: return true
      case .concat(let parts):
        for part in parts.reversed() {
          pending.append(Command(level: next.level, mode: next.mode, layout: part))
        }
      case .indent(let inner):
        pending.append(Command(level: next.level + 1, mode: next.mode, layout: inner))
      case .group(let inner):
        pending.append(Command(level: next.level, mode: next.mode, layout: inner))
      }
    }
    return false
  }

  private func trimTrailingSpaces(_ output: inout String) {
    while output.last == " " { output.removeLast() }
  }
}

extension String {
  /// The text without spaces at its end.
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
