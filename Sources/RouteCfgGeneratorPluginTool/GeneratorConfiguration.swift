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
    let text = String(decoding: data, as: UTF8.self)
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      throw ConfigurationError(
        file: file, at: JSONPosition.ofParseError(reason, in: text), "is not valid JSON: \(reason)")
    }
    guard let options = object as? [String: Any] else {
      throw ConfigurationError(
        file: file, "must hold a JSON object, such as {\"variant\": \"macOS\", \"imports\": [\"Foundation\"]}"
      )
    }
    return try GeneratorConfiguration(options: options, file: file, text: text)
  }

  private init(options: [String: Any], file: String, text: String) throws(ConfigurationError) {
    func problem(_ key: String, _ message: String) -> ConfigurationError {
      ConfigurationError(file: file, at: JSONPosition.ofKey(key, in: text), message)
    }
    for key in options.keys.sorted() where !Self.keys.contains(key) {
      let suggestion = closestName(to: key, among: Self.keys).map { "; did you mean '\($0)'?" } ?? ""
      throw problem(
        key, "unknown key '\(key)'\(suggestion) (the keys are \(Self.keys.joined(separator: ", ")))")
    }
    if let value = options["variant"] {
      guard let variant = value as? String, !variant.isEmpty else {
        throw problem("variant", "'variant' must be the name of a variant of the manifest, such as \"macOS\"")
      }
      self.variant = variant
      let position = JSONPosition.ofKey("variant", in: text)
      variantLocation = "\(file):\(position.line):\(position.column)"
    }
    if let value = options["access"] {
      guard let access = value as? String, Self.accessLevels.contains(access) else {
        throw problem(
          "access", "'access' must be one of \(Self.accessLevels.map { "\"\($0)\"" }.joined(separator: ", "))"
        )
      }
      self.access = access
    }
    if let value = options["imports"] {
      guard let modules = value as? [String], modules.allSatisfy(SwiftIdentifier.isModuleName) else {
        throw problem("imports", "'imports' must be a list of module names, such as [\"Foundation\"]")
      }
      imports = modules
    }
  }
}
