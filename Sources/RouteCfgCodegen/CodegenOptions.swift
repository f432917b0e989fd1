import RouteCfgCore

/// What `routecfg generate` writes, besides the manifest itself.
public struct CodegenOptions: Sendable, Hashable {
  /// Access level of the generated declarations.
  public enum Access: String, Sendable, Hashable, CaseIterable {
    /// `public`: for code in a library target that other targets use.
    case `public`
    /// No modifier: for code in the target that uses it.
    case `internal`
  }

  /// The configuration to wire: `nil` for the base one, or a variant's name.
  public var variant: String?
  /// Write only this module's interface (its protocols and its `Dependencies` protocol).
  public var module: String?
  public var access: Access
  /// Modules every generated file imports (`Foundation` for external types such as `URL`).
  public var imports: [String]
  /// Also write the registration of generated member tables and proxies with the dynamic
  /// runtime (a file that imports `RouteCfgRuntime`).
  public var dynamicRegistration: Bool
  /// The prefix of the generated file names; `nil` for the app name.
  public var fileNamePrefix: String?
  /// For the wiring target of a modular app: import each module's protocols from the module this
  /// template names (`*` stands for the module's name, `*Interface`) instead of declaring them.
  public var interfaceModules: String?

  public init(
    variant: String? = nil, module: String? = nil, access: Access = .internal, imports: [String] = [],
    dynamicRegistration: Bool = false, fileNamePrefix: String? = nil, interfaceModules: String? = nil
  ) {
    self.variant = variant
    self.module = module
    self.access = access
    self.imports = imports
    self.dynamicRegistration = dynamicRegistration
    self.fileNamePrefix = fileNamePrefix
    self.interfaceModules = interfaceModules
  }
}

extension CodegenOptions {
  /// Why `prefix` cannot start the names of the generated files, or `nil` when it can: the files
  /// go inside the output directory, so the prefix is part of one file name, without a path
  /// separator (`/`, `\`), `..`, NUL or another control character, nor a leading `.` (a hidden
  /// file, which builds leave out).
  public static func problem(withFilePrefix prefix: String) -> String? {
    let shown = "'\(TextFormatter.printable(prefix))'"
    if prefix.contains("/") || prefix.contains("\\") {
      return "the file prefix \(shown) has a path separator; it starts file names inside --output"
    }
    if prefix.contains("..") || prefix.hasPrefix(".") {
      return "the file prefix \(shown) starts with '.' or holds '..'; it starts file names inside --output"
    }
    if prefix.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "the file prefix \(shown) holds a control character"
    }
    return nil
  }

  /// Why `name` cannot follow `import`, or `nil` when it can: a module's name, or a dotted path to
  /// a submodule (`Foo.Bar`), each part an identifier.
  public static func problem(withImport name: String) -> String? {
    guard SwiftIdentifier.isModuleName(name) else {
      return
        "'\(TextFormatter.printable(name))' is not a module name to import: use an identifier, or a dotted path to a submodule (Foo.Bar)"
    }
    return nil
  }
}
