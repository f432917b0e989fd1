import RouteCfgCore

/// Writes the adapter classes: proxies (`PAsR`) and bridges (`RAsP`), and the bridge store
/// their objects keep the bridges they hand out in.
struct AdapterTranslator {
  let context: GenerationContext
  let classes: AdapterClasses

  func declarations() -> [SwiftDecl] {
    classes.all.map(declaration)
  }

  // MARK: One class

  private func declaration(of adapterClass: AdapterClasses.Class) -> SwiftDecl {
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
    var initializers = [
      SwiftDecl.initializer(
        SwiftInitializer(
          head: SwiftDeclHead(
            doc: [adapterClass.kind == .bridge ? "Wraps `base`, held weakly." : "Wraps `base`."],
            modifiers: context.access),
          parameters: [base],
          body: [.assign(.selfMember(baseName), .identifier("base"))]
            + (adapterClass.kind == .bridge ? [.assign(.selfMember(ownedName), .nil)] : [])))
    ]
    if adapterClass.kind == .bridge {
      var owning = base
      owning.label = "owning"
      initializers.append(
        .initializer(
          SwiftInitializer(
            head: SwiftDeclHead(doc: ["Wraps `base` and keeps it alive."], modifiers: context.access),
            parameters: [owning],
            body: [
              .assign(.selfMember(baseName), .identifier("base")),
              .assign(.selfMember(ownedName), .identifier("base")),
            ])))
    }
    return .typeDecl(
      SwiftTypeDecl(
        head: context.isolationHead(
          mainActor: context.isMainActor(protocol: adapterClass.destination),
          doc: documentation(of: adapterClass),
          extraModifiers: ["final"]),
        kind: .class, name: adapterClass.name, inherits: [adapterClass.destination],
        members: stored + initializers + [wrapping(adapterClass), optionalWrapping(adapterClass)] + members))
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
    if let opposite = classes.converting(from: adapterClass.destination, to: adapterClass.source) {
      let cast = SwiftExpr.conditionalCast(.identifier("value"), .named(opposite.name))
      switch opposite.kind {
      case .proxy:
        body.append(
          .if(
            [.optionalBinding("proxy", cast)],
            then: [.return(.identifier("proxy").dot(oppositeBase(opposite)))]))
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
    // A bridge no store keeps is held by whoever receives it, and holds its object as a direct
    // reference would; one a store keeps holds it weakly, or the store would keep it alive.
    let unkept =
      adapterClass.kind == .bridge
      ? SwiftExpr.call(.identifier(adapterClass.name), [SwiftArgument("owning", .identifier("value"))]) : make
    body.append(.guard([.optionalBinding("bridges", .identifier("bridges"))], else: [.return(unkept)]))
    body.append(
      .return(
        .call(
          .identifier("bridges").dot("bridge"), [SwiftArgument("for", .identifier("value"))],
          trailing: SwiftClosure(make))))
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            adapterClass.kind == .bridge
              ? "`value` as a `\(adapterClass.destination)`: the object it wraps when it is a wrapper the other way, else a new `\(adapterClass.name)`: kept by `bridges` and holding `value` weakly when given, else holding it strongly."
              : "`value` as a `\(adapterClass.destination)`: the object it wraps when it is a wrapper the other way, else a new `\(adapterClass.name)`, kept by `bridges` when given."
          ], modifiers: ["static"]),
        signature: SwiftSignature(
          name: "wrapping",
          parameters: [
            SwiftParameter(label: nil, name: "value", type: .existential([adapterClass.source])),
            SwiftParameter(
              label: "in", name: "bridges", type: .optional(.named(context.bridgeStoreName)),
              defaultValue: .nil),
          ],
          result: .existential([adapterClass.destination])),
        body: body))
  }

  /// The same for an optional value: `nil` for `nil`, and for a bridge whose object was
  /// released (a delegate that is gone reads back as `nil`).
  private func optionalWrapping(_ adapterClass: AdapterClasses.Class) -> SwiftDecl {
    var body: [SwiftStmt] = [.guard([.optionalBinding("value", .identifier("value"))], else: [.return(.nil)])]
    if let opposite = classes.converting(from: adapterClass.destination, to: adapterClass.source),
      opposite.kind == .bridge
    {
      body.append(
        .if(
          [.optionalBinding("bridge", .conditionalCast(.identifier("value"), .named(opposite.name)))],
          then: [.return(.identifier("bridge").dot(oppositeBase(opposite)))]))
    }
    body.append(
      .return(
        .call(
          .identifier("wrapping"),
          [.unlabeled(.identifier("value")), SwiftArgument("in", .identifier("bridges"))])))
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "`value` as a `\(adapterClass.destination)`, or `nil` when there is none or it stands for a released object."
          ], modifiers: ["static"]),
        signature: SwiftSignature(
          name: "wrappingOptional",
          parameters: [
            SwiftParameter(label: nil, name: "value", type: .optional(.existential([adapterClass.source]))),
            SwiftParameter(
              label: "in", name: "bridges", type: .optional(.named(context.bridgeStoreName)),
              defaultValue: .nil),
          ],
          result: .optional(.existential([adapterClass.destination]))),
        body: body))
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
      return [
        "A caller's `\(adapterClass.source)` object handed to code that expects a `\(adapterClass.destination)` (the adapter used in reverse). Holds an object the caller set or passed weakly (the adapter object that made it keeps it), and one nothing else holds strongly."
      ]
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
