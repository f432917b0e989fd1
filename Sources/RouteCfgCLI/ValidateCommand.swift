import ArgumentParser
import RouteCfgCore

/// `routecfg validate FILE... [--format text|json|sarif|github] [--variant NAME] [--strict]
/// [--max-diagnostics N]`.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check manifests and report every problem with its file, line and column.",
    discussion: """
      Each FILE is a root manifest; its includes are loaded with it. Without --variant the base \
      configuration and every variant are checked, and a problem only a variant has names the \
      variant. Text output follows the compiler convention (path:line:column: error: message \
      [RCxxxx]) so editors and CI annotate the right line; on a terminal each diagnostic also \
      shows its source line with the range underlined (see --color). --format github prints \
      GitHub Actions workflow commands, which annotate the pull request. After \
      --max-diagnostics diagnostics (1000 unless told) the rest are counted, not listed, and the \
      output says how many were left out.

      Exit status: 0 when there is no error (warnings allowed), 1 when a manifest has errors, \
      64 for command-line misuse (such as an unknown --variant).
      """
  )

  @Argument(help: "Manifest files to validate.", transform: PathArgument.nonEmpty)
  var files: [String]

  @Option(help: "Output format: text, json, sarif or github.")
  var format: ValidateFormat = .text

  @Option(help: "Check requirements for this variant's bindings only.")
  var variant: String?

  @Flag(help: "Treat warnings as errors.")
  var strict = false

  // `.unconditional`: `--max-diagnostics -1` is a negative count, refused as one below, not a
  // missing value followed by an option `-1`.
  @Option(
    parsing: .unconditional,
    help: "List at most this many diagnostics over all files and count the rest (0: list all).")
  var maxDiagnostics = DiagnosticBag.defaultLimit

  @OptionGroup var colorOptions: ColorOptions

  func validate() throws {
    if files.isEmpty { throw ValidationError("Name at least one manifest file.") }
    if maxDiagnostics < 0 { throw ValidationError("--max-diagnostics is a count: 0 or more (0 lists all).") }
  }

  func run() throws {
    try ValidateRun(
      files: files, format: format, variant: variant, strict: strict, maxDiagnostics: maxDiagnostics,
      color: colorOptions.color
    ).run()
  }
}

/// Output formats of `validate`.
enum ValidateFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
  case sarif
  case github

  /// The formatter for this format; text is drawn for a terminal when standard output is one.
  func formatter(_ color: ColorChoice) -> any DiagnosticFormatter {
    switch self {
    case .text: return color.textFormatter(for: 1)
    case .json: return JSONFormatter()
    case .sarif: return SARIFFormatter()
    case .github: return GitHubFormatter()
    }
  }
}
