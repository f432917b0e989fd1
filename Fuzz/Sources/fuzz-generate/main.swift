import FuzzSupport
import RouteCfgCodegen
import RouteCfgCore

/// Code generation on any manifest that validates: it never traps, it either generates or
/// reports name collisions with places, its warnings have places, the same input gives the same
/// files byte for byte, and every file is structurally sound Swift whatever text the manifest
/// holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzz.bytes(data, size)
  let path = Fuzz.scratchDirectory + "/m.yaml"
  let bound = 50
  guard let result = try? RouteCfg.validate(bytes: bytes, path: path, maxDiagnostics: bound) else {
    Fuzz.require(false, "validate threw without a variant")
    return 0
  }
  ReportInvariants.check(result, maxDiagnostics: bound, renderJSON: false, renderSARIF: false)
  guard result.isValid, let graph = result.graph else { return 0 }
  // The options come from the input's size, so that a finding reproduces from its file.
  var options = CodegenOptions(
    variant: size % 3 == 0 ? graph.variantNames.first : nil,
    access: size % 2 == 0 ? .public : .internal,
    dynamicRegistration: size % 5 == 0)
  if size % 7 == 0 { options.interfaceModules = "*Interface" }
  let first = generate(graph, path: path, options: options)
  let second = generate(graph, path: path, options: options)
  Fuzz.require(first == second, "two runs on the same manifest generated different output")
  // What the files leave out (RC1005) is a warning with places, the same on every run.
  let warnings = CodeGenerator.warnings(graph, manifestPath: path, options: options)
  Fuzz.require(
    warnings == CodeGenerator.warnings(graph, manifestPath: path, options: options),
    "two runs on the same manifest warned differently")
  for warning in warnings {
    Fuzz.require(
      warning.severity == .warning && warning.location.line >= 1, "a generate warning without a place")
  }
  guard case .success(let files) = first else { return 0 }
  Fuzz.require(!files.isEmpty, "no files for a valid manifest")
  Fuzz.require(Set(files.map(\.name)).count == files.count, "two generated files share a name")
  for file in files {
    Fuzz.require(file.name.hasSuffix(".swift") && !file.name.contains("/"), "a bad file name '\(file.name)'")
    Fuzz.require(file.contents.hasPrefix(CodeGenerator.marker), "\(file.name) lacks the generated marker")
    SwiftSourceInvariants.check(file.contents, file: file.name)
  }
  // One module's interface, as `generate --module` writes it.
  if let module = graph.moduleNames.first, size % 4 == 1 {
    var single = options
    single.interfaceModules = nil
    single.module = module
    if case .success(let interface) = generate(graph, path: path, options: single) {
      for file in interface { SwiftSourceInvariants.check(file.contents, file: file.name) }
    }
  }
  return 0
}

private func generate(_ graph: AppGraph, path: String, options: CodegenOptions)
  -> Result<[GeneratedFile], CodegenError>
{
  do throws(CodegenError) {
    return .success(try CodeGenerator.generate(graph, manifestPath: path, options: options))
  } catch {
    switch error {
    case .nameCollisions(let diagnostics), .unsendableValues(let diagnostics):
      Fuzz.require(!diagnostics.isEmpty, "a code generation error without diagnostics")
      for diagnostic in diagnostics {
        Fuzz.require(diagnostic.location.line >= 1, "a code generation diagnostic without a place")
      }
    default: break
    }
    return .failure(error)
  }
}
