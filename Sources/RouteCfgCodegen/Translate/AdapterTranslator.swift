import RouteCfgCore

/// Writes the adapter classes: proxies (`PAsR`) and bridges (`RAsP`), and the bridge store
/// their objects keep the bridges they hand out in.
struct AdapterTranslator {
  let context: GenerationContext
  let classes: AdapterClasses

  /// The classes, and RC1003 for each member whose forwarding Swift 6 would reject.
  func declarations() -> (declarations: [SwiftDecl], problems: [Diagnostic]) {
    var problems: [Diagnostic] = []
    let declarations = classes.all.map { declaration(of: $0, problems: &problems) }
    return (declarations, problems)
  }

  // MARK: One class

  private func declaration(of adapterClass: AdapterClasses.Class, problems: inout [Diagnostic]) -> SwiftDecl {
    let graph = context.graph
    guard let destination = graph.protocols[adapterClass.destination] else { return .verbatim("") }
    let memberNames = Set(destination.members.map(\.name))
    let baseName = Self.unique("base", avoiding: memberNames)
    let bridgesName = Self.unique("bridges", avoiding: memberNames.union([baseName]))
    let builder = MemberForwarding(
      context: context, classes: classes, adapterClass: adapterClass, baseName: baseName,
      bridgesName: bridgesName)
    var members: [SwiftDecl] = []
    var usesBridges = false
    for member in destination.members {
      let pairing = adapterClass.pairings.first { $0.pairs(member) }
      guard let pairing, let forwarded = builder.forward(member, path: pairing.path) else { continue }
      members.append(forwarded.declaration)
      usesBridges = usesBridges || forwarded.usesBridges
      // A proxy's bridge forwards the proxy's members: their problems are the proxy's, reported once.
      if let problem = forwarded.problems.first, adapterClass.bridgeOfProxy == nil {
        problems.append(diagnostic(for: problem, member: member, of: adapterClass))
      }
    }
    var stored: [SwiftDecl] = [baseProperty(adapterClass, name: baseName)]
    let ownedName = Self.unique("owned", avoiding: memberNames.union([baseName, bridgesName]))
    if adapterClass.kind == .bridge {
      stored.append(
        .property(
          SwiftProperty(
            head: SwiftDeclHead(
              doc: [
                "The same object held strongly, when nothing else may hold it: a value the caller's closure returned, or one a member of the caller's object returned. `nil` for an object the caller set or passed, which it owns."
              ], modifiers: ["private"]),
            isLet: true, name: ownedName, type: .optional(.existential([adapterClass.source])),
            accessors: .stored(initialValue: nil))))
    }
    if usesBridges {
      stored.append(
        .property(
          SwiftProperty(
            head: SwiftDeclHead(modifiers: ["private"]), isLet: true, name: bridgesName,
            type: .named(context.bridgeStoreName),
            accessors: .stored(initialValue: .call(.identifier(context.bridgeStoreName), [])))))
    }
    let base = SwiftParameter(label: nil, name: "base", type: .existential([adapterClass.source]))
    let initializer: SwiftDecl
    switch adapterClass.kind {
    case .proxy:
      initializer = .initializer(
        SwiftInitializer(
          head: SwiftDeclHead(doc: ["Wraps `base`."], modifiers: context.access), parameters: [base],
          body: [.assign(.selfMember(baseName), .identifier("base"))]))
    case .bridge:
      initializer = .initializer(
        SwiftInitializer(
          head: SwiftDeclHead(
            doc: ["Wraps `base`, held weakly, or `strongly`: then this bridge keeps it alive."],
            modifiers: context.access),
          parameters: [
            base,
            SwiftParameter(
              label: "strongly", name: "strongly", type: .bool, defaultValue: .verbatim("false")),
          ],
          body: [
            .assign(.selfMember(baseName), .identifier("base")),
            .assign(
              .selfMember(ownedName), .verbatim("strongly ? base : nil")),
          ]))
    }
    return .typeDecl(
      SwiftTypeDecl(
        head: context.isolationHead(
          mainActor: context.isMainActor(protocol: adapterClass.destination),
          doc: documentation(of: adapterClass),
          extraModifiers: ["final"]),
        kind: .class, name: adapterClass.name, inherits: [adapterClass.destination],
        members: stored + [initializer, wrapping(adapterClass), optionalWrapping(adapterClass)] + members))
  }

  private func baseProperty(_ adapterClass: AdapterClasses.Class, name: String) -> SwiftDecl {
    switch adapterClass.kind {
    case .proxy:
      return .property(
        SwiftProperty(
          head: SwiftDeclHead(doc: ["The object calls go to."], modifiers: context.access), isLet: true,
          name: name,
          type: .existential([adapterClass.source]), accessors: .stored(initialValue: nil)))
    case .bridge:
      return .property(
        SwiftProperty(
          head: SwiftDeclHead(
            doc: ["The object calls go to, held weakly: `nil` once it is released."],
            modifiers: context.access + ["private(set)", "weak"]),
          isLet: false, name: name, type: .optional(.existential([adapterClass.source])),
          accessors: .stored(initialValue: nil)))
    }
  }

