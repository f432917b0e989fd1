// Explanations of the Code generation (RC10xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Code generation (RC10xx), reported by `routecfg generate`.
  static let codeGeneration: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .generatedNameCollision,
      description: #"""
        Two things in a valid manifest would get the same name in the Swift that `routecfg generate` writes, so the generated code would not compile. Generated names come from the manifest: protocols keep their names; `App` (the manifest's `app`) gives `AppRoute`, `AppRegistry`, `AppBridges` and `AppReleasedObjectError` (and `AppManifestFactories`, `AppManifestReader`, `AppManifestResolution` when the manifest has a type of that name: aliases that the types `AppRoute` and `AppRegistry` nest cannot hide); an adapter from `R` to `P` gives the classes `PAsR` (and `RAsP`, and `PAsRBridge` when the proxy also carries a caller's object, Codegen.md); a module `M` that requires protocols gives `MDependencies`, and its name in lowerCamelCase is its route case and its factory's label; each protocol `P` gives a `makeP` method. A protocol may not take the name of a standard-library type the generated code writes (`AnyObject`, `Array`, `Bool`, `Double`, `Error`, `Hashable`, `Hasher`, `Int`, `MainActor`, `ObjectIdentifier`, `Range`, `Sendable`, `String`, `Substring`, `UInt8`, `Unicode`, `UTF8`, `Void`): it would hide that type from the generated code, so the protocol is reported (without a note); so is a protocol named like a module the generated code qualifies names with (`Swift`, for `Swift.max`, and with `--dynamic` `RouteCfgRuntime`). A protocol member named `self` that a `@MainActor` adapter class, or an `async` method of one, calls is reported at the adapter: there Swift takes the call for a reference to the class's own `self`. Only `generate` reports this code: `validate` checks the manifest, not the Swift made from it. The diagnostic is at the second declaration, with a note at the first.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            app: Notes
            protocols:
              NotesRoute: |
                func open()
            modules:
              List:
                kind: view
                provides: [NotesRoute]
                routes: [/]

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Generated"],
      output: [
        #"""
        example.yaml:4:3: error: 'NotesRoute' would name two things in generated Swift, the route type of app 'Notes' and protocol 'NotesRoute'; rename one of them [RC1001]
        """#,
        #"""
        example.yaml:2:6: note: the name is first taken here, by the route type of app 'Notes'
        """#,
      ],
      remarks: [
        #"""
        Modules whose names differ only in their first letters (`NoteList` and `noteList`) collide as route cases; protocols `noteInput` and `NoteInput` collide as `makeNoteInput`. A routed module named `Path`, `Resolve` or `Hash` does not: Swift tells the case `path(id:)` from the route type's `path`, `resolve` from `resolve(_:)`.
        """#
      ],
      fix: #"rename one of the two in the manifest (a protocol, a module or `app`)."#
    ),
    DiagnosticExplanation(
      .sharedInterfaceProtocol,
      description: #"""
        In a modular app each module's target depends only on its own interface, which `routecfg generate --module NAME` writes: the protocols the module provides and requires, those its own parameters name (`owner: Item?`: the app makes the module with them), those its `Dependencies` methods take, those their members name and those they inherit. When two modules' interfaces hold the same protocol, each declares it as a Swift type of its own, and the app's wiring (`routecfg generate --interfaces '*Interface'`) could not tell which one a member means. Only `generate --interfaces` reports this code.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              Analytics: |
                func track(event: String)
            modules:
              Tracker:
                kind: service
                provides: [Analytics]
              Home:
                kind: view
                requires: [Analytics]
                routes: [/]

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Wiring", "--interfaces", "*Interface"],
      output: [
        #"""
        example.yaml:3:3: error: protocol 'Analytics' would be declared in the interfaces of both module 'Tracker' and module 'Home', as two different Swift types; in a modular app give each module its own protocol and connect them with an adapter, or generate the app as one Swift module (without --interfaces) [RC1002]
        """#,
        #"""
        example.yaml:6:3: note: module 'Tracker' is declared here
        """#,
        #"""
        example.yaml:9:3: note: module 'Home' is declared here
        """#,
      ],
      fix: #"""
        let the requiring module say what it needs in its own words and connect the two with an adapter (the seed's "Module Adapter" idea), so each interface has its own protocol:

        ```yaml
        protocols:
          Analytics: |
            func track(event: String)
          HomeAnalytics: |
            func track(event: String)
        modules:
          Home:
            kind: view
            requires: [HomeAnalytics]
            routes: [/]
        adapters:
          - adapt: HomeAnalytics
            to: Analytics
        ```

        A module whose parameter is of another module's protocol (`owner: Item?` where `Store` provides `Item`) gets a protocol of its own for it (`DetailItem`), which the app's objects conform to where the app makes the module. Or generate the whole app as one Swift module, without `--interfaces`.
        """#
    ),
    DiagnosticExplanation(
      .unsendableAdapterValue,
      description: #"""
        An adapter class whose protocol is `@MainActor` (a proxy `PAsR` or a bridge `RAsP` of a view's protocols, or of protocols Codegen.md's isolation rules put on the main actor) forwards a member that takes an `async` closure, and must pass the closure a value: one it converted, such as a wrapper of the provider's object, or one of its own arguments that is not `Sendable`. The closure it hands the provider runs on the main actor, and the caller's `async` closure is `nonisolated`, so the value is sent off the main actor. The generated code sends values of `@MainActor` protocols, standard value types and `async` closures of them, whose members all run on the main actor. Four kinds of value cannot be sent safely, and Swift 6 rejects the generated code ("sending value of non-Sendable type ... risks causing data races", "sending 'a0' risks causing data races"), as it would reject a provider written by hand: a synchronous closure, which the caller's function could call off the main actor, where it would reach main-actor state; a value of a service's protocol, whose object is not on the main actor; `Any` or `AnyObject`, which may hold anything; and a value holding both main-actor values and a type of the app's own (`[Key: W]`), which may not be `Sendable`. (With the upcoming feature `NonisolatedNonsendingByDefault` the caller's closure would run on the main actor and some of these would compile, but the generated code must compile in Swift 6's default mode too.) The diagnostic is at the member of the class's protocol, with a note at the adapter. Only `generate` reports this code: `validate` checks the manifest, not the Swift made from it.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            app: News
            protocols:
              Article: |
                var title: String { get }
              Story: |
                var title: String { get }
              ArticleFeed: |
                func visit(visitor: ((Article) -> Void) async -> Void) async
              StoryFeed: |
                func visit(visitor: ((Story) -> Void) async -> Void) async
            modules:
              Articles:
                kind: view
                provides: [ArticleFeed, Article]
                routes: [/articles]
              Reader:
                kind: view
                requires: [StoryFeed]
                routes: [/]
            adapters:
              - adapt: StoryFeed
                to: ArticleFeed
              - adapt: Story
                to: Article

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Generated"],
      output: [
        #"""
        example.yaml:11:10: error: 'StoryFeed.visit(visitor:)' cannot be forwarded by the adapter from 'StoryFeed' to 'ArticleFeed': its proxy, on the main actor, would pass a '(Story) -> Void' to an async function that runs off it, and Swift 6 cannot send a synchronous closure ('(Story) -> Void') there, which that function could call off the main actor; make the closure async ('(Story) async -> Void') [RC1003]
        """#,
        #"""
        example.yaml:22:5: note: the adapter is declared here
        """#,
      ],
      remarks: [
        #"""
        A synchronous closure that an `async` closure returns (`() async -> (Story) -> Void`) comes back to the main actor and is not reported, nor is a value of the app's own type passed as it is beside a converted one (`(Key, Story) async -> Void`): it compiles when the type is `Sendable`, and Swift reports it in the generated file when it is not.
        """#
      ],
      fix: #"""
        make the closures in such members `async` (`(Story) async -> Void`: a closure formed on the main actor runs there wherever it is called from), on both protocols of the adapter, and use standard types or the manifest's protocols where a type of the app's own sits in a converted value (`[String: Story]` for `[Key: Story]`).
        """#
    ),
    DiagnosticExplanation(
      .escapingClosureMismatch,
      description: #"""
        A closure's parameter that is itself a closure (`() -> Void` in `(() -> Void) -> Int`) is not escaping in Swift: the closure that receives it may call it, but not keep it. An optional closure (`(() -> Void)?`) may be kept. A manifest may pair the two across an adapter (a provided parameter `T?` where the required side passes `T`), but the generated proxy would hand the provider's non-escaping closure to the caller's function that takes an optional one, which Swift does not allow, and which could not be made safe: if the caller kept it, calling it later would be an error at run time. The diagnostic is at the member of the adapter class's protocol, with a note at the adapter. Only `generate` reports this code: `validate` checks the manifest, not the Swift made from it.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            app: Tasks
            protocols:
              TaskRunner: |
                func run(step: (() -> Void) -> Int)
              Runner: |
                func run(step: ((() -> Void)?) -> Int)
            modules:
              Worker:
                kind: service
                provides: [TaskRunner]
              Screen:
                kind: view
                requires: [Runner]
                routes: [/]
            adapters:
              - adapt: Runner
                to: TaskRunner

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Generated"],
      output: [
        #"""
        example.yaml:7:10: error: 'Runner.run(step:)' cannot be forwarded by the adapter from 'Runner' to 'TaskRunner': a closure that is the parameter of a closure ('() -> Void') would reach a closure that takes it as '(() -> Void)?', and may keep it, which Swift does not allow for a closure that is not escaping; declare it optional on both sides, or on neither [RC1004]
        """#,
        #"""
        example.yaml:17:5: note: the adapter is declared here
        """#,
      ],
      fix: #"""
        declare the closure the same way on both sides: `(() -> Void) -> Int` in both protocols when the caller only calls it, or `((() -> Void)?) -> Int` in both when it may keep it.
        """#
    ),
    DiagnosticExplanation(
      .undecidedProvider,
      description: #"""
        Several modules could answer a protocol that some module provides: two list it in `provides`, or provide protocols that inherit it where no module lists it, or one provides the `to` of an adapter from it. Nothing requires it, so the manifest is valid (a requirement of it would be RC0702, or RC0701 where the modules only provide protocols that inherit it), but the generated registry cannot choose, so it has no `make` method for it, and a caller that looks for one finds none. The warning is at the protocol, with a note at each module that could answer it. Only `generate` reports this code, and it does not stop generation.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              AlertInput: |
                func show(message: String)
            modules:
              IOSAlert:
                kind: view
                provides: [AlertInput]
                routes: [/alert/ios]
              MacAlert:
                kind: view
                provides: [AlertInput]
                routes: [/alert/mac]

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Generated"],
      output: [
        #"""
        example.yaml:3:3: warning: 'AlertInput' gets no 'makeAlertInput' in the registry: 2 modules provide it ('IOSAlert', 'MacAlert') and no binding chooses one; bind one under 'bindings' ('AlertInput: IOSAlert') to make it [RC1005]
        """#,
        #"""
        example.yaml:6:3: note: 'IOSAlert' provides it
        """#,
        #"""
        example.yaml:10:3: note: 'MacAlert' provides it
        """#,
      ],
      fix: #"""
        bind the protocol to the module whose destination `makeAlertInput()` should make (a variant may bind it to another):

        ```yaml
        bindings:
          AlertInput: IOSAlert
        ```

        or, when one of the ways is not meant, remove it (the second module's `provides` entry, or the adapter).
        """#
    ),
    DiagnosticExplanation(
      .mainActorService,
      description: #"""
        A `service` module's generated code is usable from any isolation unless what it provides or requires has to be on the main actor: a service that provides a protocol a view provides too, or one inheriting a view's protocol, gets a `@MainActor` factory and make methods; one whose requirement is answered through an adapter whose proxy or bridge calls, or hands on, values of a view's protocols, or by a service whose factory is `@MainActor`, gets that requirement's make method in its `Dependencies` as `@MainActor`, which its factory (not on the main actor) can call only from the main actor ([Codegen.md](Codegen.md#protocols) has the isolation rules). The code compiles, but a service written as if it were free of the main actor does not: "call to main actor-isolated instance method 'makeRSvc()' in a synchronous nonisolated context". The warning is at the module, with notes that follow the reason back, step by step, to the view it comes from (a chain of more than six steps shows its first five and the view). Only `generate` reports this code (with `--module`, for that module only), and it does not stop generation.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            app: Screens
            protocols:
              PView: |
                var title: String { get set }
              RView: |
                var name: String { get set }
              PSvc: |
                func make() -> PView
              RSvc: |
                func make() -> RView
            modules:
              Screen: {kind: view, provides: [PView], routes: [/s]}
              Svc: {kind: service, provides: [PSvc]}
              Client: {kind: service, requires: [RSvc], routes: [/c]}
            adapters:
              - {adapt: RView, to: PView, map: {name: title}}
              - {adapt: RSvc, to: PSvc}

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Generated"],
      output: [
        #"""
        example.yaml:15:3: warning: 'Client' is a service, but 'makeRSvc()' of 'ClientDependencies' is @MainActor in generated code, so its factory can make 'RSvc' only on the main actor (the notes say why it is there); call it there ('await MainActor.run { ... }'), or keep values of views' protocols out of 'RSvc' [RC1006]
        """#,
        #"""
        example.yaml:18:5: note: 'RSvc' is on the main actor because the proxy of the adapter from 'RSvc' to 'PSvc' hands on values of 'PView', a main-actor protocol, through another adapter
        """#,
        #"""
        example.yaml:13:3: note: 'PView' is on the main actor because 'Screen', a view, provides it
        """#,
      ],
      fix: #"""
        make and use what the service makes on the main actor (keep the dependencies it is given, and call `makeRSvc()` from a `@MainActor` function or `await MainActor.run { ... }`), or give the service protocols whose members do not hand out views' objects, so that nothing of it needs the main actor.
        """#
    ),
  ]
}
