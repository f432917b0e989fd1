import ArgumentParser
import RouteCfgCore

/// `routecfg routes FILE [--format text|json] [--variant NAME]`.
struct RoutesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "routes",
    abstract: "List every route with its module and typed parameters, in precedence order.",
    discussion: """
      Validates FILE first; a manifest with errors prints its diagnostics on standard error and \
      exits 1, and a valid one's warnings are printed there too. Routes are listed in the order \
      the router prefers them: segment by segment, a literal before an Int, Double, Bool or String \
      parameter, a catch-all last, a pattern that ends before one that goes on. For any URL, \
      resolve answers with the first route in this list that matches it. Parameters are listed with their declared types and where a URL \
      gives them: a path segment, the catch-all, or the query (optional parameters the path does \
      not bind).

      Exit status: 0 when the list is printed, 1 when the manifest has errors, 64 for \
      command-line misuse.
      """
  )

  @Argument(help: "The root manifest.", transform: PathArgument.nonEmpty)
  var file: String

  @Option(help: "Output format: text or json.")
  var format: RoutesFormat = .text

  @Option(help: "Validate with this variant's bindings (routes do not depend on variants).")
  var variant: String?

  @OptionGroup var colorOptions: ColorOptions

  func run() throws {
    let (result, graph) = try ValidManifest.load(file, variant: variant, colorOptions: colorOptions)
    let table = RouteTable(graph: graph)
    let routes = table.precedenceOrder.map { RouteListing(graph.routes[$0], graph: graph) }
    switch format {
    case .text: Output.standard(RouteListing.table(routes, fallback: graph.fallback))
    case .json: Output.standard(RouteListing.json(routes, graph: graph).rendered(pretty: true) + "\n")
    }
    withExtendedLifetime(result) { Output.exit(0) }
  }
}

/// Output formats of `routes`.
enum RoutesFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}

/// One route as `routes` lists it.
struct RouteListing {
  /// Where a URL gives a parameter.
  enum Source: String {
    case path
    case catchAll
    case query
  }

  struct Parameter {
    let name: String
    let type: String
    let source: Source
  }

  let pattern: String
  let module: String
  let parameters: [Parameter]

  /// The route's parameters: those of its pattern in order, then the module's optional
  /// parameters the pattern leaves to the query, in declaration order.
  init(_ route: RouteInfo, graph: AppGraph) {
    let declared = graph.modules[route.module]?.parameters ?? []
    var parameters: [Parameter] = []
    for segment in route.pattern.segments {
      switch segment {
      case .literal: continue
      case .parameter(let name):
        let type = declared.first { $0.name == name }?.type.description ?? "String"
        parameters.append(Parameter(name: name, type: type, source: .path))
      case .catchAll(let name):
        let type = declared.first { $0.name == name }?.type.description ?? "String"
        parameters.append(Parameter(name: name, type: type, source: .catchAll))
      }
    }
    let bound = Set(route.pattern.parameterNames)
    for parameter in declared where parameter.isOptional && !bound.contains(parameter.name) {
      parameters.append(Parameter(name: parameter.name, type: parameter.type.description, source: .query))
    }
    self.pattern = route.pattern.text
    self.module = route.module
    self.parameters = parameters
  }

  /// `noteId: Int, query: String? (query)`.
  var parameterText: String {
    parameters.map { parameter in
      let source = parameter.source == .path ? "" : parameter.source == .query ? " (query)" : " (catch-all)"
      return "\(parameter.name): \(parameter.type)\(source)"
    }.joined(separator: ", ")
  }

  /// A table with a header, one row per route and the fallback last.
  static func table(_ routes: [RouteListing], fallback: String?) -> String {
    var rows = [["ROUTE", "MODULE", "PARAMETERS"]]
    for route in routes {
      rows.append([route.pattern, route.module, route.parameterText].map(TextFormatter.printable))
    }
    if let fallback { rows.append(["(fallback)", TextFormatter.printable(fallback), ""]) }
    // Padded to terminal cells, not characters: `/한글` takes five cells.
    let cells = rows.map { row in (0..<2).map { TextFormatter.terminalWidth(of: row[$0]) } }
    let widths = (0..<2).map { column in cells.map { $0[column] }.max() ?? 0 }
    return zip(rows, cells).map { row, rowCells in
      let padded = (0..<2).map { row[$0] + String(repeating: " ", count: widths[$0] - rowCells[$0]) }
      let line = (padded + [row[2]]).joined(separator: "  ")
      return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
    }.joined()
  }

  /// `{"routes": [{"route", "module", "parameters": [{"name", "type", "from"}]}], "fallback"}`.
  static func json(_ routes: [RouteListing], graph: AppGraph) -> JSONValue {
    .object([
      (
        "routes",
        .array(
          routes.map { route in
            .object([
              ("route", .string(route.pattern)),
              ("module", .string(route.module)),
              (
                "parameters",
                .array(
                  route.parameters.map { parameter in
                    .object([
                      ("name", .string(parameter.name)), ("type", .string(parameter.type)),
                      ("from", .string(parameter.source.rawValue)),
                    ])
                  })
              ),
            ])
          })
      ),
      ("fallback", graph.fallback.map(JSONValue.string) ?? .null),
      ("scheme", graph.scheme.map(JSONValue.string) ?? .null),
    ])
  }
}
