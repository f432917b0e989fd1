import RouteCfgCore

/// Quick fixes (`textDocument/codeAction`): each fix-it of a diagnostic in the requested range
/// (a did-you-mean name in place of the misspelt one) as a `quickfix` action with its edit.
enum CodeActionProvider {
  /// The actions for `range` in the document, or none when the client asked only for kinds other
  /// than quick fixes (`context.only`).
  static func actions(
    _ context: FeatureContext, range: LSPRange, only kinds: [String]?, links: DiagnosticLinks
  ) -> JSONValue {
    if let kinds, !kinds.contains(where: { $0 == "quickfix" || $0.isEmpty }) {
      return .array([])
    }
    // Fixes are offered for the text they were found in: after an edit, once it is checked.
    guard let model = context.model, let mapper = context.mapper, let file = context.file,
      model.openVersions[file] == context.document.version
    else {
      return .array([])
    }
    var actions: [JSONValue] = []
    for diagnostic in model.diagnostics where diagnostic.location.file == file && !diagnostic.fixIts.isEmpty {
      let diagnosticRange = DiagnosticPublisher.range(of: diagnostic.location, model: model, mapper: mapper)
      guard overlaps(diagnosticRange, range) else { continue }
      let converted = DiagnosticPublisher.convert(
        diagnostic, model: model, mapper: mapper, links: links, client: context.client)
      for fixIt in diagnostic.fixIts {
        guard let end = fixIt.location.end else { continue }
        let editRange = mapper.range(in: fixIt.location.file, start: fixIt.location.start, end: end)
        let edit: JSONValue = .object([("range", editRange.json), ("newText", .string(fixIt.replacement))])
        actions.append(
          .object([
            ("title", .string(fixIt.title)), ("kind", .string("quickfix")),
            ("diagnostics", .array([converted])),
            ("isPreferred", .bool(diagnostic.fixIts.count == 1)),
            (
              "edit",
              .object([("changes", .object([(model.uri(of: fixIt.location.file), .array([edit]))]))])
            ),
          ]))
      }
    }
    return .array(actions)
  }

  /// `true` when the ranges share a position, or touch (a cursor at either end of a name).
  private static func overlaps(_ a: LSPRange, _ b: LSPRange) -> Bool {
    !(a.end < b.start || b.end < a.start)
  }
}
