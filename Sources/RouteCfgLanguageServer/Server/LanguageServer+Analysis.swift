import Dispatch
import RouteCfgCore

extension LanguageServer {
  /// Validates a project after its quiet time (at once for a document just opened). A change
  /// during a running analysis marks the project dirty; it is validated again when that ends.
  func schedule(_ key: String, immediately: Bool = false) {
    guard var project = projects[key], lifecycle == .running else { return }
    project.dirty = true
    project.debounce?.cancel()
    // At least the configured quiet time, and half as long as the last check took (up to half a
    // second): a large manifest is not re-checked after every keystroke of a burst of typing. A
    // request the user made and waits for this check skips it.
    let delay =
      immediately || project.startsNextCheckAtOnce
      ? .zero : max(options.validationDelay, min(project.lastDuration / 2, .milliseconds(500)))
    project.debounce = Task {
      if delay > .zero {
        try? await Task.sleep(for: delay)
        if Task.isCancelled { return }
      }
      await self.startAnalysis(key)
    }
    projects[key] = project
  }

  private func startAnalysis(_ key: String) async {
    guard var project = projects[key], project.dirty, !project.running else { return }
    project.running = true
    project.dirty = false
    project.startsNextCheckAtOnce = false
    projects[key] = project
    let input = analysisInput(for: project)
    let model = await result(on: analysisQueue) { ModelBuilder.build(input) }
    adopt(model, key: key)
  }

  private func analysisInput(for project: Project) -> AnalysisInput {
    var overlays: [String: Overlay] = [:]
    var rootText: Overlay?
    for document in documents.values {
      let overlay = Overlay(uri: document.uri, version: document.version, bytes: document.bytes)
      if let canonical = document.canonicalPath { overlays[canonical] = overlay }
      // The root's text is read as it is, whether or not its file is on disk (not yet saved, or
      // deleted since it was opened).
      if document.uri == project.rootURI { rootText = overlay }
    }
    return AnalysisInput(
      rootPath: project.rootPath, rootURI: project.rootURI, rootText: rootText, overlays: overlays)
  }

  /// Takes a finished analysis: the analysis model of every document it read as YAML, its
  /// diagnostics when no document changed meanwhile, and another run when one did.
  private func adopt(_ checked: ManifestModel, key: String) {
    guard var project = projects[key] else { return }
    // A document opened while the check ran, with the text it read on disk, is read as its buffer.
    let byPath = ManifestModel.openDocumentsByPath(documents)
    let model = checked.readingOpenDocuments(byPath)
    project.running = false
    // Another file read on disk while its document is open with other text: the check stands
    // for no buffer of that file (its places there are not the buffer's), and the next reads it.
    // It is dropped as if it had not run: neither answered from nor published, nor does it move
    // documents between roots.
    if model.readsOnDisk(anyOf: byPath) {
      projects[key] = project
      schedule(key, immediately: true)
      return
    }
    project.latest = model
    project.lastDuration = model.duration
    project.isManifest = RootDiscovery.declaresFormat(model)
    // Open documents that were roots of their own only because no root included them, and that
    // this root now includes, join it; before it publishes, so that nothing their own check found
    // is shown beside what it finds.
    if project.isManifest { adoptDocuments(reachedBy: model, of: project) }
    let members = owners.filter { $0.value == key }.map(\.key)
    // A root whose text does not parse (typing) read none of its includes: its documents stay its
    // own until it parses again, rather than leaving it and coming back. So do the files an
    // included document that does not parse read in the last check where every document parsed:
    // this check could not read them through it.
    let rootUnparsed = model.rootIsUnparsed
    project.noteIncludes(of: model)
    let held = project.heldWhileTyped
    if !rootUnparsed { project.lastParsedURIs = Set(model.uris).union(held) }
    func stays(_ uri: String) -> Bool {
      rootUnparsed || model.file(for: uri) != nil || uri == project.rootURI || held.contains(uri)
    }
    // A root that is not open and no longer includes any open document is nobody's manifest.
    let staying = members.filter(stays)
    for uri in members {
      analysedDocuments.insert(uri)
      if let file = model.file(for: uri), model.parsed(file),
        Self.answers(better: model, than: analysisModels[uri])
      {
        analysisModels[uri] = model
      }
    }
    trimEdits()
    let current = model.openVersions.allSatisfy { file, version in
      documents[model.uri(of: file)].map { $0.version == version } ?? true
    }
    if current, lifecycle == .running, !staying.isEmpty { publish(model, project: &project) }
    if !project.isManifest { analysisModels = analysisModels.filter { !members.contains($0.key) } }
    projects[key] = project
    // A document the root no longer includes joins the nearest other root whose last check
    // reached it, or becomes a root of its own.
    for uri in members where !stays(uri) {
      owners[uri] = nil
      joinNearestRoot(uri, besides: [key])
    }
    if staying.isEmpty {
      // What it published clears, as when its last open file is closed.
      dropProject(key)
    } else if projects[key]?.dirty == true || !current {
      // Not current: an open document changed while this check ran, and its project was not
      // told (a first check has no list of the files it reads yet): requests that wait for the
      // text as it is would otherwise wait for the next edit.
      schedule(key)
    }
    resumeAnalysedWaiters()
  }

