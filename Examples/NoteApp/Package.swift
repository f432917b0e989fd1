// swift-tools-version: 6.1
import PackageDescription

// NoteApp as a modular app: each module is a target that depends only on its own interface,
// generated from manifests/NoteApp.yaml with `routecfg generate --module NAME`. The app target
// wires them with the generated registry (`routecfg generate --interfaces '*Interface'`).
// `../generate.sh` writes the generated targets; the rest is hand-written.
let modules = ["Login", "NoteList", "NoteDetail", "NoteEditor", "NoteStore"]

let package = Package(
  name: "NoteApp",
  platforms: [.macOS(.v13)],
  targets: modules.flatMap { module in
    [
      // Generated: the protocols the module provides and requires, and its Dependencies.
      Target.target(name: "\(module)Interface"),
      // Hand-written: the module, which sees nothing but its interface.
      Target.target(name: module, dependencies: [.target(name: "\(module)Interface")]),
    ]
  } + [
    // NotFound provides and requires nothing, so it has no interface.
    .target(name: "NotFound"),
    // Generated: adapter proxies, routes and the registry, over the modules' interfaces.
    .target(name: "NoteAppWiring", dependencies: modules.map { .target(name: "\($0)Interface") }),
    // The app: gives the registry a factory per module and runs the seed's scenario.
    .executableTarget(
      name: "NoteApp",
      dependencies: [.target(name: "NoteAppWiring"), .target(name: "NotFound")]
        + modules.flatMap { [.target(name: $0), .target(name: "\($0)Interface")] }
    ),
  ]
)
