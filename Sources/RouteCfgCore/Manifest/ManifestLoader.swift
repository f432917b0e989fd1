/// A manifest read from disk or from a string, with everything reported on the way.
public struct LoadedManifest: Sendable {
  public var manifest: Manifest
  /// The diagnostics listed, sorted (at most the loader's `maxDiagnostics`).
  public var diagnostics: [Diagnostic]
  /// Diagnostics found beyond the limit, counted but not listed.
  public var omitted = OmittedDiagnostics()
  /// `true` when some file could not be read or parsed as YAML, or an `include` value could
  /// not be read, so the manifest is incomplete.
  public var isIncomplete: Bool
  /// The YAML tree of every file that parsed, in load order; filled only when the loader's
  /// ``ManifestLoader/keepsDocuments`` is set (editors map positions back to the text with it).
  public var documents: [YAMLDocument] = []
  /// The text of every file that was read but is not YAML (not UTF-8, a syntax error), by file;
  /// filled only when ``ManifestLoader/keepsDocuments`` is set (editors place its diagnostics).
  package var unparsedTexts: [SourceFileID: SourceText] = [:]
}

/// Reads a root manifest and its includes (depth-first, in order) into one ``Manifest``.
///
/// Include paths are relative to the including file and must stay inside the root manifest's
/// directory after symbolic links are resolved. A missing or outside file is an error at the
/// entry that names it, a cycle an error at the entry that closes it, a second mention of a
/// loaded file a warning. Included files are opened through the root directory's descriptor,
/// one path component at a time (``ContainedDirectory``), so the file read is the file checked.
public struct ManifestLoader: Sendable {
  public var limits: YAMLLimits
  /// List at most this many diagnostics and count the rest; `nil` lists them all.
  public var maxDiagnostics: Int?
  /// Text to read instead of a file's contents on disk, by canonical path (symbolic links
  /// resolved): an editor's unsaved buffers, also of files deleted on disk since (keyed by the
  /// path they had). Containment and cycles are still checked on the real paths.
  public var overlays: [String: [UInt8]] = [:]
  /// Keeps each file's YAML tree in ``LoadedManifest/documents`` (off by default: the trees are
  /// otherwise freed as soon as each file is decoded).
  public var keepsDocuments = false
  /// When files are decoded on two threads (tests compare `.always` with `.never`).
  var threads = ThreadUse.forLargeInputs

  public init(limits: YAMLLimits = .standard, maxDiagnostics: Int? = DiagnosticBag.defaultLimit) {
    self.limits = limits
    self.maxDiagnostics = maxDiagnostics
  }

  /// `true` for `include` and for a root key read as `include` (its did-you-mean among the root's
  /// keys, reported as RC0201): the language server looks for roots by their text.
  package static func mayMeanInclude(_ key: String) -> Bool {
    if key == "include" { return true }
    // A key further from `include` than a typo's distance is never read as it; most keys are
    // ruled out by their length alone, without a distance computed.
    let limit = EditDistance.typoLimit(for: key)
    guard abs(key.unicodeScalars.count - 7) <= limit else { return false }
    guard EditDistance.distance(key, "include", limit: limit) != nil || key.lowercased() == "include" else {
      return false
    }
    return closestName(to: key, among: ManifestDecoder.rootKeys) == "include"
  }

  /// Loads the manifest at `path` (as typed by the user; diagnostics show it as given).
  public func load(path: String) -> LoadedManifest {
    var run = LoadRun(loader: self, rootPath: path)
    run.loadRoot(bytes: nil)
    return run.finish()
  }

  /// Loads a manifest from text; `path` names it in diagnostics and anchors its includes.
  public func load(yaml: String, path: String = "manifest.yaml") -> LoadedManifest {
    load(bytes: Array(yaml.utf8), path: path)
  }

