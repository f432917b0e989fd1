import Foundation
import RouteCfgCodegen
import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// The generated route enum answers exactly as `RouteTable` (and so `routecfg resolve`) does, on
/// thousands of random URLs over random route tables; and `path` writes a URL that resolves back
/// to its route unless a route of higher precedence takes it.
@Suite("Generated routes agree with the router")
struct RouteDifferentialTests {
  static let appCount = 16
  static let urlsPerApp = 400

  /// One random app: its manifest's graph, router and the URLs tried on it.
  struct App {
    let name: String
    let graph: AppGraph
    let table: RouteTable
    let urls: [String]
  }

  @Test func resolveAndPathAgreeWithRouteTable() throws {
    var random = RandomRoutes(random: SeededRandom(seed: 0x20_0D_E5))
    var apps: [App] = []
    var files: [GeneratedFile] = []
    for index in 0..<Self.appCount {
      let name = "R\(index)"
      let (yaml, modules) = random.manifest(app: name, count: 4 + random.random.next(upTo: 10))
      let result = try RouteCfg.validate(yaml: yaml, path: "\(name).yaml")
      let graph = try #require(
        result.graph, "random manifest \(name) has errors:\n\(yaml)\n\(TextFormatter.format(result.report))")
      files += try CodeGenerator.generate(graph, manifestPath: "\(name).yaml", options: CodegenOptions())
        .filter { $0.name.hasSuffix("Routes.swift") }
      let scheme = graph.scheme ?? ""
      var urls = (0..<Self.urlsPerApp).map { _ in
        random.url(for: modules[random.random.next(upTo: modules.count)], scheme: scheme)
      }
      // The length bounds: the decoded path's (8,192 bytes, however written) and the URL's.
      urls += [
        "/" + String(repeating: "%41", count: 8_191), "/" + String(repeating: "%41", count: 8_192),
        "/" + String(repeating: "x", count: 8_191) + "/", "/" + String(repeating: "x", count: 8_192),
        (urls.first ?? "/") + "?" + String(repeating: "q", count: 24_000),
        (urls.first ?? "/") + "#" + String(repeating: "q", count: 40_000),
      ]
      apps.append(App(name: name, graph: graph, table: RouteTable(graph: graph), urls: urls))
    }
    let scratch = try Scratch()
    let executable = scratch.path + "/resolver"
    var paths = try files.map { try scratch.write($0.name, $0.contents) }
    paths.append(try scratch.write("main.swift", driver(apps)))
    let compiled = try SwiftCompiler.compile(
      paths, module: "Resolver", isolation: .nonisolated, output: executable)
    try #require(compiled.succeeded, "\(compiled.output)")
    var input = ""
    for (index, app) in apps.enumerated() {
      for url in app.urls { input += "\(index)\t\(Self.escaped(url))\n" }
    }
    let run = try SwiftCompiler.run(executable, [], input: input)
    try #require(run.succeeded, "\(run.output)")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    var expectedLines: [(app: App, url: String)] = []
    for app in apps { for url in app.urls { expectedLines.append((app, url)) } }
    #expect(lines.count == expectedLines.count)
    var matched = 0
    var overtaken = 0
    for (line, (app, url)) in zip(lines, expectedLines) {
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      let answer = String(parts[0])
      #expect(answer == Self.expected(app.table.resolve(url), graph: app.graph), "\(app.name) \(url)")
      guard answer.hasPrefix("route "), parts.count == 2, case .matched(let match) = app.table.resolve(url)
      else {
        continue
      }
      matched += 1
      // The path resolves back, unless a route of higher precedence takes it.
      let path = String(parts[1])
      let again = app.table.resolve(path)
      if case .matched(let other) = again, other.module == match.module, other.parameters == match.parameters
      {
        continue
      }
      overtaken += 1
      let alone = RouteTable(entries: [app.table.entries[match.entryIndex]], scheme: app.table.scheme)
      guard case .matched(let own) = alone.resolve(path) else {
        Issue.record("\(app.name): \(url) → path \(path) does not match its own route \(match.pattern)")
        continue
      }
      #expect(own.parameters == match.parameters, "\(app.name): \(path) carries other values")
    }
    #expect(matched > Self.appCount * Self.urlsPerApp / 10, "too few URLs matched a route: \(matched)")
    #expect(overtaken < matched / 4)
  }

  /// The answer the driver prints for a resolution, computed from `RouteTable`'s.
  static func expected(_ resolution: RouteResolution, graph: AppGraph) -> String {
    switch resolution {
    case .notRouted: return "nil"
    case .unmatched, .fallback: return "unmatched"
    case .matched(let match):
      guard let module = graph.modules[match.module] else { return "?" }
      let name = SwiftIdentifierForTests.lowerCamelCase(module.name)
      guard !module.parameters.isEmpty else { return "route " + name }
      let values = module.parameters.map { parameter -> String in
        guard let value = match.parameters[parameter.name] else { return "\(parameter.name): nil" }
        let text: String
        switch value {
        case .int(let number):
          text = parameter.isOptional ? String(describing: Optional(number)) : String(reflecting: number)
        case .double(let number):
          text = parameter.isOptional ? String(describing: Optional(number)) : String(reflecting: number)
        case .bool(let flag):
          text = parameter.isOptional ? String(describing: Optional(flag)) : String(reflecting: flag)
        case .string(let string):
          text = parameter.isOptional ? String(describing: Optional(string)) : String(reflecting: string)
        }
        return "\(parameter.name): \(text)"
      }
      return "route \(name)(\(values.joined(separator: ", ")))"
    }
  }

  /// URLs travel one per line: `\` and line breaks escaped.
  static func escaped(_ url: String) -> String {
    url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A program that reads `app<TAB>url` lines and prints `answer<TAB>path` for each.
  private func driver(_ apps: [App]) -> String {
    var cases = ""
    for (index, app) in apps.enumerated() {
      cases += """
          case \(index):
            switch \(app.name)Route.resolve(url) {
            case nil: print("nil")
            case .unmatched?: print("unmatched")
            case .route(let route)?: print("route \\(route)\\t\\(route.path)")
            }

        """
    }
    return """
      import Foundation

      while let line = readLine(strippingNewline: true) {
        guard let tab = line.firstIndex(of: "\\t"), let app = Int(line[..<tab]) else { continue }
        let url = String(line[line.index(after: tab)...])
          .replacingOccurrences(of: "\\\\n", with: "\\n").replacingOccurrences(of: "\\\\\\\\", with: "\\\\")
        switch app {
      \(cases)  default: print("?")
        }
      }

      """
  }
}

/// `NoteList` → `noteList`, as generated code names route cases.
enum SwiftIdentifierForTests {
  static func lowerCamelCase(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.lowercased() + name.dropFirst()
  }
}
