import RouteCfgCore

/// What it takes for a closure on the main actor to pass a value of a type to a `nonisolated`
/// `async` function, which sends the value off the main actor (Swift 6: "sending value of
/// non-Sendable type ... risks causing data races").
///
/// - A value Swift knows is `Sendable` (a standard value type, `Error`) is passed as it is.
/// - A value of a type of the app's own is passed as it is: whether it is `Sendable` is the
///   app's to say, and Swift reports it in the generated file when it is not.
/// - A value made of `@MainActor` protocol values and `async` closures of them goes through a
///   `nonisolated(unsafe)` constant: whatever the callee does with it, each member it reaches
///   runs on the main actor (a closure formed there runs there wherever it is called from).
/// - Anything else cannot be sent safely, and `generate` reports it (RC1003): a synchronous
///   closure (the callee could call it off the main actor), a service's protocol value (its
///   object is not on the main actor), `Any` or `AnyObject` (which may hold anything), and a
///   value that holds both main-actor values and a type of the app's own (`[Key: W]`: binding
///   it unsafely would send `Key` too).
struct MainActorSending {
  enum Kind: Equatable {
    case sendable
    /// The first type of the app's own in it.
    case appOwn(TypeRef)
    case mainActor
    /// The part that cannot be sent.
    case blocked(TypeRef)
  }

  let context: GenerationContext

  func kind(of type: TypeRef) -> Kind {
    switch type {
    case .named(let name):
      if context.graph.protocols[name] != nil {
        return context.isMainActor(protocol: name) ? .mainActor : .blocked(type)
      }
      // `Swift.Int` and `Foundation.Data` are the standard types (no protocol has their name).
      let bare = SwiftKnownTypeNames.withoutStandardModule(name).map(String.init) ?? name
      if bare == "Error" || SwiftKnownTypeNames.isConcrete(bare) { return .sendable }
      return bare == "Any" || bare == "AnyObject" ? .blocked(type) : .appOwn(type)
    case .optional(let inner), .array(let inner): return kind(of: inner)
    case .dictionary(let key, let value): return combined([key, value], isMainActor: false)
    case .function(let function):
      // A closure is not `Sendable`: at best it goes as a main-actor one.
      guard function.isAsync else { return .blocked(type) }
      return combined(function.parameters + [function.result], isMainActor: true)
    }
  }

  /// The kind of a value made of `parts`.
  private func combined(_ parts: [TypeRef], isMainActor: Bool) -> Kind {
    var isMainActor = isMainActor
    var appOwn: TypeRef?
    for part in parts {
      switch kind(of: part) {
      case .blocked(let blocker): return .blocked(blocker)
      case .mainActor: isMainActor = true
      case .appOwn(let type): appOwn = appOwn ?? type
      case .sendable: break
      }
    }
    switch (isMainActor, appOwn) {
    case (true, let type?): return .blocked(type)
    case (true, nil): return .mainActor
    case (false, let type?): return .appOwn(type)
    case (false, nil): return .sendable
    }
  }
}
