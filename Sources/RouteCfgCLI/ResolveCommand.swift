import ArgumentParser
import RouteCfgCore

/// `routecfg resolve FILE URL [--format text|json] [--variant NAME]`.
struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Show the module, route and typed parameters a URL reaches.",
    discussion: """
      Validates FILE first; a manifest with errors prints its diagnostics on standard error and \
      exits 1, and a valid one's warnings are printed there too. URL is a path (/notes/42, with \
      an optional ?query) or, when the manifest sets a scheme, a URL of that scheme \
      (noteapp://notes/42). A URL that matches no route goes to the manifest's fallback when it \
      has one.

      Exit status: 0 when the URL reaches a module (a route or the fallback), 1 when the manifest \
      has errors or the URL reaches nothing (no route and no fallback, or another scheme), 64 for \
      command-line misuse.
      """
  )

  @Argument(help: "The root manifest.", transform: PathArgument.nonEmpty)
  var file: String

  @Argument(help: "The URL or path to resolve.")
  var url: String

  @Option(help: "Output format: text or json.")
  var format: ResolveFormat = .text

  @Option(help: "Validate with this variant's bindings.")
  var variant: String?

  @OptionGroup var colorOptions: ColorOptions

  func run() throws {
    let (result, graph) = try ValidManifest.load(file, variant: variant, colorOptions: colorOptions)
    let target = RawArgument.urlText(for: url)
    let resolution = RouteTable(graph: graph).resolve(target)
    switch format {
    case .json: Output.standard(Self.json(resolution, graph: graph).rendered() + "\n")
    case .text: Output.standard(Self.text(resolution, graph: graph))
    }
    switch resolution {
    case .matched, .fallback:
      withExtendedLifetime(result) { Output.exit(0) }
    case .unmatched(let reason), .notRouted(let reason):
      let shown = TextFormatter.printable(TextFormatter.brief(target, limit: 200))
      Output.error("error: '\(shown)' reaches no module: \(reason)\n")
      withExtendedLifetime(result) { Output.exit(1) }
    }
  }

  /// The SPEC §4 object: `{"module", "route", "parameters", "fallback"}`.
  static func json(_ resolution: RouteResolution, graph: AppGraph) -> JSONValue {
    switch resolution {
    case .matched(let match):
      let parameters = orderedParameters(match, graph: graph).map { ($0.name, $0.value.json) }
      return .object([
        ("module", .string(match.module)), ("route", .string(match.pattern.text)),
        ("parameters", .object(parameters)), ("fallback", .bool(false)),
      ])
    case .fallback(let module):
      return .object([
        ("module", .string(module)), ("route", .null), ("parameters", .object([])), ("fallback", .bool(true)),
      ])
    case .unmatched, .notRouted:
      return .object([
        ("module", .null), ("route", .null), ("parameters", .object([])), ("fallback", .bool(false)),
      ])
    }
  }

  /// A value as a person reads it: a string in quotes with `\` and `"` escaped and control and
  /// invisible characters written as `\u{1B}` (``TextFormatter/printable(_:)``), the one escape
  /// style of routecfg's text output; a number or a Boolean as it is.
  static func shown(_ value: RouteValue) -> String {
    guard case .string(let text) = value else { return value.json.rendered() }
    return "\"" + TextFormatter.printable(TextFormatter.escapedForDoubleQuotes(text)) + "\""
  }

  /// Lines a person reads: the module, the route, then each parameter with its type.
  static func text(_ resolution: RouteResolution, graph: AppGraph) -> String {
    switch resolution {
    case .matched(let match):
      // Manifest text is printed through `printable`: a name may hold bidirectional controls.
      var text =
        "module: \(TextFormatter.printable(match.module))\nroute: \(TextFormatter.printable(match.pattern.text))\n"
      let parameters = orderedParameters(match, graph: graph)
      if parameters.isEmpty { return text + "parameters: none\n" }
      text += "parameters:\n"
      for (name, value) in parameters {
        text += "  \(TextFormatter.printable(name)): \(Self.shown(value)) (\(value.type))\n"
      }
      return text
    case .fallback(let module):
      return "module: \(TextFormatter.printable(module)) (fallback)\nroute: none\nparameters: none\n"
    case .unmatched, .notRouted:
      return ""
    }
  }
}

extension ResolveCommand {
  /// A match's values in the order `routes` lists them: the pattern's parameters as written,
  /// then the module's others (optional ones read from the query) in declaration order.
  static func orderedParameters(_ match: RouteMatch, graph: AppGraph) -> [(name: String, value: RouteValue)] {
    let values = match.parameters
    var names = match.pattern.parameterNames
    let inPattern = Set(names)
    for parameter in graph.modules[match.module]?.parameters ?? [] where !inPattern.contains(parameter.name) {
      names.append(parameter.name)
    }
    // Any value no declaration names (none today) keeps its place after the others, by name.
    let named = Set(names)
    names += values.keys.filter { !named.contains($0) }.sorted()
    return names.compactMap { name in values[name].map { (name, $0) } }
  }
}

/// Output formats of `resolve`.
enum ResolveFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}
