import Foundation
import Testing

@testable import RouteCfgCore

/// Did-you-mean suggestions: within a typo's distance, and none for an empty name.
@Suite("Name suggestions")
struct NameSuggestionTests {
  @Test func suggestsWithinATyposDistanceOnly() {
    #expect(closestName(to: "NoteInpt", among: ["NoteInput", "Login"]) == "NoteInput")
    #expect(closestName(to: "Zebra", among: ["NoteInput", "Login"]) == nil)
  }

  @Test func anEmptyNameGetsNoSuggestion() {
    #expect(closestName(to: "", among: ["A", "B"]) == nil)
    #expect(closestName(to: "", among: (0..<600).map { "N\($0)" } + ["A"]) == nil)
  }
}

/// Suggestions that would make another error are not made.
@Suite("Suggestions that would make another error")
struct SuggestionsThatWouldMakeAnotherErrorTests {
  private static func messages(_ yaml: String) throws -> [String] {
    try RouteCfg.validate(yaml: yaml, path: "m.yaml").diagnostics.map(\.message)
  }

  /// A route parameter named like a Swift keyword cannot be declared (RC0205): the advice is to
  /// rename the segment, not to declare it.
  @Test func aKeywordRouteParameterIsRenamedNotDeclared() throws {
    let messages = try Self.messages("routecfg: 1\nmodules: {M: {kind: view, routes: ['/p/:self']}}\n")
    #expect(
      messages == [
        "route '/p/:self' names parameter 'self', which module 'M' does not declare; 'self' is a Swift keyword "
          + "and cannot be used as a name: rename the segment after a parameter the module declares"
      ])
  }

  /// A route's misspelt parameter is not suggested as one the route binds already (RC0803).
  @Test func aRouteParameterBoundAlreadyIsNotSuggested() throws {
    let messages = try Self.messages(
      """
      routecfg: 1
      modules:
        Profile: {kind: view, parameters: {userId: Int, tab: String?}, routes: ["/users/:userId/:userI"]}
      """)
    #expect(messages.count == 1 && !messages[0].contains("did you mean"), "\(messages)")
  }

  /// A misspelt binding key is not suggested as a protocol its block binds already: the fix
  /// would write that key twice (RC0109). Another block (a variant's) may override it.
  @Test func aBindingKeyTakenInItsBlockIsNotSuggested() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols: {P: "", Q: ""}
        modules:
          A: {kind: view, provides: [P, Q], routes: [/a]}
          B: {kind: view, provides: [P, Q], routes: [/b]}
        bindings: {P: A, Pp: B, Qq: B}
        variants:
          ios:
            bindings: {Pp: B}
        """, path: "m.yaml")
    let found = result.diagnostics.map { ($0.location.line, $0.message, $0.fixIts.count) }
    #expect(found.count == 3, "\(found)")
    let taken = found.filter { $0.0 == 6 && $0.1.contains("'Pp'") }
    #expect(taken.count == 1 && !taken[0].1.contains("did you mean") && taken[0].2 == 0, "\(found)")
    #expect(found.contains { $0.0 == 6 && $0.1.contains("did you mean 'Q'?") && $0.2 == 1 }, "\(found)")
    #expect(found.contains { $0.0 == 9 && $0.1.contains("did you mean 'P'?") && $0.2 == 1 }, "\(found)")
  }

  /// Two misspellings in one list or bindings block are not both read as one name: the second
  /// gets no did-you-mean, whose fix would write the name twice (RC0506, RC0109).
  @Test func twoMisspellingsOfOneNameAreNotBothSuggestedIt() throws {
    let messages = try Self.messages(
      """
      routecfg: 1
      protocols: {Alert: ""}
      modules:
        A: {kind: view, provides: [Alrt, Alet], routes: [/a]}
      bindings: {Alrt: A, Alet: A}
      """)
    #expect(messages.filter { $0.contains("did you mean 'Alert'?") }.count == 2, "\(messages)")
    #expect(messages.filter { $0.contains("'Alet', which is not a declared protocol; declare") }.count == 2)
  }

  /// A settable member mapped to a read-only one is not advised to make the target settable when
  /// its values could not be stored there anyway (RC0605 would become RC0604).
  @Test func aReadOnlyTargetOfAnotherTypeIsNotAdvisedSettable() throws {
    let messages = try Self.messages(
      """
      routecfg: 1
      protocols:
        Banner: "var headline: String { get }"
        Catalog: "var promo: Banner { get }"
        Feed: |
          var bannerTitle: String? { get set }
          var other: String { get set }
      modules:
        C: {kind: service, provides: [Catalog, Banner]}
        H: {kind: view, requires: [Feed], routes: [/]}
      adapters:
        - {adapt: Feed, to: Catalog, map: {bannerTitle: promo.headline, other: promo.headline}}
      """)
    #expect(
      messages == [
        "'Feed.bannerTitle' is settable but 'Catalog.promo.headline' is read-only, and a 'String?' could not be "
          + "stored in its type 'String' anyway; make 'Feed.bannerTitle' read-only with '{ get }'",
        "'Feed.other' is settable but 'Catalog.promo.headline' is read-only; declare 'Catalog.promo.headline' "
          + "'var ... { get set }' or make 'Feed.other' read-only with '{ get }'",
      ])
  }

  /// A `map` entry written the other way round is one error that says so, not two unknown members
  /// and an unmapped one.
  @Test func aSwappedMapEntryIsOneErrorThatSaysSo() throws {
    let messages = try Self.messages(
      """
      routecfg: 1
      protocols:
        Prompt: "var message: String? { get set }"
        LoginInput: "var headline: String? { get set }"
      modules:
        L: {kind: view, provides: [LoginInput], routes: [/l]}
        P: {kind: view, requires: [Prompt], routes: [/p]}
      adapters:
        - {adapt: Prompt, to: LoginInput, map: {headline: message}}
      """)
    #expect(
      messages == [
        "'headline: message' is written the other way round: 'headline' is a member of 'LoginInput' and "
          + "'message' one of 'Prompt'; write 'message: headline', the member of 'Prompt' first"
      ])
  }

  /// Types that do not agree because of a misspelt protocol name say so, as the near-miss
  /// warning does, in the error and in an unmapped member's note.
  @Test func typesThatDisagreeByATypoNameIt() throws {
    let yaml = """
      routecfg: 1
      protocols:
        UserAccount: "var name: String { get }"
        CartDelegate: "func didFinishLogin(user: UserAcount)"
        LoginDelegate: "func didFinishLogin(user: UserAccount)"
        LoginInput: "var delegate: LoginDelegate? { get set }"
        NeedLogin: "var delegate: CartDelegate? { get set }"
      modules:
        L: {kind: view, provides: [LoginInput, UserAccount], routes: [/l]}
        C: {kind: view, requires: [NeedLogin], routes: [/c]}
      adapters:
        - {adapt: NeedLogin, to: LoginInput}
        - {adapt: CartDelegate, to: LoginDelegate}
      """
    let hint = "('UserAcount' is not a declared protocol; did you mean 'UserAccount'?)"
    let unmapped = try RouteCfg.validate(yaml: yaml, path: "m.yaml").diagnostics.filter {
      $0.code == .unmappedMembers
    }
    #expect(!unmapped.isEmpty && unmapped.allSatisfy { $0.notes.contains { $0.message.hasSuffix(hint) } })
    let mapped = try Self.messages(
      yaml.replacingOccurrences(
        of: "{adapt: CartDelegate, to: LoginDelegate}",
        with: "{adapt: CartDelegate, to: LoginDelegate, map: {didFinishLogin: didFinishLogin}}"))
    let errors = mapped.filter { $0.contains("make the argument types agree") }
    #expect(errors.count == 2 && errors.allSatisfy { $0.hasSuffix(hint) }, "\(mapped)")
    // Both sides writing the same misspelt name is not why they differ: no hint then.
    let same = try RouteCfg.validate(
      yaml: yaml.replacingOccurrences(
        of: "func didFinishLogin(user: UserAccount)", with: "func didFinishLogin(user: UserAcount, n: Int)"
      )
      .replacingOccurrences(
        of: "func didFinishLogin(user: UserAcount)\"",
        with: "func didFinishLogin(user: UserAcount, n: String)\""),
      path: "m.yaml"
    ).diagnostics
    let texts = same.flatMap { [$0.message] + $0.notes.map(\.message) }
    #expect(same.contains { $0.code == .unmappedMembers }, "\(texts)")
    #expect(!texts.contains { $0.contains("did you mean 'UserAccount'?)") }, "\(texts)")
  }

  /// A binding to a module that does not exist, or cannot answer, names the modules that can.
  @Test func aWrongBindingNamesTheModulesThatCanAnswer() throws {
    let messages = try Self.messages(
      """
      routecfg: 1
      protocols:
        PaymentProvider: "func pay()"
      modules:
        ApplePayPayment: {kind: service, provides: [PaymentProvider]}
        StripeWebPayment: {kind: service, provides: [PaymentProvider]}
        Checkout: {kind: view, requires: [PaymentProvider], routes: [/c]}
      bindings: {PaymentProvider: ApplePay}
      variants:
        web: {bindings: {PaymentProvider: Checkout}}
      """)
    #expect(
      messages == [
        "this binding names 'ApplePay', which is not a declared module; the modules that can answer "
          + "'PaymentProvider' are 'ApplePayPayment', 'StripeWebPayment'",
        "in variant 'web': binding 'PaymentProvider' to module 'Checkout', which does not provide it (directly or "
          + "through an adapter); it provides nothing; bind one of the modules that can answer it: "
          + "'ApplePayPayment', 'StripeWebPayment'",
      ])
  }

  /// An ambiguous requirement in a manifest that has bindings already is advised the entry to
  /// add, not a second `bindings` key (a duplicate key once pasted).
  @Test func anAmbiguityIsAdvisedTheBindingEntryToAdd() throws {
    let yaml = """
      routecfg: 1
      protocols:
        A: "func a()"
        B: "func b()"
      modules:
        X: {kind: service, provides: [A, B]}
        Y: {kind: service, provides: [A, B]}
        V: {kind: view, requires: [A, B], routes: [/]}
      """
    let without = try Self.messages(yaml)
    #expect(without.first?.hasSuffix("choose one with 'bindings: { A: X }'") == true, "\(without)")
    let with = try Self.messages(yaml + "\nbindings: {B: X}\n")
    #expect(
      with == [
        "module 'V' requires 'A', which 2 modules provide (X, Y); choose one with 'A: X' under 'bindings'"
      ])
  }

  /// An adapter's misspelt side is not suggested as its other side (an adapter to itself, RC0612).
  @Test func anAdaptersOtherSideIsNotSuggested() throws {
    let messages = try Self.messages(
      """
      routecfg: 1
      protocols: {NoteInput: "var a: Int { get }"}
      modules: {A: {kind: view, provides: [NoteInput], routes: [/a]}}
      adapters: [{adapt: NoteInptu, to: NoteInput}]
      """)
    #expect(
      messages.contains { $0.hasPrefix("this adapter adapts 'NoteInptu'") && !$0.contains("did you mean") })
  }
}

/// A name YAML reads as no value (`Null`) says to quote it.
@Suite("Names YAML reads as null")
struct NullNameTests {
  @Test func aListItemSpelledNullSaysToQuoteIt() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols: {"Null": "var a: Int { get }"}
        modules: {A: {kind: view, provides: [Null, "Null"], routes: [/a]}}
        """, path: "m.yaml")
    #expect(
      result.diagnostics.map(\.message) == [
        "an item of 'provides' is 'Null', which YAML reads as no value; write it in quotes (\"Null\") to name "
          + "something of that name, or remove it"
      ])
  }

  /// `~` names nothing a manifest declares: the item says what it is, not that it is empty.
  @Test func aTildeItemIsCalledWhatItIs() throws {
    let result = try RouteCfg.validate(
      yaml: "routecfg: 1\nmodules: {A: {kind: view, requires: [~, ], routes: [/a]}}\n", path: "m.yaml")
    #expect(
      result.diagnostics.map(\.message) == [
        "an item of 'requires' is '~', which YAML reads as no value; remove it or write a value"
      ])
  }
}

