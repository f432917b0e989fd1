/// A manifest read from disk or from a string, with everything reported on the way.
public struct LoadedManifest: Sendable {
  public var manifest: Manifest
  public var diagnostics: [Diagnostic]
  /// `true` when some file could not be read or parsed as YAML, so the manifest is incomplete.
  public var isIncomplete: Bool
  /// The YAML tree of every file that parsed, in load order; filled only when the loader's
  /// ``ManifestLoader/keepsDocuments`` is set (editors map positions back to the text with it).
  public var documents: [YAMLDocument] = []
}

/// Reads a root manifest and its includes (depth-first, in order) into one ``Manifest``.
///
/// Include paths are relative to the including file and must stay inside the root manifest's
/// directory after symbolic links are resolved. A missing or outside file is an error at the
/// entry that names it, a cycle an error at the entry that closes it, a second mention of a
/// loaded file a warning.
public struct ManifestLoader: Sendable {
  public var limits: YAMLLimits
  /// Text to read instead of a file's contents on disk, by canonical path (symbolic links
  /// resolved): an editor's unsaved buffers. Containment and cycles are still checked on the
  /// real paths.
  public var overlays: [String: [UInt8]] = [:]
  /// Keeps each file's YAML tree in ``LoadedManifest/documents`` (off by default: the trees are
  /// otherwise freed as soon as each file is decoded).
  public var keepsDocuments = false

  public init(limits: YAMLLimits = .standard) {
    self.limits = limits
  }

  /// Loads the manifest at `path` (as typed by the user; diagnostics show it as given).
  public func load(path: String) -> LoadedManifest {
    var run = LoadRun(loader: self, rootPath: path)
    run.loadRoot(bytes: nil)
    return run.finish()
  }

  /// Loads a manifest from text; `path` names it in diagnostics and anchors its includes.
  public func load(yaml: String, path: String = "manifest.yaml") -> LoadedManifest {
    var run = LoadRun(loader: self, rootPath: path)
    run.loadRoot(bytes: Array(yaml.utf8))
    return run.finish()
  }
}

/// The state of one load.
private struct LoadRun {
  let limits: YAMLLimits
  let overlays: [String: [UInt8]]
  let keepsDocuments: Bool
  let rootPath: String
  /// The root manifest's directory, symbolic links resolved.
  let rootDirectory: String?
  var manifest = Manifest(files: SourceFileTable())
  var diagnostics = DiagnosticBag()
  /// Canonical paths of loaded files and the include entry that first named them.
  var loaded: [String: SourceLocation?] = [:]
  /// Canonical paths of the files whose includes are being loaded (the stack of ``Frame``s).
  var loading: Set<String> = []
  /// The first file to declare each binding's protocol, for cross-file duplicates.
  var bindingOwners: [String: SourceLocation] = [:]
  var isIncomplete = false
  var documents: [YAMLDocument] = []

  init(loader: ManifestLoader, rootPath: String) {
    self.limits = loader.limits
    self.overlays = loader.overlays
    self.keepsDocuments = loader.keepsDocuments
    self.rootPath = rootPath
    let directory = FileSystem.directory(of: rootPath)
    self.rootDirectory = FileSystem.realPath(directory.isEmpty ? "." : directory)
  }

  func finish() -> LoadedManifest {
    LoadedManifest(
      manifest: manifest, diagnostics: diagnostics.diagnostics, isIncomplete: isIncomplete,
      documents: documents)
  }

