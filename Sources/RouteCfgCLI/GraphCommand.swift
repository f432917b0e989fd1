import ArgumentParser
import RouteCfgCore

/// `routecfg graph FILE [--format dot|mermaid] [--variant NAME]`.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the module graph: modules, the requirements between them and their adapters.",
    discussion: """
      Validates FILE first; a manifest with errors prints its diagnostics on standard error and \
      exits 1, and a valid one's warnings are printed there too. Each module is a node (views as \
      boxes, services rounded) listing its kind and routes; each requirement is an arrow from the \
      module that requires a protocol to the module that answers it, dashed when an adapter sits \
      between; a delegate's adapter is a dotted line between the modules whose members pass its \
      values, and an adapter nothing uses a note of its own. DOT renders with Graphviz \
      (routecfg graph FILE | dot -Tsvg > graph.svg); Mermaid renders in Markdown on GitHub. A \
      manifest without an app is named after its file.

      Exit status: 0 when the graph is printed, 1 when the manifest has errors, 64 for \
      command-line misuse.
      """
  )

  @Argument(help: "The root manifest.", transform: PathArgument.nonEmpty)
  var file: String

  @Option(help: "Output format: dot or mermaid.")
  var format: GraphFormat = .dot

  @Option(help: "Draw the requirements as this variant resolves them.")
  var variant: String?

  @OptionGroup var colorOptions: ColorOptions

  func run() throws {
    let (result, graph) = try ValidManifest.load(file, variant: variant, colorOptions: colorOptions)
    guard let modules = ModuleGraph(graph, variant: variant) else {
      throw UsageError("\(file): unknown variant '\(variant ?? "")'")
    }
    // Without an `app`, the graph is named after the file: `app.yaml` draws `app`.
    let untitled = String(FileSystem.stem(of: file))
    switch format {
    case .dot: Output.standard(GraphFormatter.dot(modules, untitled: untitled))
    case .mermaid: Output.standard(GraphFormatter.mermaid(modules, untitled: untitled))
    }
    withExtendedLifetime(result) { Output.exit(0) }
  }
}

/// Output formats of `graph`.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
  case dot
  case mermaid
}
