import Testing

@testable import RouteCfgCore

/// A parameter keeps its label and name in one string: each must come back as it was given, and
/// as it is changed.
@Suite("Method parameters")
struct MethodParameterTests {
  @Test func labelsAndNamesComeBackAsGiven() {
    let cases: [(String?, String)] = [
      ("x", "x"), (nil, "x"), ("to", "point"), ("with", "aVeryLongParameterNameIndeed"),
      ("aVeryLongArgumentLabelIndeed", "y"), ("é", "e\u{301}"), ("\u{212A}", "K"), ("", "z"),
    ]
    for (label, name) in cases {
      let parameter = MethodParameter(label: label, name: name, type: .named("Int"))
      #expect(
        parameter.label.map { Array($0.utf8) } == label.map { Array($0.utf8) }, "\(String(describing: label))"
      )
      #expect(Array(parameter.name.utf8) == Array(name.utf8), "\(name)")
      #expect(parameter.type == .named("Int"))
    }
  }

  @Test func changingOneKeepsTheOther() {
    var parameter = MethodParameter(label: "x", name: "x", type: .named("Int"))
    parameter.label = "to"
    #expect(parameter.label == "to" && parameter.name == "x")
    parameter.name = "point"
    #expect(parameter.label == "to" && parameter.name == "point")
    parameter.label = nil
    #expect(parameter.label == nil && parameter.name == "point")
    parameter.label = "point"
    #expect(parameter.label == "point" && parameter.name == "point")
    parameter.name = "other"
    #expect(parameter.label == "point" && parameter.name == "other")
  }

  @Test func equalityAndHashingGoByLabelNameAndType() {
    let written = MethodParameter(label: "x", name: "x", type: .named("Int"))
    let apart = MethodParameter(label: String("xx".dropFirst()), name: "x", type: .named("Int"))
    #expect(written == apart && written.hashValue == apart.hashValue)
    #expect(written != MethodParameter(label: nil, name: "x", type: .named("Int")))
    #expect(written != MethodParameter(label: "x", name: "x", type: .named("String")))
    #expect(
      MethodParameter(label: "to", name: "x", type: .void)
        != MethodParameter(label: "t", name: "ox", type: .void))
  }

  @Test func aParameterShowsItsFields() {
    let parameter = MethodParameter(label: "to", name: "point", type: .named("CGPoint"))
    let children = Mirror(reflecting: parameter).children.map { $0.label ?? "" }
    #expect(children == ["label", "name", "type"])
  }
}
