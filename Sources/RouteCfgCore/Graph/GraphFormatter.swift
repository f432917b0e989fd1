/// Draws a ``ModuleGraph`` as Graphviz DOT or as a Mermaid flowchart.
///
/// Views are boxes and services rounded; each node lists its kind and routes. A requirement is an
/// arrow from the requiring module to the one that answers it, labelled with the protocol; an
/// arrow through an adapter is dashed and names the protocol the adapter forwards to. An adapter
/// no requirement resolves through (a delegate's) is a dotted line without arrowheads between
/// the modules whose members pass its protocols' values, or a note of its own.
public enum GraphFormatter {
  /// Routes listed in a node before the rest are counted.
  static let shownRoutes = 3

  /// Graphviz DOT: `dot -Tsvg graph.dot > graph.svg`. The graph is named after the app, or
  /// `untitled` (`routecfg graph` passes the manifest's file name) when the manifest sets none.
  public static func dot(_ graph: ModuleGraph, untitled: String = "modules") -> String {
    // Names are escaped as in labels wherever they are written: the graph's name and node IDs too.
    func id(_ name: String) -> String { dotQuoted(TextFormatter.printable(name)) }
    var text = "digraph \(id(title(graph, untitled: untitled))) {\n"
    text += "  rankdir=LR;\n"
    text += "  node [fontname=\"Helvetica\", fontsize=11];\n"
    text += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
    for node in graph.nodes {
      let shape = node.kind == .view ? "box" : "box, style=rounded"
      text +=
        "  \(id(node.name)) [shape=\(shape), label=\(dotQuoted(labelLines(node).joined(separator: "\n")))];\n"
    }
    for edge in graph.edges {
      text +=
        "  \(id(edge.from)) -> \(id(edge.to)) [label=\(dotQuoted(edgeLabel(edge, separator: "\n")))"
      text += edge.adaptedTo == nil ? "];\n" : ", style=dashed];\n"
    }
    for link in graph.adapterLinks {
      let label = dotQuoted(adapterLines(link, alone: link.between.isEmpty).joined(separator: "\n"))
      for modules in link.between {
        text +=
          "  \(id(modules.requirer)) -> \(id(modules.provider)) [label=\(label), style=dotted, dir=none];\n"
      }
      if link.between.isEmpty {
        // Module names are identifiers, so an ID with spaces is no module's.
        text += "  \(id("adapter \(link.adapt) to \(link.to)")) [shape=note, label=\(label)];\n"
      }
    }
    return text + "}\n"
  }

  /// A Mermaid flowchart, for Markdown that renders Mermaid (GitHub, GitLab, DocC), titled as
  /// ``dot(_:untitled:)`` names its graph.
  public static func mermaid(_ graph: ModuleGraph, untitled: String = "modules") -> String {
    // The front matter is YAML: quoted, the title is always text (an app named `null` or `yes`
    // too).
    let quotedTitle =
      "\"" + TextFormatter.escapedForDoubleQuotes(TextFormatter.printable(title(graph, untitled: untitled)))
      + "\""
    var text = "---\ntitle: \(quotedTitle)\n---\nflowchart LR\n"
    var ids: [String: String] = [:]
    for (index, node) in graph.nodes.enumerated() {
      let id = "m\(index)"
      ids[node.name] = id
      let label = "\"" + labelLines(node).map(mermaidText).joined(separator: "<br/>") + "\""
      text += node.kind == .view ? "  \(id)[\(label)]\n" : "  \(id)(\(label))\n"
    }
    for edge in graph.edges {
      guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
      let label = "\"" + mermaidText(edgeLabel(edge, separator: " ")) + "\""
      text +=
        edge.adaptedTo == nil ? "  \(from) -- \(label) --> \(to)\n" : "  \(from) -. \(label) .-> \(to)\n"
    }
    for (index, link) in graph.adapterLinks.enumerated() {
      let lines = adapterLines(link, alone: link.between.isEmpty).map(mermaidText)
      for modules in link.between {
        guard let from = ids[modules.requirer], let to = ids[modules.provider] else { continue }
        text += "  \(from) -. \"\(lines.joined(separator: " "))\" .- \(to)\n"
      }
      if link.between.isEmpty { text += "  a\(index)>\"\(lines.joined(separator: "<br/>"))\"]\n" }
    }
    return text
  }

  /// `adapter A`, `to B`, and for an adapter drawn alone what uses it: the configurations whose
  /// requirements resolve through it, members' values, or nothing.
  private static func adapterLines(_ link: ModuleGraph.AdapterLink, alone: Bool) -> [String] {
    var lines = ["adapter " + link.adapt, "to " + link.to]
    if alone {
      if !link.resolvingIn.isEmpty {
        let names = link.resolvingIn.map { $0.map { "variant \($0)" } ?? "the base configuration" }
        lines.append("(resolves requirements in \(names.joined(separator: ", ")))")
      } else {
        lines.append(link.isUsed ? "(values of members)" : "(unused)")
      }
    }
    return lines.map(TextFormatter.printable)
  }

  private static func title(_ graph: ModuleGraph, untitled: String) -> String {
    let app = graph.app ?? untitled
    return graph.variant.map { "\(app) (variant \($0))" } ?? app
  }

  /// The name, the kind (and whether it is the fallback), then the routes (a fourth one
  /// rather than "+1 more"), with control and bidirectional characters escaped as the text
  /// formats escape them, so that a label reads in a review as it is written.
  private static func labelLines(_ node: ModuleGraph.Node) -> [String] {
    var lines = [node.name, node.kind.rawValue + (node.isFallback ? ", fallback" : "")]
    let shown = node.routes.count == shownRoutes + 1 ? node.routes.count : shownRoutes
    lines += node.routes.prefix(shown)
    if node.routes.count > shown { lines.append("+\(node.routes.count - shown) more routes") }
    return lines.map(TextFormatter.printable)
  }

  /// The protocol, and the one an adapter forwards it to, escaped as ``labelLines(_:)`` are.
  private static func edgeLabel(_ edge: ModuleGraph.Edge, separator: String) -> String {
    let name = TextFormatter.printable(edge.protocolName)
    guard let adapted = edge.adaptedTo else { return name }
    return name + separator + "via adapter to " + TextFormatter.printable(adapted)
  }

  /// A DOT string literal: quotes and backslashes escaped, line breaks as `\n`.
  private static func dotQuoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  /// Text inside a quoted Mermaid label: quotes and markup characters as entity codes.
  private static func mermaidText(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "#quot;"
      case "<": escaped += "#lt;"
      case ">": escaped += "#gt;"
      case "#": escaped += "#35;"
      case "\n": escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
