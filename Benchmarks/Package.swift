// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite: routecfg against its references (a bare libyaml scan, Yams composing the
// same file, routing-kit's TrieRouter on the same routes, a direct protocol call), kept out of
// the main package so that its dependencies never reach routecfg's users.
//
//   swift build -c release
//   swift run -c release --package-path Benchmarks routecfg-bench [--quick] [--write-docs Docs/Performance.md]
let package = Package(
  name: "routecfg-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "routecfg", path: ".."),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
  ],
  targets: [
    // The system libyaml, the reference scan (routecfg reads with the same library).
    .systemLibrary(
      name: "CLibYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .executableTarget(
      name: "routecfg-bench",
      dependencies: [
        "CLibYAML",
        .product(name: "RouteCfgCodegen", package: "routecfg"),
        .product(name: "RouteCfgCore", package: "routecfg"),
        .product(name: "RouteCfgRuntime", package: "routecfg"),
        .product(name: "RouteCfgTesting", package: "routecfg"),
        .product(name: "RouteCfgSynthetic", package: "routecfg"),
        .product(name: "RoutingKit", package: "routing-kit"),
        "GeneratedNoteApp", "NoteAppModules", "GeneratedWide",
      ],
      path: "Sources/RouteCfgBench"
    ),
    // `routecfg generate` output for manifests/NoteApp.yaml and a 1,000-module manifest, and the
    // NoteApp's modules in a module of their own (Benchmarks/generate.sh writes the generated ones).
    .target(name: "GeneratedNoteApp"),
    .target(name: "NoteAppModules", dependencies: ["GeneratedNoteApp"]),
    .target(name: "GeneratedWide"),
    // The language server while typing in a large manifest (Docs/Performance.md).
    .executableTarget(
      name: "routecfg-lsp-bench",
      dependencies: [
        .product(name: "RouteCfgCore", package: "routecfg"),
        .product(name: "RouteCfgSynthetic", package: "routecfg"),
        .product(name: "RouteCfgLanguageServer", package: "routecfg"),
      ],
      path: "Sources/LSPBench"
    ),
    // The reference process of the validate rows: reads a file and scans it with libyaml, in C,
    // so that it pays no language runtime's start-up.
    .executableTarget(name: "libyaml-scan", dependencies: ["CLibYAML"], path: "Sources/LibYAMLScan"),
    // Runs a command and reports its peak memory, from a process small enough not to count.
    .executableTarget(name: "peak-memory", path: "Sources/PeakMemory"),
    // A process that reads a file and composes it with Yams (its own copy of libyaml), so that
    // Yams is compared as a whole process, like `routecfg validate`.
    .executableTarget(
      name: "yams-compose",
      dependencies: [.product(name: "Yams", package: "Yams")],
      path: "Sources/YamsCompose"
    ),
  ]
)