/// RC0202's advice writes the scalar as a flow list item YAML reads back as it.
@Suite("The list a scalar should be")
struct FlowItemAdviceTests {
  @Test(arguments: [
    ("P", "P"), ("P\n", "P"), (" /notes ", "/notes"), ("/notes/{id}", "\"/notes/{id}\""),
    ("a, b", "\"a, b\""), ("x #1", "\"x #1\""), ("say \"hi\"", "\"say \\\"hi\\\"\""), ("", "\"\""),
  ])
  func flowItem(value: String, item: String) {
    #expect(NodeReader.flowItem(value) == item)
  }

  /// Commas separate the items of a list written without its brackets: `provides: A, B` is
  /// `[A, B]`, as the fix-it writes it, not the one item `["A, B"]`.
  @Test(arguments: [
    ("A, B", "A, B"), ("/a/{b}, /c", "\"/a/{b}\", /c"), ("P", "P"), ("a,", "\"a,\""), (", ", "\",\""),
  ])
  func flowItems(value: String, items: String) {
    #expect(NodeReader.flowItems(value) == items)
  }
}

/// RC0805 names every unbound parameter in its advice, and does not tell to add to the route one
/// whose type a URL segment cannot carry.
@Suite("Unbound parameters' advice")
struct UnboundParameterAdviceTests {
  private static func advice(_ parameters: String) throws -> String? {
    let yaml = "routecfg: 1\nmodules:\n  M: {kind: view, parameters: {\(parameters)}, routes: [/m]}\n"
    let message = try RouteCfg.validate(yaml: yaml, path: "m.yaml").diagnostics
      .first { $0.code == .unboundParameter }?.message
    return message?.components(separatedBy: "not optional; ").last
  }

