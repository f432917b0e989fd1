import RouteCfgCore

/// Rename (`textDocument/prepareRename`, `textDocument/rename`) of a protocol or a module: the
/// declaration and every reference in every file of the manifest (`provides`, `requires`,
/// `inherits`, adapters, bindings, variants, `fallback`, types in member declarations and
/// parameters). Members are not renamed: a member may be paired with another by its name alone
/// (implicit adapter mapping), which a rename would silently break.
enum RenameProvider {
  /// The name under the cursor and its range, `null` where nothing can be renamed (anywhere in
  /// a document no check has parsed, whose names are not known), or why the name cannot be
  /// renamed now (as ``rename(_:at:to:)`` would answer), so that an editor does not offer a
  /// rename it then refuses.
  static func prepare(_ context: FeatureContext, at position: LSPPosition) -> Result<JSONValue, ResponseError>
  {
    guard let (name, occurrence) = renamable(context, at: position), let model = context.model,
      let mapper = context.mapper
    else { return .success(.null) }
    let places = context.occurrencesInEveryRoot(of: occurrence.target)
    if let problem = problemNow(in: models(of: places, context), context) {
      return .failure(.requestFailed("cannot rename '\(name)' now: \(problem)"))
    }
    // A name written with escapes or across lines, here or elsewhere, is refused as rename
    // refuses it, also when the cursor is on it.
    if case .failure(let error) = nameRanges(of: places, name: name) { return .failure(error) }
    guard let range = nameRange(of: occurrence, name: name, model: model, mapper: mapper) else {
      return .success(.null)
    }
    return .success(.object([("range", range.json), ("placeholder", .string(name))]))
  }

  /// A rename in a document no check has parsed: nothing of it is known.
  private static func neverParsed(_ context: FeatureContext) -> ResponseError {
    .requestFailed("cannot rename now: \(context.uri) does not parse; rename once it does")
  }

  /// The models a rename reaches: this document's, and those of the other roots in which the
  /// renamed name has `places` (a file they share).
  private static func models(
    of places: [(model: ManifestModel, mapper: PositionMapper, occurrence: Occurrence)],
    _ context: FeatureContext
  ) -> [ManifestModel] {
    guard let model = context.model else { return [] }
    var models = [model]
    for place in places where !models.contains(where: { $0 === place.model }) { models.append(place.model) }
    return models
  }

  /// Why no rename can be made now, whatever the new name: a root that reads the file does not
  /// parse, or a model did not read the text as it is, or has declarations that do not parse.
  private static func problemNow(in models: [ManifestModel], _ context: FeatureContext) -> String? {
    if let root = context.unparsedRootsReading.sorted().first {
      return "\(root), which reads this file, does not parse, and its references would not be renamed; "
        + "rename once it does"
    }
    return models.lazy.compactMap { staleness(of: $0, context: context) }.first
  }

