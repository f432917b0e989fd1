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
          "Cart" [shape=box, label="Cart\\nview\\n/cart\\n/cart/:id\\n/basket\\n+1 more routes"];
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
        title: Shop (variant ios)
        ---
        flowchart LR
          m0["Cart<br/>view<br/>/cart<br/>/cart/:id<br/>/basket<br/>+1 more routes"]
          m1["Checkout<br/>view<br/>/checkout"]
          m2("Stripe<br/>service")
          m3("Apple<br/>service")
          m4["Lost<br/>view, fallback"]
          m1 -. "BasketInput via adapter to CartInput" .-> m0
          m1 -- "Payments" --> m3

        """)
  }

  @Test func anUndeclaredVariantHasNoGraph() throws {
    let result = try RouteCfg.validate(yaml: Self.manifest, path: "shop.yaml")
    let app = try #require(result.graph)
    #expect(ModuleGraph(app, variant: "android") == nil)
  }
}
