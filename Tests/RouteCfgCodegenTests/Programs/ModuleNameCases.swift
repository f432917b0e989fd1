// Drives the code generated for Fixtures/ModuleNameCases.yaml by the names Docs/Codegen.md gives
// modules not written in UpperCamelCase.

final class List: ListInput {
  let title: String
  init(title: String) { self.title = title }
}

final class Store: LinkStore, Sendable {
  func link(id: Int) -> String { "link \(id)" }
}

final class Draft {}

@MainActor
func check() {
  let registry = NamesRegistry(
    notesList: { page, dependencies in
      List(title: "page \(page): " + dependencies.makeLinkStore().link(id: page))
    },
    urls: { Store() },
    _draftView: { Draft() })
  guard AppRouteCheck.route("/notes/3") == .route(.notesList(page: 3)),
    AppRouteCheck.route("/draft") == .route(._draftView),
    registry.makeListInput(page: 3).title == "page 3: link 3",
    NamesRoute.notesList(page: 7).path == "/notes/7"
  else {
    print("wrong")
    return
  }
  print("ok")
}

enum AppRouteCheck {
  static func route(_ url: String) -> NamesRoute.Resolution? { NamesRoute.resolve(url) }
}

MainActor.assumeIsolated { check() }