  @Test func everyParameterIsNamedAndOnlyCarriableOnesGoToTheRoute() throws {
    #expect(try Self.advice("id: Int") == "add ':id' to the route or make it optional")
    #expect(
      try Self.advice("id: Int, user: String") == "add ':id', ':user' to the route or make them optional")
    #expect(try Self.advice("tags: \"[String]\"") == "make it optional (a URL segment cannot carry its type)")
    #expect(
      try Self.advice("id: Int, tags: \"[String]\"")
        == "add ':id' to the route and make the others optional (a URL segment cannot carry their types)")
  }
}

/// Advice that names what the user wrote: the YAML style that joined a body's lines, a YAML
/// comment inside Swift.
@Suite("Advice for a body's line breaks")
struct BodyLineBreakAdviceTests {
  @Test func aFoldedOrQuotedBodyIsAdvisedALiteralBlockAndAHashIsAdvisedSlashes() throws {
    let path = "Tests/RouteCfgCoreTests/Fixtures/Rules/members-joined-lines.yaml"
    let messages = try RouteCfg.validate(path: path).diagnostics.map(\.message)
    #expect(messages.count == 3, "\(messages)")
    let literalBlock = "write the body as a literal block ('Name: |' and one member per line)"
    #expect(messages[0].contains(literalBlock) && messages[2].contains(literalBlock), "\(messages)")
    #expect(messages[1].hasSuffix("where '#' starts no comment: write '//' before a comment"), "\(messages)")
    // Written on one line, the body is told to put members on lines of their own.
    let oneLine = try RouteCfg.validate(
      yaml: "routecfg: 1\nprotocols:\n  S: \"var f: Int var g: Int\"\n", path: "m.yaml")
    let syntax = oneLine.diagnostics.filter { $0.code == .memberSyntax }.map(\.message)
    #expect(syntax.count == 1 && syntax[0].hasSuffix("; write each member on its own line"), "\(syntax)")
    // A folded body of one line joined nothing.
    let folded = try RouteCfg.validate(
      yaml: "routecfg: 1\nprotocols:\n  P: >\n    var f: Int var g: Int\n  Q: ''\n", path: "m.yaml")
    let foldedSyntax = folded.diagnostics.filter { $0.code == .memberSyntax }.map(\.message)
    #expect(foldedSyntax.count == 1 && foldedSyntax[0].hasSuffix("; write each member on its own line"))
  }