  /// Whether requests about a document that parsed in `model` read it rather than `current`, the
  /// model they read now: unless an open document `model` read does not parse (being typed) while
  /// `current`, of the same root, parsed it. Such a load knows nothing the half-typed file
  /// declares, so its other files answer from the last load that did, with positions mapped
  /// through the edits made since, as a half-typed root's own requests do; a load that did not
  /// parse the file either (broken on disk before it was opened) knows no more of it, and the
  /// newer one is taken.
  static func answers(better model: ManifestModel, than current: ManifestModel?) -> Bool {
    guard let current, current.rootPath == model.rootPath else { return true }
    return !model.unparsedTexts.keys.contains { file in
      // `current` read the file from the open document: its places map through the edits. A
      // text read on disk that the buffer does not hold (``ManifestModel/readingOpenDocuments(_:)``)
      // has no edits to map through: its places are not the buffer's.
      current.file(for: model.uri(of: file)).map { current.parsed($0) && current.openVersions[$0] != nil }
        ?? false
    }
  }

  /// Counts a document just opened as read from its buffer by the checks that read its file on
  /// disk with the same text: the models requests answer from and each project's last.
  func readOpenedDocumentInChecks() {
    // A model several documents answer from stays one model; each original is held here until
    // the end, so that no identifier is reused meanwhile.
    var copies: [ObjectIdentifier: (original: ManifestModel, copy: ManifestModel)] = [:]
    let byPath = ManifestModel.openDocumentsByPath(documents)
    func reading(_ model: ManifestModel) -> ManifestModel {
      if let known = copies[ObjectIdentifier(model)] { return known.copy }
      let copy = model.readingOpenDocuments(byPath)
      copies[ObjectIdentifier(model)] = (model, copy)
      return copy
    }
    analysisModels = analysisModels.mapValues(reading)
    for key in projects.keys {
      if let latest = projects[key]?.latest { projects[key]?.latest = reading(latest) }
    }
    // A check that read the file on disk with other text answers nothing more: its places there
    // are not the buffer's. Requests wait for the check that reads the buffer, started now.
    // Asked once per model, however many documents answer from it.
    var readOnDisk: [ObjectIdentifier: Bool] = [:]
    func readsOnDisk(_ model: ManifestModel) -> Bool {
      if let known = readOnDisk[ObjectIdentifier(model)] { return known }
      let reads = model.readsOnDisk(anyOf: byPath)
      readOnDisk[ObjectIdentifier(model)] = reads
      return reads
    }
    for (uri, model) in analysisModels where readsOnDisk(model) {
      analysisModels[uri] = nil
      analysedDocuments.remove(uri)
      if let owner = owners[uri] { schedule(owner, immediately: true) }
    }
  }

  /// Moves to the project of `model`'s root (or a nearer root that also reaches them) the open
  /// documents the model reaches that are roots of their own, and those a farther root took
  /// first: whichever was opened or checked first, a file belongs to the nearest root whose load
  /// reaches it (as ``RootDiscovery`` finds it on open). The projects they were the roots of are
  /// dropped (clearing what they published); their other documents move to this root when it
  /// reaches them, else to the nearest other root that does, else become roots of their own.
  private func adoptDocuments(reachedBy model: ManifestModel, of project: Project) {
    let key = project.key
    guard model.parsed(SourceFileID(0)) else { return }
    var displaced: [String] = []
    for (uri, owner) in owners.sorted(by: { $0.key < $1.key })
    where owner != key && uri != project.rootURI && model.file(for: uri) != nil {
      guard let current = projects[owner] else { continue }
      guard current.rootURI == uri else {
        // A root farther away took it first; this one, nearer, reaches it too, unless it is a
        // file of the farther root (a manifest another includes belongs to it) or has no file
        // (an untitled buffer). The farther root goes when nothing open is left in it.
        if current.isManifest, DocumentURI.path(of: project.rootURI) != nil,
          Self.isNearer(project.rootPath, than: current.rootPath),
          current.latest?.file(for: project.rootURI) == nil
        {
          owners[uri] = key
          if !owners.values.contains(owner) { dropProject(owner) }
        }
        continue
      }
      var target = key
      if let other = nearestRoot(reaching: uri, besides: [key, owner]),
        let otherRoot = projects[other]?.rootPath, Self.isNearer(otherRoot, than: project.rootPath)
      {
        target = other
        schedule(other)
      }
      owners[uri] = target
      displaced.append(owner)
    }
    guard !displaced.isEmpty else { return }
    for (uri, owner) in owners.sorted(by: { $0.key < $1.key }) where displaced.contains(owner) {
      if model.file(for: uri) != nil {
        owners[uri] = key
      } else {
        owners[uri] = nil
        joinNearestRoot(uri, besides: Set(displaced + [key]))
      }
    }
    for own in displaced where !owners.values.contains(own) { dropProject(own) }
  }

