import Foundation
import PackagePlugin

/// `swift package routecfg validate [--target NAME]... [routecfg validate options]`: runs
/// `routecfg validate` on the `routecfg.yaml` of every target of the package (or of the named
/// ones) and fails when any has errors. It only reads, so it asks for no permissions.
@main
struct RouteCfgCommandPlugin: CommandPlugin {
  static let manifestName = "routecfg.yaml"

  static let usage = """
    USAGE: swift package routecfg validate [--target NAME]... [--format text|json|sarif] [--variant NAME] [--strict]

    Runs 'routecfg validate' on the routecfg.yaml of every target of the package, or of the
    targets named with --target, and exits non-zero when any has errors. The other options go to
    'routecfg validate' (see 'routecfg validate --help'); paths in its output are relative to the
    package directory.
    """

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // `--target` with nothing after it names no target; it is not taken as "every target".
    if let last = arguments.prefix(while: { $0 != "--" }).last, last == "--target" {
      throw CommandPluginError("--target needs the name of a target\n\n\(Self.usage)")
    }
    var extractor = ArgumentExtractor(arguments)
    // A target named twice is checked once, in the order first named.
    var targetNames: [String] = []
    for name in extractor.extractOption(named: "target") where !targetNames.contains(name) {
      targetNames.append(name)
    }
    // `extractFlag(named:)` reads `--NAME` only: `-h` is looked for as written (before a `--`,
    // after which every argument is a file).
    var remaining = extractor.remainingArguments
    let options = remaining.prefix { $0 != "--" }
    let helpRequested = extractor.extractFlag(named: "help") > 0 || options.contains("-h")
    if helpRequested {
      print(Self.usage)
      return
    }
    guard let subcommand = remaining.first else {
      throw CommandPluginError("name a command\n\n\(Self.usage)")
    }
    guard subcommand == "validate" else {
      throw CommandPluginError(
        "unknown command '\(subcommand)'; the routecfg plugin runs 'validate'\n\n\(Self.usage)")
    }
    remaining.removeFirst()
    let manifests = try Self.manifests(in: context.package, targetNames: targetNames)
    let tool = try context.tool(named: "routecfg")
    let process = Process()
    process.executableURL = tool.url
    // After `--` every argument is a file, even one that starts with `-`.
    let separator = remaining.contains("--") ? [] : ["--"]
    process.arguments = ["validate"] + remaining + separator + manifests
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationReason == .exit, process.terminationStatus == 0 { return }
    guard process.terminationReason == .exit else {
      throw CommandPluginError("routecfg validate was stopped by signal \(process.terminationStatus)")
    }
    // routecfg has printed the diagnostics, or what is wrong with the options.
    switch process.terminationStatus {
    case 1: throw CommandPluginError("routecfg validate found errors")
    case 64:
      // A variant applies to every manifest checked; one that does not declare it is misuse.
      let variantHint =
        remaining.contains(where: { $0 == "--variant" || $0.hasPrefix("--variant=") }) && targetNames.isEmpty
        ? "; a --variant applies to every manifest checked: name the targets that declare it with --target"
        : ""
      throw CommandPluginError(
        "routecfg validate rejected the options (see 'routecfg validate --help')\(variantHint)")
    default:
      throw CommandPluginError("routecfg validate failed with exit status \(process.terminationStatus)")
    }
  }

  /// The manifests to check, relative to the package directory: every target's `routecfg.yaml`,
  /// or those of `targetNames`, each of which must have one.
  static func manifests(in package: Package, targetNames: [String]) throws -> [String] {
    let targets: [any Target]
    if targetNames.isEmpty {
      targets = package.targets.sorted { $0.name < $1.name }
    } else {
      targets = try targetNames.map { name in
        guard let target = package.targets.first(where: { $0.name == name }) else {
          let known = package.targets.map(\.name).joined(separator: ", ")
          throw CommandPluginError("the package has no target '\(name)' (its targets: \(known))")
        }
        return target
      }
    }
    var manifests: [String] = []
    for target in targets {
      let manifest = target.directoryURL.appending(component: manifestName)
      if FileManager.default.fileExists(atPath: manifest.path) {
        manifests.append(relativePath(of: manifest, to: package.directoryURL))
      } else if !targetNames.isEmpty {
        throw CommandPluginError(
          "target '\(target.name)' has no \(manifestName) in \(target.directoryURL.path)")
      }
    }
    guard !manifests.isEmpty else {
      throw CommandPluginError(
        "no target of package '\(package.displayName)' has a \(manifestName) in its directory; "
          + "put each target's manifest at Sources/TARGET/\(manifestName)")
    }
    return manifests
  }

  /// `file`'s path below `directory`, or its absolute path when it is elsewhere.
  static func relativePath(of file: URL, to directory: URL) -> String {
    let base = directory.standardizedFileURL.path
    let path = file.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// A command-line problem or a failed validation; `swift package` prints it and exits non-zero.
struct CommandPluginError: Error, CustomStringConvertible, LocalizedError {
  let description: String

  init(_ description: String) {
    self.description = description
  }

  var errorDescription: String? { description }
}
