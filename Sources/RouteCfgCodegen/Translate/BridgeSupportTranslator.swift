/// The two helper types adapter classes share: the store in which an adapter object keeps the
/// wrappers it hands to the object it wraps (one per caller object, so identity holds and weakly
/// held delegates stay alive), and the error a bridge throws once its object is released.
struct BridgeSupportTranslator {
  let context: GenerationContext

  func declarations() -> [SwiftDecl] {
    [store(), releasedError()]
  }

  private func store() -> SwiftDecl {
    let key = SwiftDecl.typeDecl(
      SwiftTypeDecl(
        head: SwiftDeclHead(modifiers: ["private"]), kind: .struct, name: "Key", inherits: ["Hashable"],
        members: [
          storedLet("object", .named("ObjectIdentifier")),
          storedLet("wrapper", .named("ObjectIdentifier")),
        ]))
    let entry = SwiftDecl.typeDecl(
      SwiftTypeDecl(
        head: SwiftDeclHead(modifiers: ["private"]), kind: .struct, name: "Entry", inherits: [],
        members: [
          weakVariable("object", doc: []),
          .property(
            SwiftProperty(
              head: SwiftDeclHead(
                doc: [
                  "The wrapper the store keeps for an object the caller set or passed, which holds it weakly."
                ]),
              isLet: false, name: "kept", type: .optional(.anyObject), accessors: .stored(initialValue: .nil))
          ),
          weakVariable(
            "held",
            doc: [
              "The wrapper made for an object the caller's function returned, which holds it and is held by whoever received it."
            ]),
        ]))
    let entries = SwiftDecl.property(
      SwiftProperty(
        head: SwiftDeclHead(modifiers: ["private"]), isLet: false, name: "entries",
        type: .dictionary(key: .named("Key"), value: .named("Entry")),
        accessors: .stored(initialValue: .verbatim("[:]"))))
    let pruneAt = SwiftDecl.property(
      SwiftProperty(
        head: SwiftDeclHead(modifiers: ["private"]), isLet: false, name: "pruneAt", type: .int,
        accessors: .stored(initialValue: .verbatim("16"))))
    let initializer = SwiftDecl.initializer(SwiftInitializer(head: SwiftDeclHead(), parameters: [], body: []))
    let key0 = SwiftExpr.call(
      .identifier("Key"),
      [
        SwiftArgument("object", .call(.identifier("ObjectIdentifier"), [.unlabeled(.identifier("object"))])),
        SwiftArgument(
          "wrapper", .call(.identifier("ObjectIdentifier"), [.unlabeled(.verbatim("Wrapper.self"))])),
      ])
    // The entry of `object` and the wrapper class, or a new one (an old entry whose object is
    // gone and whose identifier a new object reuses is replaced).
    let findEntry: [SwiftStmt] = [
      .declaration(SwiftBinding(name: "key", value: key0)),
      .declaration(
        SwiftBinding(
          isMutable: true, name: "entry",
          value: .verbatim(
            "entries[key].flatMap { $0.object === object ? $0 : nil } ?? Entry(object: object)"))),
    ]
    let bridge = SwiftDecl.function(
      SwiftFunction(
        head: SwiftDeclHead(doc: [
          "The wrapper for `object`, made by `make` when there is none: kept by the store for an object the caller set or passed; for one the caller's function returned (`handingOver`), the wrapper kept for it if there is one, else one held only by whoever receives it."
        ]),
        signature: SwiftSignature(
          name: "bridge", genericParameters: ["Wrapper: AnyObject"],
          parameters: [
            SwiftParameter(label: "for", name: "object", type: .anyObject),
            SwiftParameter(
              label: "handingOver", name: "handingOver", type: .bool, defaultValue: .verbatim("false")),
            SwiftParameter(
              label: "make", name: "make",
              type: .function(SwiftFunctionType(parameters: [], result: .named("Wrapper")))),
          ], result: .named("Wrapper")),
        body: findEntry + [
          .if(
            [
              .optionalBinding(
                "wrapper",
                .conditionalCast(
                  .verbatim("(handingOver ? entry.kept ?? entry.held : entry.kept)"), .named("Wrapper")))
            ], then: [.return(.identifier("wrapper"))]),
          .expression(.call(.identifier("prune"), [])),
          .declaration(SwiftBinding(name: "wrapper", value: .call(.identifier("make"), []))),
          .if(
            [.expression(.identifier("handingOver"))],
            then: [.assign(.identifier("entry").dot("held"), .identifier("wrapper"))],
            else: [.assign(.identifier("entry").dot("kept"), .identifier("wrapper"))]),
          .assign(.verbatim("entries[key]"), .identifier("entry")),
          .return(.identifier("wrapper")),
        ]))
    let remember = SwiftDecl.function(
      SwiftFunction(
        head: SwiftDeclHead(doc: [
          "Remembers `wrapper`, which the caller holds and handed over as `object`, the object it wraps: reading `object` back gives the caller that same wrapper while it holds it."
        ]),
        signature: SwiftSignature(
          name: "remember", genericParameters: ["Wrapper: AnyObject"],
          parameters: [
            SwiftParameter(label: nil, name: "wrapper", type: .named("Wrapper")),
            SwiftParameter(label: "for", name: "object", type: .anyObject),
          ], result: nil),
        body: findEntry + [
          .expression(.call(.identifier("prune"), [])),
          .assign(.identifier("entry").dot("held"), .identifier("wrapper")),
          .assign(.verbatim("entries[key]"), .identifier("entry")),
        ]))
    let prune = SwiftDecl.function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: ["Forgets wrappers whose objects are gone, each time the store has doubled."],
          modifiers: ["private"]),
        signature: SwiftSignature(name: "prune", parameters: [], result: nil),
        body: [
          .guard(
            [.expression(.binary(.identifier("entries").dot("count"), ">=", .identifier("pruneAt")))],
            else: [.return(nil)]),
          .assign(
            .identifier("entries"),
            .call(
              .identifier("entries").dot("filter"), [],
              trailing: SwiftClosure(.binary(.verbatim("$0.value.object"), "!=", .nil)))),
          .assign(
            .identifier("pruneAt"),
            .call(
              .standardLibrary("max"),
              [
                .unlabeled(.verbatim("16")),
                .unlabeled(.binary(.identifier("entries").dot("count"), "*", .verbatim("2"))),
              ])),
        ]))
    return .typeDecl(
      SwiftTypeDecl(
        head: SwiftDeclHead(
          doc: [
            "Keeps the wrappers an adapter object hands to the object it wraps: one per caller object and wrapper class, so that the same object gets the same wrapper and a weakly held delegate stays alive as long as the adapter object does. A wrapper made for an object the caller's function returned holds that object and is only remembered, not kept, so that it lives as long as whoever received it holds it."
          ], modifiers: ["nonisolated", "final"]),
        kind: .class, name: context.bridgeStoreName, inherits: [],
        members: [key, entry, entries, pruneAt, initializer, bridge, remember, prune]))
  }

  private func releasedError() -> SwiftDecl {
    .typeDecl(
      SwiftTypeDecl(
        head: SwiftDeclHead(
          doc: [
            "Thrown by a bridge's throwing method when the caller's object it stands for was released."
          ], modifiers: context.access + ["nonisolated"]),
        kind: .struct, name: context.releasedErrorName, inherits: ["Error", "Sendable"],
        members: [
          .property(
            SwiftProperty(
              head: SwiftDeclHead(doc: ["The protocol of the released object."], modifiers: context.access),
              isLet: true, name: "protocolName", type: .string, accessors: .stored(initialValue: nil))),
          stop(),
        ]))
  }

  /// The name of the released-object error's static function that stops the program (``stop()``).
  static let stopFunctionName = "stop"

  /// What a bridge's method that must answer calls once the caller's object is released:
  /// `Swift.preconditionFailure` (a protocol may be named `preconditionFailure`), written here and
  /// not in the bridge, whose members (the protocol's) may hide the name `Swift`.
  private func stop() -> SwiftDecl {
    .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: ["Stops the program: a bridge's method cannot answer for the released object it stands for."],
          modifiers: ["static"]),
        signature: SwiftSignature(
          name: Self.stopFunctionName,
          parameters: [
            SwiftParameter(label: nil, name: "message", type: .string),
            // The place of the bridge's member, which a crash report then names.
            SwiftParameter(
              label: "file", name: "file", type: .named("Swift.StaticString"),
              defaultValue: .verbatim("#file")),
            SwiftParameter(
              label: "line", name: "line", type: .named("Swift.UInt"), defaultValue: .verbatim("#line")),
          ],
          result: .named("Swift.Never")),
        body: [
          .expression(
            .call(
              .standardLibrary("preconditionFailure"),
              [
                .unlabeled(.identifier("message")), SwiftArgument("file", .identifier("file")),
                SwiftArgument("line", .identifier("line")),
              ]))
        ]))
  }

  private func weakVariable(_ name: String, doc: [String]) -> SwiftDecl {
    .property(
      SwiftProperty(
        head: SwiftDeclHead(doc: doc, modifiers: ["weak"]), isLet: false, name: name,
        type: .optional(.anyObject),
        accessors: .stored(initialValue: nil)))
  }

  private func storedLet(_ name: String, _ type: SwiftType) -> SwiftDecl {
    .property(
      SwiftProperty(
        head: SwiftDeclHead(), isLet: true, name: name, type: type, accessors: .stored(initialValue: nil)))
  }
}