  /// Gives a document its root left it: the nearest other root (but `besides`) whose last check
  /// reached it, or a project of its own, whose root is then looked for again on disk (a root
  /// renamed on disk, or one whose last check is gone, may include it).
  private func joinNearestRoot(_ uri: String, besides: Set<String>) {
    if let next = nearestRoot(reaching: uri, besides: besides) {
      owners[uri] = next
      schedule(next, immediately: true)
      return
    }
    let own = makeProject(rootURI: uri)
    owners[uri] = own
    schedule(own, immediately: true)
    lookAgainForRoot(of: uri)
  }

  /// Of the manifest projects but `besides` whose last check reached the document from a root
  /// that parsed (the document not being that root), the one whose root is nearest to it.
  func nearestRoot(reaching uri: String, besides: Set<String>) -> String? {
    projects.values.filter { project in
      guard !besides.contains(project.key), project.isManifest, project.rootURI != uri,
        let model = project.latest, model.parsed(SourceFileID(0))
      else { return false }
      return model.file(for: uri) != nil
    }.min { Self.isNearer($0.rootPath, than: $1.rootPath) }?.key
  }

  /// Whether the root manifest at `path` is nearer a file both include than the one at `other`:
  /// in a directory below it, or in the same directory and first in name order, as
  /// ``RootDiscovery`` looks for roots.
  static func isNearer(_ path: String, than other: String) -> Bool {
    let (directory, otherDirectory) = (FileSystem.directory(of: path), FileSystem.directory(of: other))
    return directory == otherDirectory ? path < other : directory.count > otherDirectory.count
  }

  /// Resumes the requests that waited for an analysis which the documents now have: any, or of
  /// their current text (``isAnalysedAtCurrentVersion(_:)``, which other projects' checks decide too).
  func resumeAnalysedWaiters() {
    for uri in waiters.keys.sorted() where analysedDocuments.contains(uri) {
      resumeWaiters(for: uri, analysed: true, current: isAnalysedAtCurrentVersion(uri))
    }
  }

  /// Drops edits no analysis model needs any more: none a document answers from, nor a
  /// project's last check, which a document that joins the project answers from.
  private func trimEdits() {
    let models = Array(analysisModels.values) + projects.values.compactMap(\.latest)
    for (uri, document) in documents {
      var oldest: Int?
      for model in models {
        guard let version = model.openVersion(of: uri) else { continue }
        oldest = min(oldest ?? version, version)
      }
      if let oldest, oldest > document.edits.baseVersion {
        documents[uri]?.trimEdits(upTo: oldest)
      }
    }
  }

  private func publish(_ model: ManifestModel, project: inout Project) {
    let mapper = PositionMapper(model: model, documents: documents, encoding: encoding)
    var published: [String: (version: Int?, diagnostics: [JSONValue])] = [:]
    // Other YAML files (no 'routecfg' key) get no diagnostics: earlier ones are cleared.
    let publications =
      project.isManifest
      ? DiagnosticPublisher.publications(
        model: model, mapper: mapper, links: options.links, client: client
      )
      : model.uris.map { ($0, [JSONValue]()) }
    for (uri, diagnostics) in publications {
      sendDiagnostics(for: uri, own: diagnostics, of: project.key)
      if !diagnostics.isEmpty {
        published[uri] = (model.openVersion(of: uri), diagnostics)
      }
    }
    // Files the manifest no longer reads lose its diagnostics. A document that does not parse
    // (being typed), the root or an included one, read none of its includes: they keep what the
    // last whole check found in them until it parses again, rather than losing it at every
    // keystroke that breaks the document.
    let files = Set(model.uris)
    for (uri, found) in project.published where !files.contains(uri) {
      if (model.rootIsUnparsed && project.lastParsedURIs.contains(uri))
        || project.heldWhileTyped.contains(uri)
      {
        published[uri] = found
      } else {
        sendDiagnostics(for: uri, own: [], of: project.key)
      }
    }
    project.published = published
  }

