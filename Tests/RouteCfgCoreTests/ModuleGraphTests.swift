import RouteCfgCore
import Testing

@Suite("Module graph")
struct ModuleGraphTests {
  static let manifest = """
    routecfg: 1
    app: Shop
    fallback: Lost
    protocols:
      CartInput: |
        var count: Int { get }
      BasketInput: |
        var count: Int { get }
      Payments: |
        func pay(amount: Double) -> Bool
    modules:
      Cart:
        kind: view
        provides: [CartInput]
        routes: [/cart, /cart/:id, /basket, "/b/*rest"]
        parameters: {id: Int?, rest: String?}
      Checkout:
        kind: view
        requires: [BasketInput, Payments]
        routes: [/checkout]
      Stripe: {kind: service, provides: [Payments]}
      Apple: {kind: service, provides: [Payments]}
      Lost: {kind: view}
    adapters:
      - adapt: BasketInput
        to: CartInput
    bindings: {Payments: Stripe}
    variants:
      ios: {bindings: {Payments: Apple}}
    """

  static func graph(variant: String? = nil) throws -> ModuleGraph {
    let result = try RouteCfg.validate(yaml: manifest, path: "shop.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let app = try #require(result.graph)
    return try #require(ModuleGraph(app, variant: variant))
  }

  @Test func edgesFollowTheResolution() throws {
    let base = try Self.graph()
    #expect(base.nodes.map(\.name) == ["Cart", "Checkout", "Stripe", "Apple", "Lost"])
    #expect(
      base.edges.map { "\($0.from)->\($0.to):\($0.protocolName):\($0.adaptedTo ?? "-")" } == [
        "Checkout->Cart:BasketInput:CartInput", "Checkout->Stripe:Payments:-",
      ])
    let ios = try Self.graph(variant: "ios")
    #expect(ios.edges.last?.to == "Apple")
    #expect(ios.variant == "ios")
  }

