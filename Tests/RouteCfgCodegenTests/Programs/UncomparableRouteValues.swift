// Drives the code generated for Fixtures/UncomparableRouteValues.yaml: routes carrying values
// Swift cannot compare by themselves are equal, and hash alike, when the values that take part
// are: objects and types by identity, `Void` by whether there is one; closures, `Any`, `Error`,
// `Sendable`, and optionals of optionals and collections of such values do not take part.
// Prints "ok", else each failure.

final class Thing {}
final class Ear: Listener { func heard() {} }
final class OtherEar: Listener { func heard() {} }
final class Disk: Store { func save() {} }
struct Failure: Error {}

var failures: [String] = []

@MainActor
func expect(_ lhs: ValuesRoute, _ rhs: ValuesRoute, equal: Bool, _ what: String, line: Int = #line) {
  if (lhs == rhs) != equal { failures.append("line \(line): \(what): \(equal ? "not equal" : "equal")") }
  if equal, lhs.hashValue != rhs.hashValue { failures.append("line \(line): \(what): hashed differently") }
}

let thing = Thing()
let other = Thing()
let ear = Ear()
let disk = Disk()

expect(.page(id: 1), .page(id: 1), equal: true, "no optional values")
expect(.page(id: 1), .page(id: 2), equal: false, "different ids")

// Objects, by identity.
expect(.page(id: 1, object: thing), .page(id: 1, object: thing), equal: true, "the same object")
expect(.page(id: 1, object: thing), .page(id: 1, object: other), equal: false, "different objects")
expect(.page(id: 1, object: thing), .page(id: 1), equal: false, "an object and nil")
expect(
  .page(id: 1, qualifiedObject: thing), .page(id: 1, qualifiedObject: thing), equal: true, "Swift.AnyObject")
expect(
  .page(id: 1, qualifiedObject: thing), .page(id: 1, qualifiedObject: other), equal: false, "Swift.AnyObject")
expect(.page(id: 1, listener: ear), .page(id: 1, listener: ear), equal: true, "the same listener")
expect(.page(id: 1, listener: ear), .page(id: 1, listener: OtherEar()), equal: false, "different listeners")
expect(.page(id: 1, store: disk), .page(id: 1, store: disk), equal: true, "the same store")
expect(.page(id: 1, store: disk), .page(id: 1, store: Disk()), equal: false, "different stores")

// Types, by identity.
expect(.page(id: 1, anyClass: Thing.self), .page(id: 1, anyClass: Thing.self), equal: true, "the same class")
expect(
  .page(id: 1, anyClass: Thing.self), .page(id: 1, anyClass: Disk.self), equal: false, "different classes")
expect(.page(id: 1, anyClass: Thing.self), .page(id: 1), equal: false, "a class and nil")
expect(.page(id: 1, intType: Int.self), .page(id: 1, intType: Int.self), equal: true, "Int.self")
expect(.page(id: 1, intType: Int.self), .page(id: 1), equal: false, "Int.self and nil")
expect(.page(id: 1, listenerType: Ear.self), .page(id: 1, listenerType: Ear.self), equal: true, "Ear.self")
expect(
  .page(id: 1, listenerType: Ear.self), .page(id: 1, listenerType: OtherEar.self), equal: false, "two types")
expect(
  .page(id: 1, storeProtocol: Store.self), .page(id: 1, storeProtocol: Store.self), equal: true, "Store.self")
expect(.page(id: 1, storeProtocol: Store.self), .page(id: 1), equal: false, "Store.self and nil")

// Void: one value.
expect(.page(id: 1, void: ()), .page(id: 1, void: ()), equal: true, "() and ()")
expect(.page(id: 1, void: ()), .page(id: 1), equal: false, "() and nil")
expect(.page(id: 1, unit: ()), .page(id: 1, unit: ()), equal: true, "() written ()")
expect(.page(id: 1, unit: ()), .page(id: 1), equal: false, "() written () and nil")
expect(.signal(done: ()), .signal(done: ()), equal: true, "a signal")
expect(.signal(done: ()), .signal(), equal: false, "a signal and none")

// Left out.
expect(.page(id: 1, any: 1), .page(id: 1, any: "2"), equal: true, "Any")
expect(.page(id: 1, error: Failure()), .page(id: 1), equal: true, "Error")
expect(.page(id: 1, sendable: 1), .page(id: 1, sendable: 2), equal: true, "Sendable")
expect(.page(id: 1, twiceObject: thing), .page(id: 1, twiceObject: other), equal: true, "AnyObject??")
expect(.page(id: 1, twiceType: Int.self), .page(id: 1, twiceType: .some(nil)), equal: true, "Int.Type??")
expect(.page(id: 1, twiceVoid: ()), .page(id: 1), equal: true, "Void??")
expect(.page(id: 1, objects: [thing]), .page(id: 1, objects: [other]), equal: true, "[AnyObject]")
expect(.page(id: 1, optionalObjects: [nil]), .page(id: 1), equal: true, "[AnyObject?]")
expect(.page(id: 1, types: [Int.self]), .page(id: 1, types: []), equal: true, "[Int.Type]")
expect(.page(id: 1, voids: [()]), .page(id: 1), equal: true, "[Void]")
expect(.page(id: 1, objectsByName: ["a": thing]), .page(id: 1), equal: true, "[String: AnyObject]")
expect(.page(id: 1, typesByName: ["a": Thing.self]), .page(id: 1), equal: true, "[String: AnyClass]")
expect(.page(id: 1, anyByName: ["a": 1]), .page(id: 1, anyByName: [:]), equal: true, "[String: Any]")

// Cases.
expect(.page(id: 1), .signal(), equal: false, "two modules")
expect(.signal(), .plain, equal: false, "two modules")
expect(.plain, .plain, equal: true, "a module without parameters")

// Equal routes are one member of a set.
let routes: Set<ValuesRoute> = [
  .page(id: 1, object: thing), .page(id: 1, object: thing, any: 3), .page(id: 1, object: other),
  .page(id: 1, intType: Int.self), .page(id: 1, intType: Int.self, types: [Int.self]),
  .signal(done: ()), .signal(), .plain,
]
if routes.count != 6 { failures.append("a set of routes holds \(routes.count), not 6") }
if ValuesRoute.resolve("/pages/4") != .route(.page(id: 4)) { failures.append("/pages/4 does not resolve") }
if ValuesRoute.page(id: 4, object: thing, void: ()).path != "/pages/4" {
  failures.append("the path of a page")
}

print(failures.isEmpty ? "ok" : failures.joined(separator: "\n"))