  /// Publishes a file's diagnostics: `own`, found by the project `key`, and those the other
  /// projects that read the file's current text found in it (a file included by two roots shows
  /// what each root finds, so that checking one root does not hide what the other found), each
  /// once. What another project found in an older text waits for its next check.
  func sendDiagnostics(for uri: String, own: [JSONValue], of key: String) {
    var merged = own
    let version = documents[uri]?.version
    for (otherKey, other) in projects where otherKey != key {
      guard let found = other.published[uri], found.version == version else { continue }
      for diagnostic in found.diagnostics where !merged.contains(diagnostic) {
        merged.append(diagnostic)
      }
    }
    var params: [(String, JSONValue)] = [("uri", .string(uri))]
    if let version { params.append(("version", .int(version))) }
    params.append(("diagnostics", .array(merged)))
    sink.send(OutgoingMessage.notification("textDocument/publishDiagnostics", .object(params)))
  }

  // MARK: Waiting for the first analysis

  /// How waiting for a document's first analysis ended.
  enum AnalysisWait: Sendable {
    case analysed
    /// The client cancelled the request.
    case cancelled
    /// The document was closed first.
    case closed
    /// The document changed first: what the request asked about is no longer its text.
    case modified
    /// The server shut down first and has answered the request (``answerWaitersAtShutdown()``).
    case answered
  }

  /// Suspends until the document has had an analysis (with `ofCurrentVersion`, one of the text it
  /// has now: an analysis that ends with all open documents as they are), the client cancels the
  /// request or the document is closed.
  func waitForAnalysis(of uri: String, id: RequestID, ofCurrentVersion: Bool = false) async -> AnalysisWait {
    // Checked again here: the analysis may have ended between the request and this call.
    if ofCurrentVersion ? isAnalysedAtCurrentVersion(uri) : analysedDocuments.contains(uri) {
      return .analysed
    }
    guard documents[uri] != nil else { return .closed }
    let token = nextWaiterToken
    nextWaiterToken += 1
    return await withCheckedContinuation { continuation in
      waiters[uri, default: [:]][token] = ModelWaiter(
        id: id, continuation: continuation, needsCurrentVersion: ofCurrentVersion)
      cancellations.onCancel(id) { [weak self] in
        Task { await self?.cancelWaiter(uri: uri, token: token) }
      }
    }
  }

  private func cancelWaiter(uri: String, token: Int) {
    guard let waiter = waiters[uri]?.removeValue(forKey: token) else { return }
    waiter.continuation.resume(returning: .cancelled)
  }

  /// Answers every request still waiting for a first analysis, which will not come once the
  /// server is shut down: every request gets a response (LSP 3.17), before `shutdown`'s own.
  func answerWaitersAtShutdown() {
    let pending = waiters
    waiters = [:]
    for waiter in pending.values.flatMap(\.values) {
      respond(waiter.id, .failure(.requestFailed("the server shut down before the request's check ended")))
      inFlight.remove(waiter.id)
      waiter.continuation.resume(returning: .answered)
    }
    // Requests between two waits (comparing files with the disk) are answered here too.
    for id in inFlight.sorted(by: { "\($0)" < "\($1)" }) {
      respond(id, .failure(.requestFailed("the server shut down before the request was answered")))
    }
    inFlight = []
  }

  /// Resumes every request waiting for the document as `modified`: it changed, so their answers
  /// would be `ContentModified` whenever its check ended.
  func resumeWaitersOfChanged(_ uri: String) {
    guard let pending = waiters.removeValue(forKey: uri) else { return }
    for waiter in pending.values { waiter.continuation.resume(returning: .modified) }
  }

  /// Resumes the requests waiting for the document: all of them when it was closed (`analysed`
  /// false) or when the analysis read the document as it is now (`current`), else those
  /// that wait for any analysis.
  func resumeWaiters(for uri: String, analysed: Bool, current: Bool = true) {
    guard var pending = waiters.removeValue(forKey: uri) else { return }
    for (token, waiter) in pending where !analysed || current || !waiter.needsCurrentVersion {
      pending[token] = nil
      waiter.continuation.resume(returning: analysed ? .analysed : .closed)
    }
    if !pending.isEmpty { waiters[uri] = pending }
  }
}