  /// Loads a manifest from the bytes of a file, which need not be valid UTF-8 (the reader reports
  /// it); `path` names it in diagnostics and anchors its includes.
  public func load(bytes: [UInt8], path: String = "manifest.yaml") -> LoadedManifest {
    var run = LoadRun(loader: self, rootPath: path)
    run.loadRoot(bytes: bytes)
    return run.finish()
  }
}

/// The state of one load.
private struct LoadRun {
  let limits: YAMLLimits
  let overlays: [String: [UInt8]]
  let keepsDocuments: Bool
  let threads: ThreadUse
  let maxDiagnostics: Int?
  let rootPath: String
  /// The root manifest's directory, symbolic links resolved, held open.
  let root: ContainedDirectory?
  var manifest = Manifest(files: SourceFileTable())
  var diagnostics: DiagnosticBag
  /// The directory of each loaded file as real components below the root directory.
  var directories: [SourceFileID: [String]] = [:]
  /// Canonical paths of loaded files, each with its ID and the include entry that first named it.
  var loaded: [String: (file: SourceFileID, firstEntry: SourceLocation?)] = [:]
  /// Canonical paths in `loaded` whose file could not be read (a directory, a device, too large).
  var unreadable: Set<String> = []
  /// Canonical paths of the files whose includes are being loaded (the stack of ``Frame``s).
  var loading: [String: SourceFileID] = [:]
  /// Directory listings read for include suggestions, by path, so that many missing includes
  /// list each directory once (`nil`: not listable, or too large to search).
  var listedDirectories: [String: [String]?] = [:]
  /// The real paths of the files each file's include list names, by file, made for its first
  /// missing entry (a did-you-mean never names one of them).
  var listedRealPaths: [SourceFileID: Set<String>] = [:]
  /// The canonical path each file was first loaded under, by identity: a hard link to a loaded
  /// file is that file (its own canonical path differs).
  var canonicalPaths: [FileIdentity: String] = [:]
  /// The first file to declare each binding's protocol, for cross-file duplicates.
  var bindingOwners: [String: SourceLocation] = [:]
  var isIncomplete = false
  var documents: [YAMLDocument] = []
  var unparsedTexts: [SourceFileID: SourceText] = [:]

  init(loader: ManifestLoader, rootPath: String) {
    self.limits = loader.limits
    self.overlays = loader.overlays
    self.keepsDocuments = loader.keepsDocuments
    self.threads = loader.threads
    self.maxDiagnostics = loader.maxDiagnostics
    self.rootPath = rootPath
    self.diagnostics = DiagnosticBag(limit: maxDiagnostics)
    let directory = FileSystem.directory(of: rootPath)
    self.root = FileSystem.realPath(directory.isEmpty ? "." : directory).flatMap {
      ContainedDirectory(realPath: $0)
    }
  }

  func finish() -> LoadedManifest {
    let (listed, omitted) = diagnostics.finished()
    var loaded = LoadedManifest(
      manifest: manifest, diagnostics: listed, omitted: omitted, isIncomplete: isIncomplete,
      documents: documents)
    loaded.unparsedTexts = unparsedTexts
    return loaded
  }

