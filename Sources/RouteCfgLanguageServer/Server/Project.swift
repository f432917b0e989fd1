import RouteCfgCore

/// A root manifest the server validates, with the open documents that belong to it (the root
/// itself, and included files).
struct Project: Sendable {
  /// The root's canonical path, or the URI of a root that is not a file.
  let key: String
  let rootPath: String
  let rootURI: String
  /// The latest model, whatever it found.
  var latest: ManifestModel?
  /// Whether an analysis is running; changes that arrive meanwhile set `dirty`.
  var running = false
  var dirty = false
  /// The pending debounced start.
  var debounce: Task<Void, Never>?
  /// A request the user made (references, rename) waits for the next check, which then starts
  /// without waiting for a quiet time.
  var startsNextCheckAtOnce = false
  /// The diagnostics this project last found in each file, for files where it found some, with
  /// the version of the file's open document it read (`nil`: the file on disk). A file two roots
  /// include shows what both found in its current text
  /// (``LanguageServer/sendDiagnostics(for:own:of:)``).
  var published: [String: (version: Int?, diagnostics: [JSONValue])] = [:]
  /// The URIs the last check whose root parsed read, with those it held (``heldWhileTyped``):
  /// while the root is being typed and does not parse, what it will read again when it does
  /// (rename refuses to leave it behind).
  var lastParsedURIs: Set<String> = []
  /// The files each file of the manifest includes, by URI, as the last check in which every open
  /// document parsed read them.
  var lastIncludes: [String: [String]] = [:]
  /// The files a check that could not read open documents (being typed) holds in the manifest:
  /// those the last whole check read through them. Empty when every open document parses.
  var heldWhileTyped: Set<String> = []
  /// How long the last analysis took, for the debounce.
  var lastDuration: Duration = .zero
  /// Whether the root is a manifest (has a top-level `routecfg:` key). Other YAML files the
  /// editor sends, such as CI workflows, get no diagnostics and no answers.
  var isManifest = true

  /// Takes what a check read: the includes of each file when every open document parsed, else
  /// the files held in the manifest meanwhile (``heldWhileTyped``).
  mutating func noteIncludes(of model: ManifestModel) {
    guard model.hasUnparsedDocument else {
      var includes: [String: [String]] = [:]
      for include in model.manifest.includes {
        guard let file = include.file else { continue }
        includes[model.uri(of: include.path.location.file), default: []].append(model.uri(of: file))
      }
      lastIncludes = includes
      heldWhileTyped = []
      return
    }
    var held: Set<String> = []
    var pending = model.unparsedTexts.keys.map { model.uri(of: $0) }
    while let uri = pending.popLast() {
      for included in lastIncludes[uri] ?? [] where held.insert(included).inserted {
        pending.append(included)
      }
    }
    heldWhileTyped = held
  }

  /// Whether no check is pending and the last one read each open document it read as it is now.
  func isSettled(with documents: [String: TextDocument]) -> Bool {
    guard !dirty, !running, let latest else { return false }
    return latest.openVersions.allSatisfy { file, version in
      documents[latest.uri(of: file)]?.version == version
    }
  }
}

/// A request waiting for the first analysis of its document.
struct ModelWaiter {
  let id: RequestID
  let continuation: CheckedContinuation<LanguageServer.AnalysisWait, Never>
  /// Whether it waits for an analysis of the document's current text, not just any.
  var needsCurrentVersion = false
}
