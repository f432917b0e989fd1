import ArgumentParser
import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--color auto|always|never`: how diagnostics a person reads are drawn.
///
/// On a terminal, each diagnostic shows its source line with the range underlined, in colour
/// unless `NO_COLOR` is set to a non-empty value (https://no-color.org) or `TERM` is `dumb`.
/// Piped output is the plain compiler lines. `--color always` draws the terminal rendering in
/// colour wherever the output goes (for `less -R`, and for tests); an explicit flag wins over
/// `NO_COLOR`. `--color never` keeps the snippets on a terminal but without colour.
struct ColorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Source snippets and colour: auto (on a terminal; colour unless NO_COLOR is set), always, or never (no colour).",
      valueName: "when"))
  var color: ColorChoice = .auto

  /// The formatter for diagnostics printed on `descriptor` (1 for standard output, 2 for standard
  /// error) in the text format.
  func textFormatter(for descriptor: Int32) -> any DiagnosticFormatter {
    color.textFormatter(for: descriptor)
  }

  /// Prints a command's diagnostics that do not stop it (a valid manifest's warnings) on standard
  /// error, without a summary line, and how many were left out when some were.
  func printDiagnostics(_ report: DiagnosticReport) {
    Output.error(
      textFormatter(for: 2).render(report) + TextFormatter.omission(report, advice: .listWithValidate))
  }
}

/// When diagnostics are drawn for a terminal.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto
  case always
  case never

  /// The formatter for diagnostics printed on `descriptor` (1 for standard output, 2 for standard
  /// error) in the text format.
  func textFormatter(for descriptor: Int32) -> any DiagnosticFormatter {
    let terminal = isatty(descriptor) == 1
    switch self {
    case .always:
      return Self.terminalFormatter(colors: true, descriptor: descriptor)
    case .never:
      return terminal ? Self.terminalFormatter(colors: false, descriptor: descriptor) : TextFormatter()
    case .auto:
      guard terminal else { return TextFormatter() }
      return Self.terminalFormatter(colors: Self.environmentAllowsColor, descriptor: descriptor)
    }
  }

  /// `NO_COLOR` unset or empty, and a terminal that draws colour.
  static var environmentAllowsColor: Bool {
    if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return true
  }

  private static func terminalFormatter(colors: Bool, descriptor: Int32) -> TerminalFormatter {
    TerminalFormatter(colors: colors, width: lineWidth(of: descriptor)) { path in
      guard
        case .success(let bytes) = FileSystem.readFile(
          path, limit: YAMLLimits.standard.maxFileBytes, regularOnly: true)
      else { return nil }
      return SourceText(fileContents: bytes)
    }
  }

  /// The widest source line to show: the terminal's width less the gutter, 120 when unknown.
  private static func lineWidth(of descriptor: Int32) -> Int {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 120 }
    // The gutter (`12 │ `) and a margin take about 10 cells; a narrow pane still gets 20 for
    // the text, so that a line never wraps below 30 columns.
    return max(Int(size.ws_col) - 10, 20)
  }
}
