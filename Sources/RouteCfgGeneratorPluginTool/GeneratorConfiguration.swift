import Foundation
import RouteCfgCodegen
import RouteCfgCore

/// The generation options of one target, from `routecfg-plugin.json` in the target's directory:
///
///     {"variant": "macOS", "access": "internal", "imports": ["Foundation"]}
///
/// Every key is optional, and so is the file. Unknown keys and values of the wrong type are
/// errors at their line and column, so a misspelt option never goes unnoticed.
struct GeneratorConfiguration: Equatable {
  static let keys = ["variant", "access", "imports"]
  /// Access levels `routecfg generate --access` takes.
  static let accessLevels = CodegenOptions.Access.allCases.map(\.rawValue)

  /// `--variant`: the variant's configuration instead of the base one.
  var variant: String?
  /// `FILE:LINE:COLUMN` of the `variant` key, for a note when routecfg rejects the variant.
  var variantLocation: String?
  /// `--access`, when the file sets it.
  var access: String?
  /// `--import`, once per module.
  var imports: [String] = []

  /// The options after `generate FILE --output DIR ...`: the file's, with `defaultAccess` when
  /// it sets no access level.
  func generateArguments(defaultAccess: String) -> [String] {
    var arguments = ["--access", access ?? defaultAccess]
    if let variant { arguments += ["--variant", variant] }
    for module in imports { arguments += ["--import", module] }
    return arguments
  }

  init() {}

  /// The configuration in `file`, or the defaults when there is no such file.
  static func load(from file: String) throws(ConfigurationError) -> GeneratorConfiguration {
    guard FileManager.default.fileExists(atPath: file) else { return GeneratorConfiguration() }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw ConfigurationError(file: file, "cannot be read")
    }
    return try GeneratorConfiguration(bytes: Array(data), file: file)
  }

  /// The configuration in `bytes`, the text of `file`: strict JSON (RFC 8259: no comments, no
  /// trailing commas) after an optional byte order mark, holding an object whose keys are each
  /// written once.
  init(bytes: [UInt8], file: String) throws(ConfigurationError) {
    let skipped = bytes.starts(with: SourceText.utf8ByteOrderMark) ? SourceText.utf8ByteOrderMark.count : 0
    let parsed: (value: RouteCfgCore.JSONValue, keyOffsets: [Int])
    do {
      parsed = try JSONParser.parseWithKeyOffsets(Array(bytes.dropFirst(skipped)))
    } catch {
      let offset = error.offset + skipped
      throw ConfigurationError(
        file: file, at: JSONPosition(offset: offset, in: bytes),
        "is not valid JSON: \(error.message)\(Self.hint(at: offset, in: bytes))")
    }
    guard case .object(let members) = parsed.value else {
      throw ConfigurationError(
        file: file, "must hold a JSON object, such as {\"variant\": \"macOS\", \"imports\": [\"Foundation\"]}"
      )
    }
    // Every key's problem is reported, not only the first, so that one build shows them all.
    var seen: Set<String> = []
    var problems: [ConfigurationError] = []
    for ((key, value), offset) in zip(members, parsed.keyOffsets) {
      let position = JSONPosition(offset: offset + skipped, in: bytes)
      func problem(_ message: String) -> ConfigurationError {
        ConfigurationError(file: file, at: position, message)
      }
      guard seen.insert(key).inserted else {
        problems.append(problem("'\(key)' is set twice; keep one"))
        continue
      }
      do {
        try read(key, value, file: file, position: position, problem: problem)
      } catch {
        problems.append(error)
      }
    }
    if !problems.isEmpty { throw ConfigurationError(problems) }
  }

  /// What a JSON syntax error at `offset` most likely is, for the two things JSON lacks that
  /// people write: a comment, and a comma before a closing bracket.
  private static func hint(at offset: Int, in bytes: [UInt8]) -> String {
    guard offset < bytes.count else { return "" }
    if bytes[offset] == UInt8(ascii: "/") { return " (JSON has no comments)" }
    let previous = bytes[..<offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if previous == UInt8(ascii: ","), [UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[offset]) {
      return " (JSON has no trailing comma: remove the ',' before it)"
    }
    return ""
  }

  private mutating func read(
    _ key: String, _ value: RouteCfgCore.JSONValue, file: String, position: JSONPosition,
    problem: (String) -> ConfigurationError
  ) throws(ConfigurationError) {
    switch key {
    case "variant":
      guard case .string(let variant) = value, !variant.isEmpty else {
        throw problem("'variant' must be the name of a variant of the manifest, such as \"macOS\"")
      }
      self.variant = variant
      variantLocation = "\(file):\(position.line):\(position.column)"
    case "access":
      guard case .string(let access) = value, Self.accessLevels.contains(access) else {
        throw problem(
          "'access' must be one of \(Self.accessLevels.map { "\"\($0)\"" }.joined(separator: ", "))")
      }
      self.access = access
    case "imports":
      guard case .array(let items) = value else { throw problem(Self.importsProblem) }
      var modules: [String] = []
      for (index, item) in items.enumerated() {
        guard case .string(let module) = item, SwiftIdentifier.isModuleName(module) else {
          throw problem(
            "entry \(index + 1) of 'imports', \(TextFormatter.brief(item.rendered(), limit: 40)), is not a module "
              + "name; \(Self.importsProblem)")
        }
        modules.append(module)
      }
      imports = modules
    default:
      let suggestion = closestName(to: key, among: Self.keys).map { "; did you mean '\($0)'?" } ?? ""
      throw problem(
        "unknown key '\(key)'\(suggestion) (the keys are \(Self.keys.joined(separator: ", ")))")
    }
  }

  private static let importsProblem = "'imports' must be a list of module names, such as [\"Foundation\"]"
}
