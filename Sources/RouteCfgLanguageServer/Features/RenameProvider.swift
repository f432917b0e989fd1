import RouteCfgCore

/// Rename (`textDocument/prepareRename`, `textDocument/rename`) of a protocol or a module: the
/// declaration and every reference in every file of the manifest (`provides`, `requires`,
/// `inherits`, adapters, bindings, variants, `fallback`, types in member declarations and
/// parameters). Members are not renamed: a member may be paired with another by its name alone
/// (implicit adapter mapping), which a rename would silently break.
enum RenameProvider {
  /// The name under the cursor and its range, or `null` where nothing can be renamed.
  static func prepare(_ context: FeatureContext, at position: LSPPosition) -> JSONValue {
    guard let (name, occurrence) = renamable(context, at: position), let model = context.model,
      let mapper = context.mapper,
      let range = nameRange(of: occurrence, name: name, model: model, mapper: mapper)
    else { return .null }
    return .object([("range", range.json), ("placeholder", .string(name))])
  }

  /// The workspace edit that renames the protocol or module under the cursor to `newName`, or
  /// why it cannot: not a valid name, or a name already declared.
  static func rename(_ context: FeatureContext, at position: LSPPosition, to newName: String)
    -> Result<JSONValue, ResponseError>
  {
    guard let (name, occurrence) = renamable(context, at: position), let model = context.model,
      let mapper = context.mapper
    else { return .failure(.requestFailed("only a protocol or a module can be renamed")) }
    if let problem = SwiftIdentifier.problem(with: newName) {
      return .failure(.requestFailed("cannot rename '\(name)' to '\(newName)': \(problem)"))
    }
    let kind: String
    let taken: Bool
    switch occurrence.target {
    case .protocolName: (kind, taken) = ("protocol", model.index.protocolDeclarations[newName] != nil)
    default: (kind, taken) = ("module", model.index.moduleDeclarations[newName] != nil)
    }
    if taken, newName != name {
      return .failure(
        .requestFailed("cannot rename '\(name)' to '\(newName)': a \(kind) of that name exists"))
    }
    var changes: [(String, JSONValue)] = []
    var byFile: [SourceFileID: [JSONValue]] = [:]
    for found in model.index.occurrences(of: occurrence.target) {
      guard let range = nameRange(of: found, name: name, model: model, mapper: mapper) else {
        // Written with escapes (`"\x46oo"`) or across lines: an edit could not keep it right.
        return .failure(
          .requestFailed(
            "cannot rename '\(name)': it is written in a way an edit cannot keep (with escapes, or across lines) "
              + "at line \(found.start.line) of \(model.uri(of: found.file)); write it plainly and rename again"
          ))
      }
      byFile[found.file, default: []].append(.object([("range", range.json), ("newText", .string(newName))]))
    }
    for file in byFile.keys.sorted() {
      changes.append((model.uri(of: file), .array(byFile[file] ?? [])))
    }
    return .success(.object([("changes", .object(changes))]))
  }

  /// The protocol or module named at the position, with its occurrence there.
  private static func renamable(_ context: FeatureContext, at position: LSPPosition) -> (String, Occurrence)?
  {
    guard let occurrence = context.occurrence(at: position) else { return nil }
    switch occurrence.target {
    case .protocolName(let name), .module(let name): return (name, occurrence)
    case .member, .file: return nil
    }
  }

  /// The range of the name itself within an occurrence (which may hold quotes around it), in
  /// the editor's current text.
  private static func nameRange(
    of occurrence: Occurrence, name: String, model: ManifestModel, mapper: PositionMapper
  )
    -> LSPRange?
  {
    guard occurrence.start.line == occurrence.end.line, let source = model.source(of: occurrence.file) else {
      return nil
    }
    let scalars = Array(String(decoding: source.line(occurrence.start.line), as: UTF8.self).unicodeScalars)
    let from = Int(occurrence.start.column) - 1
    let to = min(Int(occurrence.end.column) - 1, scalars.count)
    let target = Array(name.unicodeScalars)
    guard from >= 0, from <= to, !target.isEmpty, to - from >= target.count else { return nil }
    for offset in 0...(to - from - target.count)
    where Array(scalars[(from + offset)..<(from + offset + target.count)]) == target {
      let start = TextPoint(line: occurrence.start.line, column: occurrence.start.column + Int32(offset))
      let end = TextPoint(line: start.line, column: start.column + Int32(target.count))
      return mapper.range(in: occurrence.file, start: start, end: end)
    }
    return nil
  }
}
