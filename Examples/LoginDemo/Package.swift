// swift-tools-version: 6.1
import PackageDescription

// manifests/LoginDemo.yaml wired to real classes through code the RouteCfgGenerator plugin
// generates during `swift build`, in both of its configurations:
//
// - LoginDemoIOS: the base configuration (the iOS alert answers the login module's alert);
// - LoginDemoMacOS: the `macOS` variant (routecfg-plugin.json), where the macOS alert answers
//   through the adapter that renames its members.
//
// Both compile the same module classes (Modules/, linked into each target) against their own
// generated code; `login-demo` runs the scenario in each and checks what happens.
let package = Package(
  name: "LoginDemo",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "routecfg", path: "../..")
  ],
  targets: [
    .target(
      name: "LoginDemoIOS",
      plugins: [.plugin(name: "RouteCfgGenerator", package: "routecfg")]
    ),
    .target(
      name: "LoginDemoMacOS",
      plugins: [.plugin(name: "RouteCfgGenerator", package: "routecfg")]
    ),
    .executableTarget(
      name: "login-demo",
      dependencies: ["LoginDemoIOS", "LoginDemoMacOS"]
    ),
  ]
)
