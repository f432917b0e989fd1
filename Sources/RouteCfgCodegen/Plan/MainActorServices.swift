import RouteCfgCore

/// The `service` modules whose generated code is `@MainActor` where a service's usually is not
/// (RC1006, a warning): a service that provides a protocol on the main actor gets a `@MainActor`
/// factory, and one that requires such a protocol, or one whose provider's factory is
/// `@MainActor`, answered by another service, gets a `@MainActor` make method for it in its
/// dependencies (as ``RegistryTranslator/makerIsMainActor(_:module:)`` writes it), which its
/// factory can call only on the main actor. ``IsolationAnalysis`` decides so that every call
/// generated code makes stays in one isolation; this says so where it happens, with the chain of
/// reasons back to a view.
struct MainActorServices {
  let context: GenerationContext

  /// At most this many reasons are listed for one protocol (a chain of delegates may be long).
  static let maximumReasons = 6

  private var graph: AppGraph { context.graph }

  /// The warnings for every service module, or only for `module`.
  func diagnostics(only module: String?) -> [Diagnostic] {
    var result: [Diagnostic] = []
    for name in graph.moduleNames where module == nil || module == name {
      guard let info = graph.modules[name], info.kind == .service else { continue }
      if context.isMainActor(module: name) {
        guard let provided = info.provides.first(where: { context.isMainActor(protocol: $0) }) else {
          continue
        }
        result.append(
          Diagnostic(
            .mainActorService,
            "'\(name)' is a service, but generated code makes its factory and the make methods of what it "
              + "provides @MainActor, since it provides '\(provided)', a main-actor protocol (the notes say why); "
              + "make and use it on the main actor, or keep values of views' protocols out of what it provides",
            at: info.location, notes: reasons(for: provided)))
        continue
      }
      for required in info.requires {
        guard let provider = context.resolution.provider(of: required),
          let answering = graph.modules[provider.module],
          answering.kind != .view
        else { continue }
        // A view answering it is the usual case: a view's make methods are `@MainActor`. Otherwise
        // the make method is `@MainActor` when the protocol is, or when its provider's factory is.
        let maker = "'\(context.makerName(for: required))()' of '\(context.dependenciesName(of: name))'"
        let head =
          "'\(name)' is a service, but \(maker) is @MainActor in generated code, so its factory can make "
          + "'\(required)' only on the main actor"
        let advice =
          "call it there ('await MainActor.run { ... }'), or keep values of views' protocols out of"
        if context.isMainActor(protocol: required) {
          result.append(
            Diagnostic(
              .mainActorService, head + " (the notes say why it is there); \(advice) '\(required)'",
              at: info.location, notes: reasons(for: required)))
        } else if context.isMainActor(module: answering.name),
          let provided = answering.provides.first(where: { context.isMainActor(protocol: $0) })
        {
          result.append(
            Diagnostic(
              .mainActorService,
              head
                + ": '\(answering.name)', which answers it, is a service whose factory is @MainActor, since it "
                + "provides '\(provided)', a main-actor protocol (the notes say why); \(advice) what "
                + "'\(answering.name)' provides",
              at: info.location, notes: reasons(for: provided)))
        }
      }
    }
    return result
  }

  /// Why `name` is on the main actor, step by step back to a view: at most
  /// ``maximumReasons`` notes, the last always the step the chain starts from.
  private func reasons(for name: String) -> [DiagnosticNote] {
    var chain: [(name: String, cause: IsolationCause)] = []
    var current: String? = name
    var seen: Set<String> = []
    while let protocolName = current, let cause = context.isolation.causes[protocolName],
      seen.insert(protocolName).inserted
    {
      chain.append((protocolName, cause))
      current = cause.predecessor
    }
    var notes: [DiagnosticNote] = []
    for (index, step) in chain.enumerated() {
      let skipped = chain.count - Self.maximumReasons
      if skipped > 0, index >= Self.maximumReasons - 1, index < chain.count - 1 { continue }
      var (text, location) = step.cause.explanation(of: step.name, in: graph)
      if skipped > 0, index == chain.count - 1 {
        text = "and \(skipped + 1) steps further back, " + text
      }
      notes.append(DiagnosticNote(text, at: location))
    }
    return notes
  }
}
