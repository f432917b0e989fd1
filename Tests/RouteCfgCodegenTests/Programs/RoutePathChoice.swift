// Drives the code generated for Fixtures/RoutePathChoice.yaml: every route's `path` resolves back
// to the same route, also where the first route that can carry the values writes a path another
// route takes (`/x/view` is `/x/:id`'s; `/num/1` reads as `n`; `/flag/true` as `on`), and where
// a catch-all's value has pieces that are no segment alone (`/f/:name` would take `a%2Fb%2F`).
// Prints "ok", else each failure.

let routes: [ChoiceRoute] = [
  .search(), .search(query: ""), .search(query: "a b"), .search(query: "/"), .search(query: "."),
  .item(id: "x"), .item(id: "y"), .item(id: "view"), .item(id: "x/y"),
  .doc(), .doc(path: ""), .doc(path: "a/b"), .doc(path: "/"), .doc(path: "a//b"), .doc(path: "."),
  .num(), .num(n: 1), .num(s: "a"), .num(s: "1"), .num(s: "-7"), .num(n: 1, s: "b"), .num(s: ""),
  .flag(), .flag(on: true), .flag(word: "true"), .flag(word: "false", candidate0: "c", firstFit: 3),
  .flag(on: false, word: "w"),
  .many(n: 3), .many(n: -1, candidate1: "c"),
  .name(name: "a/b/"), .rest(rest: "a/b"), .rest(rest: "a/b/"), .rest(rest: "a//b"), .rest(rest: "/a/b"),
  .rest(rest: "x/../y"), .rest(rest: "a/./b"), .rest(rest: "a///"), .rest(rest: "./a/b/.."),
  // More pieces than a URL has segments: those past the last share it.
  .rest(rest: Array(repeating: "a", count: 300).joined(separator: "/")),
]
var failures: [String] = []
for route in routes where ChoiceRoute.resolve(route.path) != .route(route) {
  failures.append("\(route) -> \(route.path) -> \(String(describing: ChoiceRoute.resolve(route.path)))")
}
print(failures.isEmpty ? "ok" : failures.joined(separator: "\n"))
