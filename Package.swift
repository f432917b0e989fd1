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
        "RouteCfgLanguageServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "routecfg",
      dependencies: ["RouteCfgCLI"]
    ),
    // The seed's login scenario wired with real classes: a library for the tests, a demo to run.
    .target(
      name: "NoteAppExample",
      dependencies: ["RouteCfgCore", "RouteCfgRuntime"],
      path: "Examples/NoteApp/NoteAppExample"
    ),
    .executableTarget(
      name: "noteapp-demo",
      dependencies: ["NoteAppExample", "RouteCfgRuntime"],
      path: "Examples/NoteApp/Demo"
    ),
    // Synthetic manifests for benchmarks and scale tests.
    .target(
      name: "RouteCfgSynthetic",
      dependencies: []
    ),
    // `swift run -c release routecfg-bench`: load+validate against a bare libyaml scan.
    .executableTarget(
      name: "routecfg-bench",
      dependencies: ["RouteCfgCore", "RouteCfgSynthetic", "CYAML"],
      path: "Benchmarks/RouteCfgBench"
    ),
    // `swift run -c release routecfg-lsp-bench`: the language server while typing in a large manifest.
    .executableTarget(
      name: "routecfg-lsp-bench",
      dependencies: ["RouteCfgCore", "RouteCfgSynthetic", "RouteCfgLanguageServer"],
      path: "Benchmarks/LSPBench"
    ),
    .testTarget(
      name: "RouteCfgCoreTests",
      dependencies: ["RouteCfgCore", "RouteCfgSynthetic"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RouteCfgRuntimeTests",
      dependencies: ["RouteCfgCore", "RouteCfgRuntime", "RouteCfgTesting", "NoteAppExample"]
    ),
    .testTarget(
      name: "RouteCfgLanguageServerTests",
      dependencies: ["RouteCfgLanguageServer", "RouteCfgCore", "RouteCfgSynthetic", "routecfg"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RouteCfgCLITests",
      dependencies: ["RouteCfgCore", "routecfg"]
    ),
  ]
)
