// swift-tools-version: 6.1
// libFuzzer targets for routecfg, kept out of the main package so that its `swift build` never
// links fuzzer entry points. Build one (see Fuzz/README.md and Fuzz/run):
//   swift build -c release --product fuzz-manifest --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
import PackageDescription

/// Every fuzz target: its name, and the routecfg products it needs. To add one, add a line here,
/// `Sources/<name>/main.swift` with an `LLVMFuzzerTestOneInput`, and a line to `Fuzz/targets`.
let fuzzTargets: [(name: String, products: [String])] = [
  ("fuzz-manifest", ["RouteCfgCore"]),
  ("fuzz-members", ["RouteCfgCore"]),
  ("fuzz-router", ["RouteCfgCore"]),
  ("fuzz-generate", ["RouteCfgCore", "RouteCfgCodegen"]),
]

let package = Package(
  name: "routecfg-fuzz",
  platforms: [.macOS(.v13)],
  products: fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
  dependencies: [.package(name: "routecfg", path: "..")],
  targets: [
    // Helpers the targets share: invariants that must hold on any input.
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "RouteCfgCore", package: "routecfg")]
    )
  ]
    + fuzzTargets.map { target in
      .executableTarget(
        name: target.name,
        dependencies: ["FuzzSupport"] + target.products.map { .product(name: $0, package: "routecfg") },
        // libFuzzer provides `main`; the target only defines LLVMFuzzerTestOneInput.
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
      )
    }
)
