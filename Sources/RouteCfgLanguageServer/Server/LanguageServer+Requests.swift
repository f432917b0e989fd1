import RouteCfgCore

extension LanguageServer {
  /// Answers a request about a document: from a snapshot taken now (the text as the request saw
  /// it), computed off the actor. A document not analysed yet (just opened) waits for its first
  /// analysis; if it changes meanwhile the answer is `ContentModified`, as LSP prescribes.
  /// With `needsCurrentVersion` (the outline, which an editor asks for once per change and then
  /// keeps; references and rename, one-off questions about names perhaps just typed) a document
  /// edited since its last analysis waits for the analysis of its current text. With
  /// `pointsIntoFiles` (definition, references, rename: answers with places in other files), a
  /// file that is not open and has changed on disk since it was read is checked again first.
  /// With `startsPendingCheck` (references and rename, which the user asks for, unlike the
  /// outline that an editor asks for after every change), a check that waits out its quiet time
  /// starts at once: a raised `validationDelay` does not hold the answer back.
  func documentRequest(
    _ id: RequestID, _ params: JSONValue?, needsPosition: Bool = true, needsCurrentVersion: Bool = false,
    startsPendingCheck: Bool = false, pointsIntoFiles: Bool = false,
    _ compute: @escaping @Sendable (FeatureContext, LSPPosition) -> JSONValue
  ) {
    documentRequest(
      id, params, needsPosition: needsPosition, needsCurrentVersion: needsCurrentVersion,
      startsPendingCheck: startsPendingCheck, pointsIntoFiles: pointsIntoFiles
    ) { .success(compute($0, $1)) }
  }

