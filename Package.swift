// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "routecfg",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "routecfg", targets: ["routecfg"]),
    .library(name: "RouteCfgCore", targets: ["RouteCfgCore"]),
    .library(name: "RouteCfgRuntime", targets: ["RouteCfgRuntime"]),
    .library(name: "RouteCfgTesting", targets: ["RouteCfgTesting"]),
    .library(name: "RouteCfgCodegen", targets: ["RouteCfgCodegen"]),
    .plugin(name: "RouteCfgGenerator", targets: ["RouteCfgGeneratorPlugin"]),
    .plugin(name: "RouteCfgCommand", targets: ["RouteCfgCommandPlugin"]),
    // Synthetic manifests, for the benchmark package in Benchmarks/ (not part of the API).
    .library(name: "RouteCfgSynthetic", targets: ["RouteCfgSynthetic"]),
    // The language server, for the benchmark package in Benchmarks/ (`routecfg lsp` is its front end).
    .library(name: "RouteCfgLanguageServer", targets: ["RouteCfgLanguageServer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // libyaml, found through pkg-config (`yaml-0.1`).
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // Reader, manifest model, member parser, validator, routing table and report formats.
    .target(
      name: "RouteCfgCore",
      dependencies: ["CYAML"]
    ),
    // `routecfg generate`: the AppGraph translated into Swift declarations, rendered in one place.
    .target(
      name: "RouteCfgCodegen",
      dependencies: ["RouteCfgCore"]
    ),
    // The registry, URL router and forwarding proxies apps and test harnesses link.
    .target(
      name: "RouteCfgRuntime",
      dependencies: ["RouteCfgCore"]
    ),
    // Test harness: load manifests in tests, recording mocks for modules, wiring checks.
    .target(
      name: "RouteCfgTesting",
      dependencies: ["RouteCfgCore", "RouteCfgRuntime"]
    ),
    // `routecfg lsp`: the language server (JSON-RPC over stdio, documents, analysis, features).
    .target(
      name: "RouteCfgLanguageServer",
      dependencies: ["RouteCfgCore"]
    ),
    // The `routecfg` commands, one file per command.
    .target(
      name: "RouteCfgCLI",
      dependencies: [
        "RouteCfgCore",
        "RouteCfgCodegen",
        "RouteCfgLanguageServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "routecfg",
      dependencies: ["RouteCfgCLI", "CMallocTuning"]
    ),
    // The allocator settings of the `routecfg` process (a fixed mmap threshold on glibc).
    .systemLibrary(name: "CMallocTuning"),
    // `swift build` runs `routecfg generate` on a target's routecfg.yaml (Docs/Plugins.md),
    // through the tool that reads the target's routecfg-plugin.json when the build runs.
    .plugin(
      name: "RouteCfgGeneratorPlugin",
      capability: .buildTool(),
      dependencies: ["routecfg", "RouteCfgGeneratorPluginTool"]
    ),
    .executableTarget(
      name: "RouteCfgGeneratorPluginTool",
      dependencies: ["RouteCfgCore", "RouteCfgCodegen"]
    ),
    // `swift package routecfg validate` checks every target's routecfg.yaml (Docs/Plugins.md).
    .plugin(
      name: "RouteCfgCommandPlugin",
      capability: .command(
        intent: .custom(
          verb: "routecfg",
          description: "Validate the routecfg.yaml manifests of the package's targets: routecfg validate"
        ),
        permissions: []
      ),
      dependencies: ["routecfg"]
    ),
    // The seed's login scenario wired with real classes: a library for the tests, a demo to run.
    .target(
      name: "NoteAppExample",
      dependencies: ["RouteCfgCore", "RouteCfgRuntime"],
      path: "Examples/DynamicNoteApp/NoteAppExample"
    ),
    .executableTarget(
      name: "noteapp-demo",
      dependencies: ["NoteAppExample", "RouteCfgRuntime"],
      path: "Examples/DynamicNoteApp/Demo"
    ),
    // Synthetic manifests for benchmarks and scale tests.
    .target(
      name: "RouteCfgSynthetic",
      dependencies: []
    ),
    .testTarget(
      name: "RouteCfgCoreTests",
      dependencies: ["RouteCfgCore", "RouteCfgSynthetic"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RouteCfgRuntimeTests",
      dependencies: [
        "RouteCfgCore", "RouteCfgRuntime", "RouteCfgTesting", "NoteAppExample", "RouteCfgSynthetic",
      ]
    ),
    .testTarget(
      name: "RouteCfgCodegenTests",
      dependencies: ["RouteCfgCore", "RouteCfgCodegen", "RouteCfgSynthetic"],
      exclude: ["Golden", "Programs", "Fixtures"]
    ),
    .testTarget(
      name: "RouteCfgLanguageServerTests",
      dependencies: ["RouteCfgLanguageServer", "RouteCfgCore", "RouteCfgSynthetic", "routecfg"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RouteCfgCLITests",
      dependencies: ["RouteCfgCore", "routecfg", "RouteCfgGeneratorPluginTool"]
    ),
  ]
)
