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
    // Synthetic manifests, for the benchmark package in Benchmarks/ (not part of the API).
    .library(name: "RouteCfgSynthetic", targets: ["RouteCfgSynthetic"]),
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
    // The `routecfg` commands, one file per command.
    .target(
      name: "RouteCfgCLI",
      dependencies: [
        "RouteCfgCore",
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
      name: "RouteCfgCLITests",
      dependencies: ["RouteCfgCore", "routecfg"]
    ),
  ]
)