  mutating func loadRoot(bytes: [UInt8]?) {
    let canonical = FileSystem.realPath(rootPath)
    let id = manifest.files.add(path: rootPath, canonicalPath: canonical)
    let contents: [UInt8]
    if let bytes {
      contents = bytes
    } else if let canonical, let overlay = overlays[canonical] {
      contents = overlay
    } else {
      switch FileSystem.readFile(rootPath, limit: limits.maxFileBytes) {
      case .success(let read): contents = read
      case .failure(let error):
        diagnostics.report(
          Self.readFailure(error, path: rootPath, limit: limits.maxFileBytes, at: .startOf(id)))
        isIncomplete = true
        return
      }
    }
    let key = canonical ?? FileSystem.join(rootDirectory ?? "", rootPath)
    loaded[key] = .some(nil)
    guard let includes = decode(contents, id: id, isRoot: true) else { return }
    // Includes are loaded depth-first, in order, from an explicit stack rather than by recursion,
    // so that no chain of includes, however long, can exhaust the call stack.
    var stack = [Frame(id: id, canonical: key, includes: includes)]
    loading.insert(key)
    while let top = stack.last {
      guard top.next < top.includes.count else {
        loading.remove(top.canonical)
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      guard let child = include(top.includes[top.next], from: top.id),
        let childIncludes = decode(child.bytes, id: child.id, isRoot: false)
      else { continue }
      stack.append(Frame(id: child.id, canonical: child.canonical, includes: childIncludes))
      loading.insert(child.canonical)
    }
  }

  /// A file whose include entries are being followed.
  private struct Frame {
    let id: SourceFileID
    let canonical: String
    let includes: [Located<String>]
    var next = 0
  }

  /// Reads and decodes one file into the manifest; returns its include entries, or `nil` when
  /// it is not YAML (reported).
  private mutating func decode(_ bytes: [UInt8], id: SourceFileID, isRoot: Bool) -> [Located<String>]? {
    let read = YAMLReader.read(bytes, file: id, limits: limits)
    diagnostics.append(contentsOf: read.diagnostics)
    guard let document = read.document else {
      isIncomplete = true
      return nil
    }
    if keepsDocuments { documents.append(document) }
    var decoder = ManifestDecoder(document: document, isRoot: isRoot)
    let fragment = decoder.decode()
    diagnostics.append(contentsOf: decoder.reader.diagnostics)
    merge(fragment, isRoot: isRoot)
    return fragment.includes
  }

  /// Checks an include entry and reads the file it names; `nil` when there is nothing to load
  /// (reported, or already loaded).
  private mutating func include(_ entry: Located<String>, from parent: SourceFileID) -> (
    bytes: [UInt8], id: SourceFileID, canonical: String
  )? {
    let parentPath = manifest.files.path(of: parent)
    let shownPath = FileSystem.join(FileSystem.directory(of: parentPath), entry.value)
    if entry.value.isEmpty {
      diagnostics.report(
        .includeNotFound, "an include entry is empty; name a manifest file", at: entry.location)
      return nil
    }
    if entry.value.utf8.contains(0) {
      diagnostics.report(
        .includeNotFound,
        "include '\(TextFormatter.printable(entry.value))' holds a NUL character, which no file name can; "
          + "remove it",
        at: entry.location)
      manifest.includes.append(IncludeDecl(path: entry, file: nil))
      isIncomplete = true
      return nil
    }
    if entry.value.hasPrefix("/") {
      diagnostics.report(
        .includeOutsideRoot,
        "include '\(entry.value)' is an absolute path; include paths are relative to the including "
          + "file and stay inside the root manifest's directory",
        at: entry.location)
      // What the file declares is missing from the manifest, as for a missing file.
      manifest.includes.append(IncludeDecl(path: entry, file: nil))
      isIncomplete = true
      return nil
    }
    guard let canonical = FileSystem.realPath(shownPath) else {
      diagnostics.report(
        .includeNotFound, "cannot find included file '\(entry.value)' (looked for '\(shownPath)')",
        at: entry.location)
      manifest.includes.append(IncludeDecl(path: entry, file: nil))
      isIncomplete = true
      return nil
    }
    guard let rootDirectory, FileSystem.isInside(canonical, directory: rootDirectory) else {
      diagnostics.report(
        .includeOutsideRoot,
        "include '\(entry.value)' resolves to '\(canonical)', outside the root manifest's directory "
          + "'\(rootDirectory ?? ".")'; move the file inside it",
        at: entry.location)
      manifest.includes.append(IncludeDecl(path: entry, file: nil))
      isIncomplete = true
      return nil
    }
    if loading.contains(canonical) {
      diagnostics.report(
        .includeCycle,
        "include '\(entry.value)' closes a cycle: '\(shownPath)' is already being loaded; "
          + "remove this entry",
        at: entry.location)
      return nil
    }
    if let first = loaded[canonical] {
      var notes: [DiagnosticNote] = []
      if let first { notes.append(DiagnosticNote("first included here", at: first)) }
      diagnostics.report(
        .includedTwice, "'\(entry.value)' is already loaded; a file is loaded once: remove this entry",
        at: entry.location, notes: notes)
      return nil
    }
    let id = manifest.files.add(path: shownPath, canonicalPath: canonical)
    manifest.includes.append(IncludeDecl(path: entry, file: id))
    // Recorded before reading: a file named again is "already loaded", whether or not it could
    // be read, so its error is reported once.
    loaded[canonical] = .some(entry.location)
    if let overlay = overlays[canonical] { return (overlay, id, canonical) }
    switch FileSystem.readFile(shownPath, limit: limits.maxFileBytes, regularOnly: true) {
    case .success(let bytes):
      return (bytes, id, canonical)
    case .failure(let error):
      diagnostics.report(
        Self.readFailure(error, path: entry.value, limit: limits.maxFileBytes, at: entry.location))
      isIncomplete = true
      return nil
    }
  }

  private mutating func merge(_ fragment: ManifestFragment, isRoot: Bool) {
    if isRoot {
      manifest.version = fragment.version
      manifest.app = fragment.app
      manifest.scheme = fragment.scheme
      manifest.fallback = fragment.fallback
      manifest.variants = fragment.variants
    }
    manifest.protocols.append(contentsOf: fragment.protocols)
    manifest.modules.append(contentsOf: fragment.modules)
    manifest.adapters.append(contentsOf: fragment.adapters)
    for binding in fragment.bindings {
      if let first = bindingOwners[binding.protocolName.value] {
        diagnostics.report(
          .duplicateKey,
          "'\(binding.protocolName.value)' is already bound in another file; bind a protocol once",
          at: binding.protocolName.location, notes: [DiagnosticNote("first bound here", at: first)])
        continue
      }
      bindingOwners[binding.protocolName.value] = binding.protocolName.location
      manifest.bindings.append(binding)
    }
  }

  private static func readFailure(
    _ error: FileReadError, path: String, limit: Int, at location: SourceLocation
  ) -> Diagnostic {
    switch error {
    case .system(let reason):
      return Diagnostic(.fileUnreadable, "cannot read '\(path)': \(reason)", at: location)
    case .isDirectory:
      return Diagnostic(.fileUnreadable, "'\(path)' is a directory; name a manifest file", at: location)
    case .notRegularFile:
      return Diagnostic(
        .fileUnreadable,
        "'\(path)' is not a regular file (a FIFO, device or socket); include manifest files only",
        at: location)
    case .tooLargeWhileReading:
      return Diagnostic(
        .fileTooLarge,
        "'\(path)' is more than the limit of \(limit) bytes (reading stopped there); name a manifest file, "
          + "or split it with 'include'",
        at: location)
    case .tooLarge(let size):
      return Diagnostic(
        .fileTooLarge,
        "'\(path)' is \(size) bytes, more than the limit of \(limit) bytes; split it with 'include'",
        at: location)
    }
  }
}
