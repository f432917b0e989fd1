import Foundation

// routecfg-bench: every row of the performance table, each against its reference in the same
// run, in interleaved rounds, reported as medians with min–max. From the repository root:
//
//   swift build -c release
//   swift run -c release --package-path Benchmarks routecfg-bench [--write-docs Docs/Performance.md]
//
// See Docs/Performance.md for what each row measures.

let options = Options(CommandLine.arguments)

do {
  let tools = try Tools(options)
  var rows: [ResultRow] = []
  func section(_ name: String, _ title: String, _ make: () throws -> [ResultRow]) rethrows {
    guard options.runs(name) else { return }
    print("== \(title)")
    let made = try make()
    for row in made { print(row.line) }
    rows += made
  }
  let sizes = options.quick ? [200] : options.modules
  for modules in sizes {
    try section("validate", "validate, \(modules) modules") {
      try validateRows(modules: modules, options: options, tools: tools)
    }
  }
  try section("shapes", "manifest shapes, n against 4n") { try shapeRows(options: options) }
  try section("router", "URL lookup") {
    try routerRows(routeCounts: options.quick ? [100] : [1_000, 10_000], urlCount: 4_096, options: options)
  }
  try section("registry", "registry") {
    try registryRows(modules: options.quick ? 200 : 5_000, options: options)
  }
  try section("facade", "dynamic facade") { try facadeRows(options: options) }
  try section("generated", "generated code") { try generatedRows(options: options) }
  if let path = options.writeDocs {
    try ResultsTable(rows: rows, options: options).write(into: path)
    print("wrote the results table into \(path)")
  }
} catch {
  FileHandle.standardError.write(Data("routecfg-bench: \(error)\n".utf8))
  exit(1)
}
