import RouteCfgCore
import Testing

@Suite("Route values")
struct RouteValueTests {
  @Test func typesFromTypeRefs() {
    #expect(RouteValueType(.named("Int")) == .int)
    #expect(RouteValueType(.named("Double")) == .double)
    #expect(RouteValueType(.named("Bool")) == .bool)
    #expect(RouteValueType(.named("String")) == .string)
    #expect(RouteValueType(.optional(.named("Int"))) == .int)
    #expect(RouteValueType(.optional(.named("String"))) == .string)
    #expect(RouteValueType(.optional(.optional(.named("Int")))) == nil)
    #expect(RouteValueType(.array(.named("Int"))) == nil)
    #expect(RouteValueType(.named("Float")) == nil)
    #expect(RouteValueType(.named("Swift.Int")) == .int)
    #expect(RouteValueType(.optional(.named("Swift.String"))) == .string)
    #expect(RouteValueType(.named("Swift.Float")) == nil)
    #expect(RouteValueType(.named("Foundation.Int")) == nil)
    #expect(RouteValueType(.named("int")) == nil)
  }

  @Test(arguments: [
    ("0", 0), ("42", 42), ("-0", 0), ("-17", -17), ("007", 7),
    ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
  ])
  func validInts(text: String, value: Int) {
    #expect(RouteValueType.int.parse(text) == .int(value))
  }

  @Test(arguments: [
    "", "-", "+1", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.0", "1e3",
    " 1", "1 ", "0x10", "١", "--1",
  ])
  func invalidInts(text: String) {
    #expect(RouteValueType.int.parse(text) == nil)
  }

  @Test(arguments: [
    ("1e5", 1e5), ("-2.5E-3", -2.5e-3), ("4.2", 4.2), ("42", 42), ("-0.0", -0.0), ("1E+2", 100),
    ("1e-999", 0), ("0.000", 0),
  ])
  func validDoubles(text: String, value: Double) {
    #expect(RouteValueType.double.parse(text) == .double(value))
  }

  @Test(arguments: [
    "", ".5", "5.", "-", "-.5", "+1.5", "nan", "NaN", "inf", "-inf", "infinity", "0x1p3", "1e999", "-1e999",
    "1e", "1e+", "1.5e-", "1..5", "1.5.5", " 1.5", "1,5", "e5",
  ])
  func invalidDoubles(text: String) {
    #expect(RouteValueType.double.parse(text) == nil)
  }

  @Test func bools() {
    #expect(RouteValueType.bool.parse("true") == .bool(true))
    #expect(RouteValueType.bool.parse("false") == .bool(false))
    for text in ["True", "FALSE", "1", "0", "yes", "", "true "] {
      #expect(RouteValueType.bool.parse(text) == nil)
    }
  }

  @Test func strings() {
    #expect(RouteValueType.string.parse("") == .string(""))
    #expect(RouteValueType.string.parse("a b/c") == .string("a b/c"))
    let text = "xx42yy"
    #expect(RouteValueType.int.parse(text.dropFirst(2).dropLast(2)) == .int(42))
  }

  @Test func valueDescriptions() {
    #expect(RouteValue.int(42).description == "42")
    #expect(RouteValue.bool(true).description == "true")
    #expect(RouteValue.string("x").type == .string)
    #expect(RouteValue.double(1.5).type == .double)
    #expect(RouteValueType.int.description == "Int")
  }
}
