import FuzzSupport
import RouteCfgCore

/// Reader, decoder and validator on raw bytes (invalid UTF-8 included), then every report
/// format, and for a manifest that validates the router, the graph and a few URLs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzz.bytes(data, size)
  let path = Fuzz.scratchDirectory + "/manifest.yaml"
  let bound = 50
  guard let result = try? RouteCfg.validate(bytes: bytes, path: path, maxDiagnostics: bound) else {
    Fuzz.require(false, "validate threw without a variant")
    return 0
  }
  ReportInvariants.check(
    result, maxDiagnostics: bound, renderJSON: size % 4 == 0, renderSARIF: size % 64 == 0)
  if let variant = result.manifest.variants.first?.name.value {
    guard
      let selected = try? RouteCfg.validate(bytes: bytes, path: path, variant: variant, maxDiagnostics: bound)
    else {
      Fuzz.require(false, "validate threw for a declared variant")
      return 0
    }
    ReportInvariants.check(selected, maxDiagnostics: bound, renderJSON: false, renderSARIF: false)
  }
  guard let graph = result.graph else { return 0 }
  let table = RouteTable(graph: graph)
  for route in graph.routes.prefix(8) {
    // A pattern's own text, with its parameters left as written, is a URL too.
    _ = table.resolve(route.pattern.text)
  }
  for url in ["/", "/notes/42", "//x", "/%2E%2E", "noteapp://notes/1?query=a"] { _ = table.resolve(url) }
  if let modules = ModuleGraph(graph, variant: nil) {
    _ = GraphFormatter.dot(modules)
    _ = GraphFormatter.mermaid(modules)
  }
  return 0
}
