import Foundation
import PackagePlugin

/// The `RouteCfgGenerator` build-tool plugin: generates Swift from the target's `routecfg.yaml`
/// with `routecfg generate` during the build, with the options of `routecfg-plugin.json` next to
/// it (Docs/Plugins.md).
///
/// SwiftPM runs this planning step again only when a target's files are added or removed, not
/// when they are edited, so the options file is read by the build command itself
/// (`RouteCfgGeneratorPluginTool`), which runs at every build where an input changed.
@main
struct RouteCfgGeneratorPlugin: BuildToolPlugin {
  /// The manifest a target that applies the plugin has in its directory.
  static let manifestName = "routecfg.yaml"
  /// The target's generation options, next to the manifest.
  static let configurationName = "routecfg-plugin.json"
  /// What `routecfg generate --file-prefix PREFIX` writes: `PREFIX` followed by each suffix.
  static let generatedFileSuffixes = ["Protocols.swift", "Adapters.swift", "Routes.swift", "Registry.swift"]

  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SwiftSourceModuleTarget else {
      throw PluginError(
        "RouteCfgGenerator generates Swift, so it applies to Swift targets only; remove it from target '\(target.name)'"
      )
    }
    let directory = target.directoryURL
    let manifest = directory.appending(component: Self.manifestName)
    guard FileManager.default.fileExists(atPath: manifest.path) else {
      // A manifest under a near name (`routecfg.yml`, `RouteCfg.yaml`) is named in the advice.
      let nearName = Self.includeCandidates(of: target).first { file in
        file.deletingLastPathComponent().path == directory.path
          && file.deletingPathExtension().lastPathComponent.lowercased() == "routecfg"
      }
      let advice =
        nearName.map { "rename \($0.lastPathComponent) to \(Self.manifestName)" } ?? "add the manifest there"
      throw PluginError(
        "target '\(target.name)' applies RouteCfgGenerator but has no \(Self.manifestName) in \(directory.path); "
          + "\(advice), or remove the plugin from the target")
    }
    let configuration = directory.appending(component: Self.configurationName)
    let output = context.pluginWorkDirectoryURL.appending(component: "GeneratedSources")
    let prefix = target.name
    let arguments = [
      try context.tool(named: "routecfg").url.path, configuration.path, Self.defaultAccess(for: target.kind),
      "generate", manifest.path, "--output", output.path, "--file-prefix", prefix, "--quiet",
    ]
    var inputs = [manifest] + Self.includeCandidates(of: target).filter { $0.path != manifest.path }
    if FileManager.default.fileExists(atPath: configuration.path) { inputs.append(configuration) }
    return [
      .buildCommand(
        displayName: "routecfg generate \(target.name)",
        executable: try context.tool(named: "RouteCfgGeneratorPluginTool").url,
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: Self.generatedFileSuffixes.map { output.appending(component: prefix + $0) }
      )
    ]
  }

  /// `public` in a library target, whose generated protocols and registry are there for the
  /// targets that depend on it; `internal` in executables, tests and the rest.
  static func defaultAccess(for kind: ModuleKind) -> String {
    if case .generic = kind { return "public" }
    return "internal"
  }

  /// Every `.yaml` and `.yml` file of the target: includes must stay inside the manifest's
  /// directory, so the files the manifest can include are among them, and editing any of them
  /// runs generation again.
  static func includeCandidates(of target: SwiftSourceModuleTarget) -> [URL] {
    target.sourceFiles.map(\.url).filter { $0.pathExtension == "yaml" || $0.pathExtension == "yml" }
  }
}

/// A target set up so that the plugin cannot generate; SwiftPM and Xcode show it as an error.
struct PluginError: Error, CustomStringConvertible, LocalizedError {
  let description: String

  init(_ description: String) {
    self.description = description
  }

  var errorDescription: String? { description }
}
