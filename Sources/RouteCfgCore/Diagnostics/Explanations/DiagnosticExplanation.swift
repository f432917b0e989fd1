/// What a diagnostic code means: a description, an example manifest that triggers it, what
/// `routecfg validate example.yaml` prints for it, and the fix.
///
/// This registry is the one source of `routecfg explain CODE`, of each code's section in
/// Docs/Diagnostics.md (``markdown``; a test keeps the page equal to it and runs every example)
/// and of the help of the SARIF rules. Text fields are Markdown.
public struct DiagnosticExplanation: Sendable {
  /// One file of an example (`example.yaml` is the root manifest that is validated).
  public struct ExampleFile: Sendable, Hashable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }

  /// The code explained.
  public let code: DiagnosticCode
  /// What the rule checks and why (Markdown).
  public let description: String
  /// Paragraphs that introduce the example, for examples that are not (only) files.
  public let exampleIntro: [String]
  /// The example's files; empty when the example is described in words (a file that cannot be
  /// shown, such as one of 33 MiB).
  public let files: [ExampleFile]
  /// The command that shows the diagnostic: `validate example.yaml` for every rule the validator
  /// checks, `generate example.yaml --output Generated` for code generation's (RC10xx).
  public let command: [String]
  /// The lines the command prints for this code (the code's diagnostics and their notes; other
  /// diagnostics and the summary line are left out).
  public let output: [String]
  /// Paragraphs after the output: variants of the message, where the position is.
  public let remarks: [String]
  /// How to fix it (Markdown, may hold a code block).
  public let fix: String

  init(
    _ code: DiagnosticCode, description: String, exampleIntro: [String] = [], files: [ExampleFile] = [],
    command: [String] = ["validate", "example.yaml"], output: [String], remarks: [String] = [], fix: String
  ) {
    self.code = code
    self.description = description
    self.exampleIntro = exampleIntro
    self.files = files
    self.command = command
    self.output = output
    self.remarks = remarks
    self.fix = fix
  }

  /// Every explanation, in code order.
  public static let all: [DiagnosticExplanation] =
    filesAndYAML + manifestShape + includes + memberDeclarations + namesAndReferences + adapters
    + resolution + routes + unusedParts + codeGeneration

  private static let byCode: [DiagnosticCode: DiagnosticExplanation] = {
    var table: [DiagnosticCode: DiagnosticExplanation] = [:]
    for explanation in all { table[explanation.code] = explanation }
    return table
  }()

  /// The explanation of `code`.
  public static func of(_ code: DiagnosticCode) -> DiagnosticExplanation? { byCode[code] }

  /// `true` when the example can be run as it stands: its files include `example.yaml`, or it has
  /// none and reads a missing `example.yaml`.
  public var isRunnable: Bool {
    files.contains { $0.name == "example.yaml" } || (files.isEmpty && code == .fileUnreadable)
  }
}

extension DiagnosticCode {
  /// What the code means, an example and the fix (``DiagnosticExplanation``).
  public var explanation: DiagnosticExplanation? { DiagnosticExplanation.of(self) }
}