  @Test func membersOutsideABodyAreToldWhereTheyBelong() throws {
    let outside = try RouteCfg.validate(
      path: "Tests/RouteCfgCoreTests/Fixtures/Rules/members-outside-body.yaml")
    #expect(outside.diagnostics.map(\.code) == [.invalidIdentifier, .invalidIdentifier])
    #expect(
      outside.diagnostics.allSatisfy { $0.message.hasSuffix("further than 'P:', under 'P: |'") }
    )
    // Under a protocol written as a mapping, the body is its 'members: |'.
    let long = try RouteCfg.validate(
      yaml: "routecfg: 1\nprotocols:\n  R:\n    members: |\n  var x: Int\n", path: "m.yaml")
    #expect(
      long.diagnostics.contains { $0.message.hasSuffix("further than the 'members:' of 'R', in its block") })
    let plain = try RouteCfg.validate(
      path: "Tests/RouteCfgCoreTests/Fixtures/Rules/yaml-member-in-plain-value.yaml")
    #expect(plain.diagnostics.first?.message.contains("write the body as a literal block ('Name: |'") == true)
  }

  @Test func membersWrittenAsAMappingAreToldToWriteABlock() throws {
    // The second member's line reads as a key without ':'; the advice is the literal block, in
    // either order of the members.
    for body in ["    var a: Int\n    func f() -> Int\n", "    func f(a: Int)\n    func g()\n"] {
      let result = try RouteCfg.validate(yaml: "routecfg: 1\nprotocols:\n  D:\n" + body, path: "m.yaml")
      #expect(
        result.diagnostics.first?.message.contains("write the body as a literal block ('Name: |'") == true,
        "\(result.diagnostics.map(\.message))")
    }
    // A key that is no member keeps the advice about ': '.
    let key = try RouteCfg.validate(yaml: "routecfg: 1\napp: A\nscheme\nfallback: B\n", path: "m.yaml")
    #expect(key.diagnostics.first?.message.hasSuffix("a mapping key needs ': ' before its value") == true)
  }

  @Test func aHashStartingABodyLineIsAdvisedSlashes() throws {
    let result = try RouteCfg.validate(
      yaml: "routecfg: 1\nprotocols:\n  P: |\n    # note\n    var a: Int\n", path: "m.yaml")
    let syntax = result.diagnostics.filter { $0.code == .memberSyntax }.map(\.message)
    #expect(syntax.count == 1 && syntax[0].hasSuffix("write '//' before a comment"), "\(syntax)")
  }

  @Test func aStrayClosingBracketIsToldToGo() throws {
    for (yaml, bracket) in [("A: {kind: view}}", "'}' closes no '{'"), ("A: [a]]", "']' closes no '['")] {
      let result = try RouteCfg.validate(yaml: "routecfg: 1\nmodules:\n  \(yaml)\n", path: "m.yaml")
      #expect(
        result.diagnostics.first?.message.hasSuffix("this \(bracket): remove it") == true,
        "\(result.diagnostics.map(\.message))")
    }
  }

  @Test func aKeyTooLongForYAMLIsToldSo() throws {
    let key = String(repeating: "A", count: 2_000)
    let long = try RouteCfg.validate(yaml: "routecfg: 1\nprotocols:\n  \(key): ''\n", path: "m.yaml")
    #expect(long.diagnostics.first?.message.contains("a key longer than 1024 characters") == true)
    // A long value with ': ' in it is a value that holds one, not a long key.
    let value = try RouteCfg.validate(yaml: "routecfg: 1\napp: \(key): b\n", path: "m.yaml")
    #expect(value.diagnostics.first?.message.contains("a plain value cannot contain ': '") == true)
  }

  @Test func aTagIsNamedAsWritten() throws {
    let yaml = "%TAG !e! tag:example.com,2000:\n---\nroutecfg: 1\napp: !e!body x\nscheme: !x%20y z\n"
    let messages = try RouteCfg.validate(yaml: yaml, path: "m.yaml").diagnostics.map(\.message)
    #expect(messages.contains { $0.hasPrefix("YAML tags such as '!e!body' are not used") }, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("YAML tags such as '!x%20y' are not used") }, "\(messages)")
  }
}
