import ArgumentParser
import RouteCfgCore

/// `routecfg resolve FILE URL [--format text|json] [--variant NAME]`.
struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Show the module, route and typed parameters a URL reaches.",
    discussion: """
      Validates FILE first; a manifest with errors prints its diagnostics on standard error and \
      exits 1. URL is a path (/notes/42, with an optional ?query) or, when the manifest sets a \
      scheme, a URL of that scheme (noteapp://notes/42). A URL that matches no route goes to the \
      manifest's fallback when it has one.

      Exit status: 0 when the URL reaches a module (a route or the fallback), 1 when the manifest \
      has errors or the URL reaches nothing (no route and no fallback, or another scheme), 64 for \
      command-line misuse.
      """
  )

  @Argument(help: "The root manifest.")
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
    case .json: Output.standard(Self.json(resolution).rendered() + "\n")
    case .text: Output.standard(Self.text(resolution))
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
  static func json(_ resolution: RouteResolution) -> JSONValue {
    switch resolution {
    case .matched(let match):
      let parameters = match.parameters.keys.sorted().compactMap { name in
        match.parameters[name].map { (name, $0.json) }
      }
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

  /// Lines a person reads: the module, the route, then each parameter with its type.
  static func text(_ resolution: RouteResolution) -> String {
    switch resolution {
    case .matched(let match):
      var text = "module: \(match.module)\nroute: \(match.pattern.text)\n"
      if match.parameters.isEmpty { return text + "parameters: none\n" }
      text += "parameters:\n"
      for name in match.parameters.keys.sorted() {
        guard let value = match.parameters[name] else { continue }
        text += "  \(name): \(TextFormatter.printable(value.json.rendered())) (\(value.type))\n"
      }
      return text
    case .fallback(let module):
      return "module: \(module) (fallback)\nroute: none\nparameters: none\n"
    case .unmatched, .notRouted:
      return ""
    }
  }
}

/// Output formats of `resolve`.
enum ResolveFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}