  @Test func dotOutput() throws {
    #expect(
      GraphFormatter.dot(try Self.graph()) == """
        digraph "Shop" {
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          edge [fontname="Helvetica", fontsize=10];
          "Cart" [shape=box, label="Cart\\nview\\n/cart\\n/cart/:id\\n/basket\\n/b/*rest"];
          "Checkout" [shape=box, label="Checkout\\nview\\n/checkout"];
          "Stripe" [shape=box, style=rounded, label="Stripe\\nservice"];
          "Apple" [shape=box, style=rounded, label="Apple\\nservice"];
          "Lost" [shape=box, label="Lost\\nview, fallback"];
          "Checkout" -> "Cart" [label="BasketInput\\nvia adapter to CartInput", style=dashed];
          "Checkout" -> "Stripe" [label="Payments"];
        }

        """)
  }

  @Test func mermaidOutput() throws {
    #expect(
      GraphFormatter.mermaid(try Self.graph(variant: "ios")) == """
        ---
        title: "Shop (variant ios)"
        ---
        flowchart LR
          m0["Cart<br/>view<br/>/cart<br/>/cart/:id<br/>/basket<br/>/b/*rest"]
          m1["Checkout<br/>view<br/>/checkout"]
          m2("Stripe<br/>service")
          m3("Apple<br/>service")
          m4["Lost<br/>view, fallback"]
          m1 -. "BasketInput via adapter to CartInput" .-> m0
          m1 -- "Payments" --> m3

        """)
  }

  /// Every adapter is drawn: one a requirement resolves through labels its arrow; a delegate's
  /// is a dotted line between the modules whose members pass its protocols' values; one nothing
  /// uses (or crossed only deeper down) is a note of its own.
  @Test func everyAdapterIsDrawn() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        app: Chat
        protocols:
          RoomInput: |
            var delegate: RoomDelegate? { get set }
          ChatInput: |
            var delegate: ChatDelegate? { get set }
          RoomDelegate: |
            func left()
          ChatDelegate: |
            func didLeave()
          Spare: ""
          SpareTo: ""
        modules:
          Room: {kind: view, provides: [RoomInput], routes: [/room]}
          Lobby: {kind: view, requires: [ChatInput], routes: [/]}
        adapters:
          - {adapt: ChatInput, to: RoomInput}
          - {adapt: ChatDelegate, to: RoomDelegate, map: {didLeave: left}}
          - {adapt: Spare, to: SpareTo}
        """, path: "chat.yaml")
    let app = try #require(result.graph)
    let graph = try #require(ModuleGraph(app))
    let links = graph.adapterLinks.map { link in
      "\(link.adapt)->\(link.to) "
        + link.between.map { "\($0.requirer)-\($0.provider)" }.joined(separator: ",")
        + (link.isUsed ? "" : " unused")
    }
    #expect(links == ["ChatDelegate->RoomDelegate Lobby-Room", "Spare->SpareTo  unused"])
    let dot = GraphFormatter.dot(graph)
    #expect(
      dot.contains(
        #"  "Lobby" -> "Room" [label="adapter ChatDelegate\nto RoomDelegate", style=dotted, dir=none];"#))
    #expect(
      dot.contains(
        #"  "adapter Spare to SpareTo" [shape=note, label="adapter Spare\nto SpareTo\n(unused)"];"#))
    let mermaid = GraphFormatter.mermaid(graph)
    #expect(mermaid.contains(#"  m1 -. "adapter ChatDelegate to RoomDelegate" .- m0"#))
    #expect(mermaid.contains(#"  a1>"adapter Spare<br/>to SpareTo<br/>(unused)"]"#))
  }

  /// A delegate adapter joins only the requirements one of whose paired members passes its
  /// values: `R2` and `P2` both write `D1` and `D2`, but the member of `R2` that writes `D1`
  /// reaches one of `P2` that writes `D1` too. One that resolves requirements in another
  /// configuration says which.
  @Test func adaptersAreDrawnWhereTheirValuesPass() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        app: F
        protocols:
          D1: "func done()"
          D2: "func done()"
          R: "var d: D1? { get set }"
          P: "var d: D2? { get set }"
          R2: "var x: D1? { get set }"
          P2: "var x: D1? { get set }; var z: D2? { get set }"
          Q: "func go()"
          QP: "func go()"
        modules:
          Home: {kind: view, requires: [R, R2, Q], routes: [/]}
          A: {kind: view, provides: [P], routes: [/a]}
          B: {kind: view, provides: [P2, Q], routes: [/b]}
          C: {kind: view, provides: [QP], routes: [/c]}
        adapters:
          - {adapt: R, to: P}
          - {adapt: R2, to: P2}
          - {adapt: D1, to: D2}
          - {adapt: Q, to: QP}
        bindings: {Q: B}
        variants:
          other: {bindings: {Q: C}}
        """, path: "f.yaml")
    let app = try #require(result.graph, "\(result.diagnostics.map(\.message))")
    let graph = try #require(ModuleGraph(app))
    #expect(graph.adapterLinks.map(\.adapt) == ["D1", "Q"])
    #expect(graph.adapterLinks.first?.between.map { "\($0.requirer)-\($0.provider)" } == ["Home-A"])
    #expect(graph.adapterLinks.last?.resolvingIn == ["other"])
    #expect(
      GraphFormatter.dot(graph).contains(
        #"[shape=note, label="adapter Q\nto QP\n(resolves requirements in variant other)"];"#))
    // In the variant, the requirement's arrow names it, and the base configuration is noted nowhere.
    let other = try #require(ModuleGraph(app, variant: "other"))
    #expect(other.adapterLinks.map(\.adapt) == ["D1"])
  }

  /// Validated for one variant alone (`graph --variant`), the other configurations are still
  /// resolved for the notes: an adapter the base resolves through is not drawn as unused.
  @Test func aVariantValidatedAloneNotesTheOtherConfigurations() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols: {Need: "func go()", A: "func go()", B: "func go()"}
        modules:
          MA: {kind: view, provides: [A]}
          MB: {kind: view, provides: [B]}
          Home: {kind: view, requires: [Need], routes: [/]}
        adapters: [{adapt: Need, to: A}, {adapt: Need, to: B}]
        bindings: {Need: MA}
        variants: {b: {bindings: {Need: MB}}, c: {bindings: {Need: MA}}}
        """, path: "g.yaml", variant: "b")
    let app = try #require(result.graph, "\(result.diagnostics.map(\.message))")
    let graph = try #require(ModuleGraph(app, variant: "b"))
    #expect(graph.edges.map(\.to) == ["MB"])
    #expect(graph.adapterLinks.map(\.adapt) == ["Need"])
    #expect(graph.adapterLinks.first?.resolvingIn == [nil, "c"], "\(graph.adapterLinks)")
    #expect(
      GraphFormatter.dot(graph).contains("(resolves requirements in the base configuration, variant c)"))
  }

  /// Names are paired place by place: `Obs` as a parameter and `Obs2` as the result pass no
  /// values between them, so their adapter is unused (RC0902), as the validator says, while
  /// `X` and `Y` at the same parameter join the two modules.
  @Test func namesArePairedAtTheSamePlaces() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          X: "func a()"
          Y: "func a()"
          Obs: "func o()"
          Obs2: "func o()"
          Required: "func c(_ a: X, _ b: Obs) -> Obs2"
          Provided: "func c(_ a: Y, _ b: Obs) -> Obs2"
        modules:
          Screen: {kind: view, provides: [Provided], routes: [/s]}
          Host: {kind: view, requires: [Required], routes: [/h]}
        adapters:
          - {adapt: Required, to: Provided}
          - {adapt: Y, to: X}
          - {adapt: Obs, to: Obs2}
        """, path: "places.yaml")
    #expect(result.diagnostics.map(\.code) == [.unusedAdapter])
    let app = try #require(result.graph)
    let links = try #require(ModuleGraph(app)).adapterLinks
    #expect(links.map(\.adapt) == ["Y", "Obs"])
    #expect(links.first?.between.map(\.requirer) == ["Host"] && links.last?.between.isEmpty == true)
    #expect(links.last?.isUsed == false)
  }

  /// Many requirements each with a delegate adapter of its own: each adapter is drawn between
  /// its own two modules, found from the names the requirement's members write (a search of
  /// every requirement for every adapter was quadratic: 16 million pairs here).
  @Test func manyDelegateAdaptersAreEachDrawnBetweenTheirModules() throws {
    let n = 4_000
    var yaml = "routecfg: 1\nprotocols:\n"
    for i in 0..<n {
      yaml += "  PIn\(i): \"var delegate: PD\(i)? { get set }\"\n  PD\(i): \"func done()\"\n"
      yaml += "  RIn\(i): \"var delegate: RD\(i)? { get set }\"\n  RD\(i): \"func finished()\"\n"
    }
    yaml += "modules:\n"
    for i in 0..<n {
      yaml += "  P\(i): {kind: view, provides: [PIn\(i)], routes: [/p\(i)]}\n"
      yaml += "  R\(i): {kind: view, requires: [RIn\(i)], routes: [/r\(i)]}\n"
    }
    yaml += "adapters:\n"
    for i in 0..<n {
      yaml += "  - {adapt: RIn\(i), to: PIn\(i)}\n  - {adapt: RD\(i), to: PD\(i), map: {finished: done}}\n"
    }
    let result = try RouteCfg.validate(yaml: yaml, path: "wide.yaml")
    let app = try #require(result.graph, "\(result.diagnostics.prefix(3))")
    let graph = try #require(ModuleGraph(app))
    #expect(graph.adapterLinks.count == n)
    let misplaced = graph.adapterLinks.enumerated().filter { index, link in
      link.adapt != "RD\(index)"
        || link.between.map { "\($0.requirer)-\($0.provider)" } != ["R\(index)-P\(index)"]
    }
    #expect(misplaced.isEmpty, "\(misplaced.prefix(2))")
  }

  /// Labels read in a review as they are written: a bidirectional control in a route is
  /// escaped; past four routes the rest are counted. Mermaid's title is a quoted YAML string.
  @Test func labelsAndTitlesAreWrittenSafely() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        app: "null"
        modules:
          A: {kind: view, routes: ["/a\u{202E}b", /b, /c, /d, /e]}
        """, path: "null.yaml")
    let graph = try #require(result.graph.flatMap { ModuleGraph($0, variant: nil) })
    let mermaid = GraphFormatter.mermaid(graph)
    #expect(mermaid.hasPrefix("---\ntitle: \"null\"\n---\n"))
    #expect(
      mermaid.contains(#"m0["A<br/>view<br/>/a\u{202E}b<br/>/b<br/>/c<br/>+2 more routes"]"#), "\(mermaid)")
    #expect(
      GraphFormatter.dot(graph).contains(#"label="A\nview\n/a\\u{202E}b\n"#),
      "\(GraphFormatter.dot(graph))")
    #expect(!mermaid.unicodeScalars.contains("\u{202E}"))
  }

  /// Arrows' protocols, the adapter's, node IDs and the graph's name are escaped as labels are.
  @Test func namesOnArrowsAndIDsAreWrittenSafely() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        app: "A\\u202Eb"
        protocols:
          "P\\u202Eq": "func go()"
          "R\\u2067": "func go()"
        adapters:
          - {adapt: "P\\u202Eq", to: "R\\u2067"}
        modules:
          "H\\u202Ex": {kind: view, requires: ["P\\u202Eq"], routes: [/]}
          S: {kind: service, provides: ["R\\u2067"]}
        """, path: "bidi.yaml")
    let graph = try #require(result.graph.flatMap { ModuleGraph($0, variant: nil) }, "\(result)")
    let dot = GraphFormatter.dot(graph)
    let mermaid = GraphFormatter.mermaid(graph)
    #expect(dot.hasPrefix(#"digraph "A\\u{202E}b" {"#), "\(dot)")
    #expect(dot.contains(#""H\\u{202E}x" -> "S" [label="P\\u{202E}q\nvia adapter to R\\u{2067}""#), "\(dot)")
    #expect(mermaid.contains(#"-. "P\u{202E}q via adapter to R\u{2067}" .->"#), "\(mermaid)")
    for text in [dot, mermaid] {
      #expect(!text.unicodeScalars.contains("\u{202E}") && !text.unicodeScalars.contains("\u{2067}"))
    }
  }

  @Test func anUndeclaredVariantHasNoGraph() throws {
    let result = try RouteCfg.validate(yaml: Self.manifest, path: "shop.yaml")
    let app = try #require(result.graph)
    #expect(ModuleGraph(app, variant: "android") == nil)
  }
}