  /// The workspace edit that renames the protocol or module under the cursor to `newName`, or
  /// why it cannot: not a valid name, a name already used, or a manifest whose last check is not
  /// of the text as it is (it does not parse) or has declarations that do not parse, whose names
  /// the rename could not see. Every root manifest that reads the document is renamed in.
  static func rename(_ context: FeatureContext, at position: LSPPosition, to newName: String)
    -> Result<JSONValue, ResponseError>
  {
    guard context.model != nil else { return .failure(neverParsed(context)) }
    guard let (name, occurrence) = renamable(context, at: position) else {
      return .failure(.requestFailed("only a protocol or a module can be renamed"))
    }
    // The roots the rename reaches: this document's, and those that read the declaration too (a
    // file they share); another root's own names are not in the way.
    let places = context.occurrencesInEveryRoot(of: occurrence.target)
    let models = models(of: places, context)
    if let problem = problem(renaming: name, to: newName, target: occurrence.target, in: models) {
      return .failure(.requestFailed("cannot rename '\(name)' to '\(newName)': \(problem)"))
    }
    if let problem = problemNow(in: models, context) {
      return .failure(.requestFailed("cannot rename '\(name)' now: \(problem)"))
    }
    let ranges: [String: [LSPRange]]
    switch nameRanges(of: places, name: name) {
    case .success(let found): ranges = found
    case .failure(let error): return .failure(error)
    }
    let byURI = ranges.mapValues { ranges in
      ranges.map { JSONValue.object([("range", $0.json), ("newText", .string(newName))]) }
    }
    let uris = byURI.keys.sorted()
    guard context.client.takesVersionedEdits else {
      return .success(.object([("changes", .object(uris.map { ($0, .array(byURI[$0] ?? [])) }))]))
    }
    // Each file's edits with the version of the open text they were made for (`null`: the file
    // on disk), which the client checks before it applies them.
    let documentChanges = uris.map { uri -> JSONValue in
      let version = context.documents[uri].map { JSONValue.int($0.version) } ?? .null
      return .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", version)])),
        ("edits", .array(byURI[uri] ?? [])),
      ])
    }
    return .success(.object([("documentChanges", .array(documentChanges))]))
  }

  /// The range of the name at each place, by document, each once whichever root found it (and
  /// however often an alias repeats it); or why a place cannot be edited: written with escapes
  /// (`"\x46oo"`) or across lines, where an edit could not keep it right.
  private static func nameRanges(
    of places: [(model: ManifestModel, mapper: PositionMapper, occurrence: Occurrence)], name: String
  ) -> Result<[String: [LSPRange]], ResponseError> {
    var seen: Set<DocumentPlace> = []
    var byURI: [String: [LSPRange]] = [:]
    for (current, mapper, found) in places {
      guard let range = nameRange(of: found, name: name, model: current, mapper: mapper) else {
        return .failure(
          .requestFailed(
            "cannot rename '\(name)': it is written in a way an edit cannot keep (with escapes, or across "
              + "lines) at line \(found.start.line) of \(current.uri(of: found.file)); write it plainly and "
              + "rename again"))
      }
      let uri = current.uri(of: found.file)
      guard seen.insert(DocumentPlace(uri: uri, range: range)).inserted else { continue }
      byURI[uri, default: []].append(range)
    }
    return .success(byURI)
  }

  /// Why `newName` cannot replace `name`: not an identifier, read as null by YAML, a standard
  /// type (one member types name, or, for a protocol, one generated code names), or a name the
  /// manifests already use (a declared protocol or module, whichever is renamed, or a type their
  /// members name).
  private static func problem(
    renaming name: String, to newName: String, target: SymbolTarget, in models: [ManifestModel]
  ) -> String? {
    if let problem = SwiftIdentifier.problem(with: newName) { return problem }
    if YAMLDocument.readsAsNull(newName) { return "YAML reads '\(newName)' as no value" }
    guard newName != name else { return nil }
    if TypeRef.isStandardTypeName(newName) {
      return "it names a standard type, which the manifest's member types would then mean"
    }
    if case .protocolName = target, TypeRef.namesGeneratedCodeUses.contains(newName) {
      return "it names a standard type that generated code uses, which a declaration of that name would hide "
        + "('routecfg generate' reports RC1001)"
    }
    if case .protocolName = target, TypeRef.modulesGeneratedCodeQualifiesWith.contains(newName) {
      return "it names a module that generated code qualifies names with, which a declaration of that name "
        + "would hide ('routecfg generate' reports RC1001)"
    }
    for model in models {
      if model.index.protocolDeclarations[newName] != nil { return "a protocol of that name exists" }
      if model.index.moduleDeclarations[newName] != nil { return "a module of that name exists" }
      // A protocol renamed to an external type's name would turn that type into the protocol.
      guard case .protocolName = target else { continue }
      let namesType =
        model.manifest.protocols.contains { declaration in
          declaration.members.contains { $0.typeReferences.contains { $0.value == newName } }
        }
        || model.manifest.modules.contains { module in
          module.parameters.contains { $0.typeReferences.contains { $0.value == newName } }
        }
      if namesType { return "a member type already names '\(newName)' (an external type)" }
    }
    return nil
  }

  /// Why a model cannot be renamed in: it did not read the open documents as they are now (the
  /// text has changed since, or does not parse), or some of its declarations do not parse.
  private static func staleness(of model: ManifestModel, context: FeatureContext) -> String? {
    for (file, version) in model.openVersions where context.documents[model.uri(of: file)]?.version != version
    {
      return
        "\(model.uri(of: file)) has changed since its last check (or does not parse); rename once it does"
    }
    let unparsed: Set<DiagnosticCode> = [.yamlSyntax, .memberSyntax, .unsupportedMemberFeature]
    if let broken = model.diagnostics.first(where: { unparsed.contains($0.code) }) {
      return "a declaration does not parse (\(broken.code.rawValue) at line \(broken.location.line) of "
        + "\(model.uri(of: broken.location.file))), and names in it would not be renamed; fix it first"
    }
    return nil
  }

  /// The protocol or module named at the position, with its occurrence there.
  private static func renamable(_ context: FeatureContext, at position: LSPPosition) -> (String, Occurrence)?
  {
    guard let occurrence = context.occurrence(at: position) else { return nil }
    switch occurrence.target {
    case .protocolName(let name), .module(let name): return (name, occurrence)
    case .member, .parameter, .file: return nil
    }
  }

  /// An occurrence's text when it is on one line. Only its own bytes are decoded: decoding its
  /// whole line for each place would make the places of one long line (a JSON manifest) cost
  /// its length squared.
  static func text(of occurrence: Occurrence, model: ManifestModel) -> String? {
    guard occurrence.start.line == occurrence.end.line, let source = model.source(of: occurrence.file) else {
      return nil
    }
    let line = occurrence.start.line
    let lower = source.byteOffset(line: line, column: occurrence.start.column)
    let upper = max(lower, source.byteOffset(line: line, column: occurrence.end.column))
    return String(decoding: source.bytes[lower..<upper], as: UTF8.self)
  }

  /// The range of the name itself within an occurrence (which may hold quotes around it), in
  /// the editor's current text.
  static func nameRange(
    of occurrence: Occurrence, name: String, model: ManifestModel, mapper: PositionMapper
  )
    -> LSPRange?
  {
    guard let text = text(of: occurrence, model: model) else { return nil }
    let scalars = Array(text.unicodeScalars)
    let target = Array(name.unicodeScalars)
    guard !target.isEmpty else { return nil }
    func range(_ offset: Int, _ count: Int) -> LSPRange? {
      let start = TextPoint(line: occurrence.start.line, column: occurrence.start.column + Int32(offset))
      let end = TextPoint(line: start.line, column: start.column + Int32(count))
      return mapper.range(in: occurrence.file, start: start, end: end)
    }
    if scalars.count >= target.count {
      for offset in 0...(scalars.count - target.count)
      where Array(scalars[offset..<(offset + target.count)]) == target {
        return range(offset, target.count)
      }
    }
    // Written in another form the manifest reads as the same name (`Café` decomposed, `Key`
    // with the Kelvin sign): as many characters as the name has that are canonically equivalent
    // to it (characters compare so), tried where a character equal to its first one starts.
    let characters = Array(text)
    let count = name.count
    guard let first = name.first, count <= characters.count else { return nil }
    var offset = 0
    for start in 0...(characters.count - count) {
      if characters[start] == first, String(characters[start..<(start + count)]) == name {
        return range(offset, characters[start..<(start + count)].reduce(0) { $0 + $1.unicodeScalars.count })
      }
      offset += characters[start].unicodeScalars.count
    }
    return nil
  }
}