  /// `static func wrapping(_ value: any S, in bridges: Bridges? = nil) -> any D`: the original
  /// object when `value` wraps one the other way, else a new wrapper, kept by `bridges` when given.
  private func wrapping(_ adapterClass: AdapterClasses.Class) -> SwiftDecl {
    var body: [SwiftStmt] = []
    for opposite in classes.opposites(of: adapterClass) {
      let cast = SwiftExpr.conditionalCast(.identifier("value"), .named(opposite.name))
      switch opposite.kind {
      case .proxy:
        // The caller's own proxy, handed over: its object reads back as that proxy while the
        // caller holds it (`===`), not as a new one.
        let original = SwiftExpr.identifier("proxy").dot(oppositeBase(opposite))
        body.append(
          .if(
            [.optionalBinding("proxy", cast)],
            then: [
              .expression(
                .call(
                  .optionalMember(.identifier("bridges"), "remember"),
                  [.unlabeled(.identifier("proxy")), SwiftArgument("for", original)])),
              .return(original),
            ]))
      case .bridge:
        body.append(
          .if(
            [
              .optionalBinding("bridge", cast),
              .optionalBinding("original", .identifier("bridge").dot(oppositeBase(opposite))),
            ],
            then: [.return(.identifier("original"))]))
      }
    }
    let make = SwiftExpr.call(.identifier(adapterClass.name), [.unlabeled(.identifier("value"))])
    let parameters = wrappingParameters(adapterClass, value: .existential([adapterClass.source]))
    let doc: String
    switch adapterClass.kind {
    case .proxy:
      body.append(.guard([.optionalBinding("bridges", .identifier("bridges"))], else: [.return(make)]))
      body.append(
        .return(
          .call(
            .identifier("bridges").dot("bridge"),
            [
              SwiftArgument("for", .identifier("value")),
              SwiftArgument("handingOver", .identifier("handingOver")),
            ],
            trailing: SwiftClosure(make))))
      doc =
        "`value` as a `\(adapterClass.destination)`: the object it wraps when it is a wrapper the other way, else the `\(adapterClass.name)` `bridges` has for it, else a new one, which `bridges` keeps, or, for a value handed to the caller (`handingOver`), remembers while the caller holds it, so that the same object reads back as the same wrapper."
    case .bridge:
      // A bridge the store keeps holds its object weakly, or the store would keep the object
      // alive; one nothing keeps (no store, or an object the caller's function handed over) holds
      // it, as a reference to the object itself would.
      func made(strongly: SwiftExpr) -> SwiftExpr {
        .call(
          .identifier(adapterClass.name),
          [.unlabeled(.identifier("value")), SwiftArgument("strongly", strongly)])
      }
      body.append(
        .guard(
          [.optionalBinding("bridges", .identifier("bridges"))],
          else: [.return(made(strongly: .verbatim("true")))]))
      body.append(
        .return(
          .call(
            .identifier("bridges").dot("bridge"),
            [
              SwiftArgument("for", .identifier("value")),
              SwiftArgument("handingOver", .identifier("handingOver")),
            ],
            trailing: SwiftClosure(made(strongly: .identifier("handingOver"))))))
      doc =
        "`value` as a `\(adapterClass.destination)`: the object it wraps when it is a wrapper the other way, else the `\(adapterClass.name)` `bridges` keeps for it (holding it weakly), else a new one that holds it: without `bridges`, or for an object the caller's function returned (`handingOver`)."
    }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(doc: [doc], modifiers: ["static"]),
        signature: SwiftSignature(
          name: "wrapping", parameters: parameters, result: .existential([adapterClass.destination])),
        body: body))
  }

  /// The same for an optional value: `nil` for `nil`, and for a bridge whose object was
  /// released (a delegate that is gone reads back as `nil`).
  private func optionalWrapping(_ adapterClass: AdapterClasses.Class) -> SwiftDecl {
    var body: [SwiftStmt] = [.guard([.optionalBinding("value", .identifier("value"))], else: [.return(.nil)])]
    for opposite in classes.opposites(of: adapterClass) where opposite.kind == .bridge {
      body.append(
        .if(
          [.optionalBinding("bridge", .conditionalCast(.identifier("value"), .named(opposite.name)))],
          then: [.return(.identifier("bridge").dot(oppositeBase(opposite)))]))
    }
    let parameters = wrappingParameters(adapterClass, value: .optional(.existential([adapterClass.source])))
    // Each parameter passed on as it is.
    let arguments = parameters.map { SwiftArgument($0.label, .identifier($0.name)) }
    body.append(.return(.call(.identifier("wrapping"), arguments)))
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "`value` as a `\(adapterClass.destination)`, or `nil` when there is none or it stands for a released object."
          ], modifiers: ["static"]),
        signature: SwiftSignature(
          name: "wrappingOptional", parameters: parameters,
          result: .optional(.existential([adapterClass.destination]))),
        body: body))
  }

  /// The parameters of `wrapping` and `wrappingOptional`: the value, the bridge store and
  /// whether the value is handed over (made by the caller's function, or read by the caller).
  private func wrappingParameters(_ adapterClass: AdapterClasses.Class, value: SwiftType) -> [SwiftParameter]
  {
    [
      SwiftParameter(label: nil, name: "value", type: value),
      SwiftParameter(
        label: "in", name: "bridges", type: .optional(.named(context.bridgeStoreName)), defaultValue: .nil),
      SwiftParameter(
        label: "handingOver", name: "handingOver", type: .bool, defaultValue: .verbatim("false")),
    ]
  }

  /// The name of the opposite class's base property (its destination's members may rename it).
  private func oppositeBase(_ opposite: AdapterClasses.Class) -> String {
    let memberNames = Set(context.graph.protocols[opposite.destination]?.members.map(\.name) ?? [])
    return Self.unique("base", avoiding: memberNames)
  }

  private func documentation(of adapterClass: AdapterClasses.Class) -> [String] {
    switch adapterClass.kind {
    case .proxy:
      return [
        "A `\(adapterClass.source)` object seen as a `\(adapterClass.destination)`: reads, writes and calls by `\(adapterClass.destination)`'s names reach the members the manifest's adapter maps them to."
      ]
    case .bridge:
      if let proxy = adapterClass.bridgeOfProxy {
        return [
          "A caller's `\(adapterClass.source)` object set on a proxy, handed to code that expects a `\(adapterClass.destination)` as `\(proxy)` would hand it, but held weakly (the adapter object that made it keeps it)."
        ]
      }
      return [
        "A caller's `\(adapterClass.source)` object handed to code that expects a `\(adapterClass.destination)` (the adapter used in reverse). Holds an object the caller set or passed weakly (the adapter object that made it keeps it), and one nothing else holds strongly."
      ]
    }
  }

  /// The diagnostic at `member` of the class's protocol for what keeps its forwarding from
  /// compiling: RC1003 for a value Swift 6 cannot send from the main actor to an `async`
  /// function that runs off it, RC1004 for a closure that is not escaping where the other side
  /// may keep it.
  private func diagnostic(
    for problem: ForwardingProblem, member: MemberDecl, of adapterClass: AdapterClasses.Class
  ) -> Diagnostic {
    let adapter = context.graph.adapters[adapterClass.adapter]
    let (role, usage) = adapterClass.kind == .proxy ? ("proxy", "") : ("bridge", ", used in reverse")
    let code: DiagnosticCode
    let why: String
    switch problem {
    case .unsendable(let value):
      code = .unsendableAdapterValue
      why =
        "its \(role), on the main actor, would pass \(MessageWords.aQuoted(value.type)) to an async function that runs off it, "
        + "and Swift 6 cannot send \(unsendableReason(value.blocker))"
    case .escapes(let closure, let type):
      code = .escapingClosureMismatch
      why =
        "a closure that is the parameter of a closure ('\(closure)') would reach a closure that takes it as "
        + "'\(type)', and may keep it, which Swift does not allow for a closure that is not escaping; declare it "
        + "optional on both sides, or on neither"
    }
    return Diagnostic(
      code,
      "'\(adapterClass.destination).\(member.fullName)' cannot be forwarded by the adapter from '\(adapter.adapt)' "
        + "to '\(adapter.to)'\(usage): \(why)",
      at: member.location,
      notes: [DiagnosticNote("the adapter is declared here", at: adapter.location)])
  }

  /// What RC1003 says of the part of a value that cannot be sent, and how to change it.
  private func unsendableReason(_ blocker: TypeRef) -> String {
    switch blocker {
    case .function(var function):
      function.isAsync = true
      return "a synchronous closure ('\(blocker)') there, which that function could call off the main actor; "
        + "make the closure async ('\(TypeRef.function(function))')"
    case .named(let name) where name == "Any" || name == "AnyObject":
      return
        "'\(name)' there, which may hold a value that is not Sendable; use a protocol of the manifest or a "
        + "standard type in its place"
    case .named(let name) where context.graph.protocols[name] != nil:
      return
        "'\(name)' there, a protocol whose objects are not on the main actor (a service's); pass a value of "
        + "a view's protocol, or hand the service over outside the closure"
    default:
      return "'\(blocker)' there, a type of the app's own that may not be Sendable; use a standard type or a "
        + "protocol of the manifest in its place"
    }
  }

  /// `name`, or `name2`, `name3`... when it is taken.
  static func unique(_ name: String, avoiding taken: Set<String>) -> String {
    var candidate = name
    var number = 1
    while taken.contains(candidate) {
      number += 1
      candidate = name + String(number)
    }
    return candidate
  }
}