  /// ``documentRequest(_:_:needsPosition:needsCurrentVersion:startsPendingCheck:pointsIntoFiles:_:)``
  /// for a request that may be answered with an error.
  func documentRequest(
    _ id: RequestID, _ params: JSONValue?, needsPosition: Bool = true, needsCurrentVersion: Bool = false,
    startsPendingCheck: Bool = false, pointsIntoFiles: Bool = false,
    _ compute: @escaping @Sendable (FeatureContext, LSPPosition) -> Result<JSONValue, ResponseError>
  ) {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
      respond(id, .failure(.invalidParams("'textDocument.uri' is missing or not a string")))
      return
    }
    let position = LSPPosition(params?["position"])
    if needsPosition, position == nil {
      respond(id, .failure(.invalidParams("'position' is missing or invalid")))
      return
    }
    guard let document = documents[uri] else {
      // Not an open document: nothing is known about it.
      respond(id, .success(.null))
      return
    }
    let at = position ?? LSPPosition(line: 0, character: 0)
    let isCurrent = !needsCurrentVersion || isAnalysedAtCurrentVersion(uri)
    let isAnalysed = analysedDocuments.contains(uri) && isCurrent
    if !isCurrent, startsPendingCheck {
      // A check due (waiting out its quiet time, or to run again when the running one ends)
      // starts as soon as it can.
      for key in involvedProjects(uri) where projects[key]?.dirty == true {
        projects[key]?.startsNextCheckAtOnce = true
        if projects[key]?.running == false { schedule(key) }
      }
    }
    if isAnalysed, !pointsIntoFiles {
      answer(id, context: snapshot(uri), position: at, compute)
      return
    }
    let version = document.version
    // Answered later: `shutdown` answers it first if it is still in flight then.
    inFlight.insert(id)
    Task {
      defer { self.inFlight.remove(id) }
      if !isAnalysed {
        guard await self.waitsForAnalysis(of: uri, id: id, ofCurrentVersion: !isCurrent) else { return }
      }
      if pointsIntoFiles, await self.recheckFilesChangedOnDisk(around: uri) {
        guard self.inFlight.contains(id) else { return }
        guard await self.waitsForAnalysis(of: uri, id: id, ofCurrentVersion: true) else { return }
      }
      guard self.inFlight.contains(id) else { return }
      guard let context = self.snapshot(uri) else {
        self.respond(id, .success(.null))
        return
      }
      guard context.document.version == version else {
        self.respond(id, .failure(.contentModified()))
        return
      }
      self.answer(id, context: context, position: at, compute)
    }
  }

  /// Waits for the document's analysis (``waitForAnalysis(of:id:ofCurrentVersion:)``); `false`
  /// when the request has been answered instead (cancelled, the document closed, shutdown).
  private func waitsForAnalysis(of uri: String, id: RequestID, ofCurrentVersion: Bool) async -> Bool {
    switch await waitForAnalysis(of: uri, id: id, ofCurrentVersion: ofCurrentVersion) {
    case .analysed:
      return true
    case .cancelled:
      respond(id, .failure(.requestCancelled()))
    case .closed:
      respond(id, .failure(.contentModified("the document was closed before its check ended")))
    case .modified:
      respond(id, .failure(.contentModified()))
    case .answered:
      break
    }
    return false
  }

  /// `true` when the last analysis of the document's project read its current text (whether or
  /// not it parsed) and no project an answer reads (its own, and the other roots that read the
  /// document or a file its root reads) has a check pending or read an open document that has
  /// changed since: a name just typed in another open file of the manifest counts too.
  ///
  /// A document whose text does not parse (being typed), the root or an included one, reads none
  /// of its includes, so no check reads a document it included until it parses again: the
  /// document's last check, whichever text it read, is then as current as an answer can be, and
  /// the request does not wait for one (``Project/heldWhileTyped``).
  func isAnalysedAtCurrentVersion(_ uri: String) -> Bool {
    guard let document = documents[uri], let key = owners[uri], let latest = projects[key]?.latest else {
      return false
    }
    guard
      latest.openVersion(of: uri) == document.version
        || (latest.file(for: uri) == nil
          && (latest.rootIsUnparsed || projects[key]?.heldWhileTyped.contains(uri) == true))
    else { return false }
    return involvedProjects(uri).allSatisfy { projects[$0]?.isSettled(with: documents) ?? true }
  }

  private func snapshot(_ uri: String) -> FeatureContext? {
    guard let document = documents[uri] else { return nil }
    // Other YAML files get no answers.
    if let key = owners[uri], projects[key]?.isManifest == false { return nil }
    var context = FeatureContext(
      uri: uri, document: document, documents: documents, model: analysisModels[uri], encoding: encoding,
      schema: schema, client: client)
    let owner = owners[uri]
    // The files the document's root reads: another root reading one of them shares its names.
    let read = Set(context.model?.uris ?? [])
    for (key, project) in projects where key != owner && project.isManifest {
      guard let model = project.latest else { continue }
      if model.rootIsUnparsed {
        // Being typed: it read none of its files, but reads them again once it parses.
        if project.lastParsedURIs.contains(uri) || !project.lastParsedURIs.isDisjoint(with: read) {
          context.unparsedRootsReading.append(project.rootURI)
        }
        continue
      }
      if let file = model.file(for: uri) {
        if model.parsed(file) { context.otherModels.append(model) }
      } else if model.uris.contains(where: read.contains) {
        context.otherModels.append(model)
      }
    }
    return context
  }

  private nonisolated func answer(
    _ id: RequestID, context: FeatureContext?, position: LSPPosition,
    _ compute: @escaping @Sendable (FeatureContext, LSPPosition) -> Result<JSONValue, ResponseError>
  ) {
    guard let context else {
      respond(id, .success(.null))
      return
    }
    Task.detached(priority: .userInitiated) {
      if self.cancellations.isCancelled(id) {
        self.respond(id, .failure(.requestCancelled()))
        return
      }
      self.respond(id, compute(context, position))
    }
  }

  /// Fills in a completion item's documentation: the protocol or module it names. The item
  /// comes back as sent otherwise; parameters that are not a completion item (an object with a
  /// string `label`) are InvalidParams.
  func resolveCompletion(_ item: JSONValue?) -> Result<JSONValue, ResponseError> {
    guard let item, case .object(var members) = item, item["label"]?.stringValue != nil else {
      return .failure(
        .invalidParams("'completionItem/resolve' takes a completion item (an object with a 'label')"))
    }
    guard let data = item["data"], let uri = data["uri"]?.stringValue, let model = analysisModels[uri] else {
      return .success(item)
    }
    var text: String?
    if let name = data["protocol"]?.stringValue {
      text = HoverProvider.protocolMarkdown(name, model: model)
    } else if let name = data["module"]?.stringValue {
      text = HoverProvider.moduleMarkdown(name, model: model)
    }
    if let text {
      members.removeAll { $0.0 == "documentation" }
      members.append(
        ("documentation", MarkupKind.documentation(markdown: text, in: client.completionDocumentationFormat)))
    }
    return .success(.object(members))
  }
}