  mutating func loadRoot(bytes: [UInt8]?) {
    // Until the root is decoded its `variants` are not read: a root that cannot be read declares
    // no variant, and an unknown `--variant` is then no misuse (its problems are the answer).
    manifest.variantsHaveErrors = true
    // A root that is not on disk (an editor's buffer of a file deleted meanwhile) has the path
    // it would have: its directory's real path and its name.
    let canonical =
      FileSystem.realPath(rootPath)
      ?? root.map { FileSystem.join($0.path, String(rootPath.split(separator: "/").last ?? "")) }
    let id = manifest.files.add(path: rootPath, canonicalPath: canonical)
    directories[id] = []
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
          Self.readFailure(error, path: rootPath, limit: limits.maxFileBytes, at: .startOf(id), isRoot: true))
        isIncomplete = true
        return
      }
    }
    let key = canonical ?? FileSystem.join(root?.path ?? "", rootPath)
    loaded[key] = (id, nil)
    if let identity = FileIdentity(path: rootPath) { canonicalPaths[identity] = key }
    guard let includes = decode(contents, id: id, isRoot: true) else { return }
    // Includes are loaded depth-first, in order, from an explicit stack rather than by recursion,
    // so that no chain of includes, however long, can exhaust the call stack.
    var stack = [Frame(id: id, canonical: key, includes: includes)]
    loading[key] = id
    while let top = stack.last {
      guard top.next < top.includes.count else {
        loading[top.canonical] = nil
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      guard let child = include(top.includes[top.next], from: top.id, listedWith: top.includes),
        let childIncludes = decode(child.bytes, id: child.id, isRoot: false)
      else { continue }
      stack.append(Frame(id: child.id, canonical: child.canonical, includes: childIncludes))
      loading[child.canonical] = child.id
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
    var prepared = PreparedMembers()
    // The reading thread's writer: it keeps the members, type references and method parameters
    // of the bodies prepared together.
    var writer = BodyWriter.manyBodies
    // Those of the bodies left at the last event that libyaml's thread, then free, prepares.
    var preparedAlongside = PreparedMembers()
    var writerAlongside = BodyWriter.manyBodies
    let keepsDocuments = keepsDocuments
    let read = YAMLReader.read(
      bytes, file: id, limits: limits, maxDiagnostics: maxDiagnostics,
      selecting: threads == .never ? nil : PreparedMembers.selection,
      whileWaiting: { node, body, locator, names in
        // Prepared, a body is decoded from its members: unless the document is kept, its text
        // (most of a manifest's bytes) need not stay alive beside the model while it is built.
        prepared.prepare(node, body: body, locator: locator, writer: &writer, sharing: &names)
          && !keepsDocuments
      },
      alongside: { node, body, locator, names in
        preparedAlongside.prepare(
          node, body: body, locator: locator, writer: &writerAlongside, sharing: &names)
          && !keepsDocuments
      })
    prepared.take(preparedAlongside)
    diagnostics.append(contentsOf: read.diagnostics, omitted: read.omitted)
    guard let document = read.document else {
      if let partial = read.readBeforeFailure {
        var reader = NodeReader(document: partial, diagnosticLimit: maxDiagnostics)
        reader.reportUnsupportedSyntax()
        diagnostics.append(contentsOf: reader.diagnostics)
      }
      isIncomplete = true
      if keepsDocuments { unparsedTexts[id] = SourceText(fileContents: bytes) }
      return nil
    }
    // What a second document declares is unknown: checks it could change are held back.
    if read.isPartial { isIncomplete = true }
    prepared.selected = read.selected.count
    if keepsDocuments { documents.append(document) }
    var decoder = ManifestDecoder(
      document: document, isRoot: isRoot, diagnosticLimit: maxDiagnostics, threads: threads,
      prepared: prepared)
    let fragment = decoder.decode()
    diagnostics.append(contentsOf: decoder.reader.diagnostics)
    merge(fragment, isRoot: isRoot)
    if fragment.isIncomplete { isIncomplete = true }
    return fragment.includes
  }

  /// Checks an include entry and reads the file it names; `nil` when there is nothing to load
  /// (reported, or already loaded). `list` is the include list the entry is in.
  private mutating func include(
    _ entry: Located<String>, from parent: SourceFileID, listedWith list: [Located<String>]
  ) -> (
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
    guard let root else {
      diagnostics.report(
        .includeOutsideRoot,
        "include '\(entry.value)' cannot be checked: the root manifest's directory cannot be opened",
        at: entry.location)
      manifest.includes.append(IncludeDecl(path: entry, file: nil))
      isIncomplete = true
      return nil
    }
    let opened: ContainedFile
    switch root.openFile(entry.value, from: directories[parent] ?? []) {
    case .success(let file): opened = file
    case .failure(let error):
      // An editor's buffer of a file deleted on disk (another branch checked out) stands in for
      // it, as a buffer stands in for a file that is there.
      if case .notFound(let wouldBe?) = error, case let canonical = root.realPath(of: wouldBe),
        let overlay = overlays[canonical]
      {
        let id = register(
          entry, canonical: canonical, directory: Array(wouldBe.dropLast()), shownPath: shownPath)
        return id.map { (overlay, $0, canonical) }
      }
      var meant: String?
      if case .notFound = error {
        let directory = root.realPath(of: directories[parent] ?? [])
        // The files the list names, resolved once per list (not once per missing entry).
        if listedRealPaths[parent] == nil {
          listedRealPaths[parent] = Set(
            list.compactMap { FileSystem.realPath(FileSystem.join(directory, $0.value)) })
        }
        meant = nearestFile(
          entry.value, from: directory, root: root.path, listedWith: listedRealPaths[parent] ?? [])
      }
      diagnostics.report(
        Self.openFailure(error, entry: entry, shownPath: shownPath, root: root.path, meant: meant))
      manifest.includes.append(IncludeDecl(path: entry, file: nil))
      isIncomplete = true
      return nil
    }
    defer { opened.close() }
    var canonical = root.realPath(of: opened.components)
    if let identity = FileIdentity(descriptor: opened.descriptor) {
      // A hard link to a file loaded or being loaded is that file.
      if let first = canonicalPaths[identity] {
        canonical = first
      } else {
        canonicalPaths[identity] = canonical
      }
    }
    guard
      let id = register(
        entry, canonical: canonical, directory: opened.directoryAsWritten, shownPath: shownPath)
    else { return nil }
    if let overlay = overlays[canonical] { return (overlay, id, canonical) }
    switch FileSystem.readAll(descriptor: opened.descriptor, limit: limits.maxFileBytes, regularOnly: true) {
    case .success(let bytes):
      return (bytes, id, canonical)
    case .failure(let error):
      diagnostics.report(
        Self.readFailure(error, path: entry.value, limit: limits.maxFileBytes, at: entry.location))
      unreadable.insert(canonical)
      isIncomplete = true
      return nil
    }
  }

  /// Adds the file an include entry names at `canonical` to the manifest, or reports the entry
  /// when it closes a cycle or names a file already loaded (`nil`).
  ///
  /// - Parameter directory: the real components, below the root directory, of the directory
  ///   the entry's path reaches the file from: its own includes are relative to it.
  private mutating func register(
    _ entry: Located<String>, canonical: String, directory: [String], shownPath: String
  ) -> SourceFileID? {
    if let open = loading[canonical] {
      // Named as it was loaded: another spelling of it (a link, `..`) is not the file's name.
      let loadedPath = manifest.files.path(of: open)
      let file = loadedPath == shownPath ? "'\(shownPath)'" : "'\(shownPath)' is '\(loadedPath)', which"
      diagnostics.report(
        .includeCycle,
        "include '\(entry.value)' closes a cycle: \(file) is already being loaded; remove this entry",
        at: entry.location)
      // Not loaded again, but the entry names that file (go to definition, hover).
      manifest.includes.append(IncludeDecl(path: entry, file: open))
      return nil
    }
    if let (loadedFile, firstEntry) = loaded[canonical] {
      var notes: [DiagnosticNote] = []
      if let firstEntry { notes.append(DiagnosticNote("first included here", at: firstEntry)) }
      let message =
        unreadable.contains(canonical)
        ? "'\(entry.value)' names the same file as an earlier entry, which could not be read; remove this entry"
        : "'\(entry.value)' is already loaded; a file is loaded once: remove this entry"
      diagnostics.report(.includedTwice, message, at: entry.location, notes: notes)
      manifest.includes.append(IncludeDecl(path: entry, file: loadedFile))
      return nil
    }
    let id = manifest.files.add(path: shownPath, canonicalPath: canonical)
    // Its own includes are relative to where its path says it is, like C's `#include` and like a
    // root manifest that is a link: next to a link, not next to the file the link leads to.
    directories[id] = directory
    manifest.includes.append(IncludeDecl(path: entry, file: id))
    // Recorded before reading: a file named again is "already loaded", whether or not it could
    // be read, so its error is reported once.
    loaded[canonical] = (id, entry.location)
    return id
  }

  /// The most entries a directory may have to be searched for a did-you-mean of an include: past
  /// it, a missing include is reported without one, so that many of them in a large directory
  /// stay fast.
  static let maxSuggestedEntries = 1_000

  /// The file a relative path that names nothing likely means: each component that is not in
  /// its directory replaced by the closest name there (`Payment/payments.yaml` →
  /// `Payments/payments.yaml`), when the path so corrected is a file inside the root directory
  /// that is not loaded or being loaded (the including file itself, an earlier include) nor
  /// named by another entry of the same list (`listed`, their real paths: the fix would only
  /// repeat it, RC0304).
  mutating func nearestFile(
    _ path: String, from directory: String, root: String, listedWith listed: Set<String> = []
  ) -> String? {
    var current = directory
    var corrected: [String] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
      if component == "." || component == ".."
        || FileSystem.kind(of: FileSystem.join(current, component)) != nil
      {
        corrected.append(component)
        current = FileSystem.join(current, component)
        continue
      }
      guard let names = listing(of: current), let closest = Self.closestFileName(to: component, among: names)
      else {
        return nil
      }
      corrected.append(closest)
      current = FileSystem.join(current, closest)
    }
    let meant = corrected.joined(separator: "/")
    guard meant != path, FileSystem.kind(of: current) == .regularFile,
      let real = FileSystem.realPath(current),
      FileSystem.isInside(real, directory: root), loaded[real] == nil, loading[real] == nil,
      !listed.contains(real)
    else { return nil }
    return meant
  }

  /// The entry of a directory closest to `name`. A name with an extension is compared with the
  /// entries that share it by what comes before it (`nope.yaml` is not a typo of `ap.yaml`,
  /// which a shared `.yaml` would make one three edits away); failing those, with the others
  /// whole (`login.yaml` for `login.yml`).
  static func closestFileName(to name: String, among names: [String]) -> String? {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return closestName(to: name, among: names)
    }
    let suffix = name[dot...]
    let sharing = names.filter { $0.hasSuffix(suffix) && $0.count > suffix.count }
    let stems = sharing.map { String($0.dropLast(suffix.count)) }
    if let stem = closestName(to: String(name[..<dot]), among: stems) { return stem + suffix }
    return closestName(to: name, among: names.filter { !$0.hasSuffix(suffix) })
  }

  /// A directory's entries, sorted, read once per load; `nil` when it cannot be listed or has
  /// more than ``maxSuggestedEntries``.
  private mutating func listing(of directory: String) -> [String]? {
    if let listed = listedDirectories[directory] { return listed }
    let names = FileSystem.entries(ofDirectory: directory).flatMap {
      $0.count <= Self.maxSuggestedEntries ? $0.sorted() : nil
    }
    listedDirectories[directory] = names
    return names
  }

  /// The diagnostic for an include entry that could not be opened inside the root directory,
  /// with the file it likely means (``nearestFile(_:from:root:listedWith:)``) when it names nothing.
  private static func openFailure(
    _ error: ContainedOpenError, entry: Located<String>, shownPath: String, root: String, meant: String?
  ) -> Diagnostic {
    switch error {
    case .notFound:
      return Diagnostic(
        .includeNotFound,
        "cannot find included file '\(entry.value)' (looked for '\(shownPath)')"
          + (meant.map(NameSuggester.didYouMean) ?? ""),
        at: entry.location,
        fixIts: meant.flatMap { FixIt.rename(entry.value, at: entry.location, to: $0, isScalar: true) }.map {
          [$0]
        }
          ?? [])
    case .outside(let real):
      return Diagnostic(
        .includeOutsideRoot,
        "include '\(entry.value)' resolves to '\(real)', outside the root manifest's directory "
          + "'\(root)'; move the file inside it",
        at: entry.location)
    case .linkLoop:
      return Diagnostic(
        .includeNotFound,
        "include '\(entry.value)' goes through symbolic links that loop (or more than "
          + "\(ContainedDirectory.maxLinkHops) of them); point the link at the file itself",
        at: entry.location)
    case .notADirectory(let component):
      return Diagnostic(
        .includeNotFound,
        "cannot find included file '\(entry.value)': '\(component)' is not a directory (looked for "
          + "'\(shownPath)')",
        at: entry.location)
    case .notRegularFile:
      return readFailure(.notRegularFile, path: entry.value, limit: 0, at: entry.location)
    case .isDirectory:
      return readFailure(.isDirectory, path: entry.value, limit: 0, at: entry.location)
    case .system(let component, let reason):
      return Diagnostic(
        .fileUnreadable,
        "cannot read included file '\(entry.value)': opening '\(component)' failed: \(reason); check its "
          + "permissions",
        at: entry.location)
    }
  }

  /// Appends a file's declarations; the first file's array is taken as it is, so that a manifest
  /// of one file is never copied (nor held twice at once).
  private static func append<Element>(_ declarations: [Element], to all: inout [Element]) {
    if all.isEmpty {
      all = declarations
    } else {
      all.append(contentsOf: declarations)
    }
  }

  private mutating func merge(_ fragment: ManifestFragment, isRoot: Bool) {
    if isRoot {
      manifest.version = fragment.version
      manifest.app = fragment.app
      manifest.scheme = fragment.scheme
      manifest.fallback = fragment.fallback
      manifest.variants = fragment.variants
      manifest.variantsHaveErrors = fragment.variantsHaveErrors
      manifest.unreadVariantNames = fragment.unreadVariantNames
    }
    Self.append(fragment.protocols, to: &manifest.protocols)
    Self.append(fragment.modules, to: &manifest.modules)
    Self.append(fragment.adapters, to: &manifest.adapters)
    manifest.repeatedProtocolNames += fragment.repeatedProtocolNames
    manifest.repeatedBindings += fragment.repeatedBindings
    for binding in fragment.bindings {
      if let first = bindingOwners[binding.protocolName.value] {
        diagnostics.report(
          .duplicateKey,
          "'\(binding.protocolName.value)' is already bound in another file; bind a protocol once",
          at: binding.protocolName.location, notes: [DiagnosticNote("first bound here", at: first)])
        manifest.repeatedBindings.append(binding)
        continue
      }
      bindingOwners[binding.protocolName.value] = binding.protocolName.location
      manifest.bindings.append(binding)
    }
  }

  private static func readFailure(
    _ error: FileReadError, path: String, limit: Int, at location: SourceLocation, isRoot: Bool = false
  ) -> Diagnostic {
    switch error {
    case .system(let reason):
      // A root path the command line could not decode as UTF-8 holds U+FFFD in place of its
      // bytes, and names another file than the one meant. (Include entries are YAML, always UTF-8.)
      let hint: String
      if isRoot && path.unicodeScalars.contains("\u{FFFD}") {
        hint =
          "; the path holds U+FFFD, which stands for bytes that are not UTF-8: routecfg opens paths "
          + "written in UTF-8, so rename the file"
      } else if isRoot && path == "-" {
        // `-` names a file, not standard input, as for most tools that take files.
        hint = "; to read a manifest from standard input, name /dev/stdin"
      } else {
        hint = ""
      }
      return Diagnostic(.fileUnreadable, "cannot read '\(path)': \(reason)\(hint)", at: location)
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
