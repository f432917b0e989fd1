/// A `--variant` name the manifest does not declare.
public struct UnknownVariantError: Error, Sendable, Hashable, CustomStringConvertible {
  public let name: String
  public let available: [String]

  /// The error for `name` among the `available` variant names.
  public init(name: String, available: [String]) {
    self.name = name
    self.available = available
  }

  public var description: String {
    let suggestion = NameSuggester(available).hint(for: name)
    let list =
      available.isEmpty
      ? "the manifest declares no variants" : "variants: " + available.joined(separator: ", ")
    return "unknown variant '\(name)'\(suggestion) (\(list))"
  }
}

/// What validating a manifest found.
public struct ValidationOutcome: Sendable {
  /// The problems listed, sorted by file and position (at most the limit given).
  public let diagnostics: [Diagnostic]
  /// The problems found beyond the limit, counted but not listed.
  public let omitted: OmittedDiagnostics
  /// The validated model; complete only when there is no error.
  public let graph: AppGraph
  /// The checks that were not run because the manifest is incomplete.
  public let heldBack: [HeldBackCheck]

  public var hasErrors: Bool { omitted.errors > 0 || diagnostics.contains { $0.severity == .error } }
}

/// Checks every rule of the manifest format (SPEC §3) in one run and builds the ``AppGraph``.
///
/// Rules live in extensions, one file per group: declarations, references, resolution,
/// adapters, routes and unused parts. To add a rule, add a code to ``DiagnosticCode``, check it
/// in the matching extension and document it in Docs/Diagnostics.md.
public struct ManifestValidator {
  let manifest: Manifest
  /// `nil`: the base configuration and every variant; otherwise only that variant.
  let selectedVariant: String?
  /// `true` when a file of the manifest could not be loaded: checks whose answer the missing
  /// declarations could change are held back (``HeldBackCheck``).
  let isIncomplete: Bool
  /// `true` when independent checks run on two threads (large manifests; ``ThreadUse``).
  let usesThreads: Bool
  /// `true` when the run builds the ``AppGraph``, with the adapters' member pairings
  /// (``AdapterInfo/forward`` and ``AdapterInfo/reverse``) that the registry and code generation
  /// need; `routecfg validate` prints only the diagnostics and the summary line, and asks only
  /// for its counts (``GraphCounts``): no pairing, graph part or graph is made.
  let buildsGraph: Bool
  var diagnostics: DiagnosticBag

  // Declarations (first declaration of each name).
  /// The first declaration of each protocol name, as an index into `manifest.protocols`: the
  /// protocol's ID, which the tables below that hold one entry per protocol are indexed by.
  var protocolIndex = NameTable<Int>()
  /// The route value types (`String`, `Int`...) whose bare names the manifest declares as
  /// protocols, which a parameter's type then names (``routeValueType(_:)``); almost always none.
  var routeTypesNamingProtocols: [String] = []
  var protocolOrder: [String] = []
  /// The ID of each name in `protocolOrder`.
  var protocolIDs: [Int] = []
  /// Every declared protocol (every name in `protocolIndex`) with its inheritance resolved.
  var protocols = ProtocolLookup()
  var moduleIndex = NameTable<Int>()
  var moduleOrder: [String] = []
  /// The index in `manifest.modules` of each name in `moduleOrder`.
  var moduleIDs: [Int] = []
  /// The IDs of the protocols each module lists under `provides`, by module index, one for
  /// each name as written: -1 for a name no protocol declares.
  var providedIDs = IDLists()
  /// The same for `requires`.
  var requiredIDs = IDLists()
  var protocolNames: NameSuggester = NameSuggester([String]())
  var moduleNames: NameSuggester = NameSuggester([String]())
  /// Did-you-mean sets of members and parameters, built on the first error that needs each.
  /// Not shared between threads: the half of a run that ``run()`` hands to another thread gets
  /// its own.
  var suggesters = SuggesterCache()

  // Adapters.
  /// In an incomplete manifest, the protocols that inherit (directly or through others) a
  /// protocol no loaded file declares: a missing file could give them more members, so adapters
  /// between them are not checked.
  var protocolsWithUndeclaredAncestors: Set<String> = []
  /// The adapters by protocol pair, and the pairs adapters with a misspelt `adapt` or `to`
  /// (RC0503) meant, by their did-you-mean, as ``misspeltAdapter``.
  var adapterIndex: [AdapterPair: Int] = [:]
  /// What ``adapterIndex`` holds for a pair a misspelt adapter meant: no adapter to cross.
  static let misspeltAdapter = -1
  /// The adapters in `adapterIndex` (neither of a protocol to itself nor a repeated pair), in
  /// declaration order.
  var adapterOrder: [Int] = []
  /// Adapters of a pair an earlier adapter already connects (reported): their `map` entries are
  /// still checked for names, so that merging them into the first does not bring up new errors.
  var repeatedAdapters: [Int] = []
  /// The protocols each adapter names, by adapter index (``AdapterProtocolIDs``).
  var adapterProtocolIDs: [AdapterProtocolIDs] = []
  /// The adapters in `adapterOrder` from each protocol, by protocol ID.
  var adaptersByRequired = IDLists()
  var forwardPairings = IndexedValues<[MemberPairing]>()
  var reversePairings = IndexedValues<[MemberPairing]>()
  /// The member pairs whose forward check found no adapter between their protocols (RC0606).
  var forwardMissingAdapters: Set<MissingAdapterKey> = []
  /// RC0606 found in reverse checks, reported once every direction is checked unless the
  /// forward check reported the same pair: one missing adapter, one diagnostic.
  var reverseMissingAdapters: [(pair: MissingAdapterKey, diagnostic: Diagnostic)] = []
  /// The adapters, with their direction, that member forwarding passes values across.
  var crossingsByMembers = AdapterCrossingSet()
  /// Adapters that resolution reaches through (for a protocol some module requires), by index:
  /// a byte an adapter, kept to the end (no check reads past its count).
  var adaptersUsedByResolution: [Bool] = []
  /// `true` when an adapter's map or members had an error: a member it could not pair may be the
  /// one that would use another adapter, so no adapter is called unused (RC0902).
  var adapterChecksFoundErrors = false
  /// What misspelt references meant, found the first time a check needs it (an error path).
  var misspeltCache: MisspeltReferences?
  /// ``conformancesAsMeant(of:)`` of each module asked about (an error path); `.some(nil)` for
  /// one that is not known.
  var meantConformances: [Int: Set<String>?] = [:]
  /// The protocols some module lists under `provides`, misspelt entries read as meant, found the
  /// first time a binding is checked against misspellings (an error path).
  var listedAsMeantCache: Set<String>?

  // Resolution, by protocol ID (one entry per element of `manifest.protocols`).
  /// The modules providing each protocol, counting those providing a protocol inheriting it.
  var providersOf = IDLists()
  /// `true` for the protocols no module lists under `provides`, whose ``providersOf`` are the
  /// modules providing a protocol that inherits them: they make it in the registry, but answer
  /// no requirement (SPEC §2 resolves one to a module that lists the protocol).
  var providedOnlyThroughInheritance: [Bool] = []
  /// `true` for the protocols some module requires.
  var requiredProtocols: [Bool] = []
  /// ``candidates(for:)`` of each protocol, once asked for.
  var candidateCache: [[Candidate]?] = []
  var resolutions: [String: Resolution] = [:]
  var baseResolution = Resolution(variant: nil, providers: [:])
  /// With a selected variant, the other configurations' resolutions (``AppGraph/otherResolutions``).
  var otherResolutions: [String?: Resolution] = [:]

  // Routes.
  var routeInfos: [RouteInfo] = []
  /// The graph's parts that the routes do not change, when they were built beside the routes.
  var graphParts: GraphParts?
  /// The graph's modules without their routes, when they were built beside the resolution.
  var moduleParts: [ModuleInfo]?
  /// The patterns of each module's valid routes, in the order of `moduleOrder`.
  var moduleRoutes: [[RoutePattern]] = []

  // Usage, for warnings.
  var typeNameKinds = NameTable<TypeNameKind>()
  /// Where RC0405 was reported: a body two protocols share (a YAML alias) reports its keys once.
  var reportedUnhashableKeys: Set<SourceLocation> = []
  /// The IDs of the declared protocols named in member types, by the ID of the protocol
  /// declaring the members (empty until ``checkReferences()`` runs).
  var typeReferencedProtocols = IDLists()
  /// The IDs of the declared protocols named in module parameter types.
  var parameterTypeProtocols: [Int] = []

  init(
    manifest: Manifest, variant: String?, isIncomplete: Bool, maxDiagnostics: Int?,
    threads: ThreadUse = .forLargeInputs, buildsGraph: Bool = true
  ) {
    self.manifest = manifest
    self.selectedVariant = variant
    self.isIncomplete = isIncomplete
    self.usesThreads = threads.splitsValidation(manifest)
    self.buildsGraph = buildsGraph
    self.diagnostics = DiagnosticBag(limit: maxDiagnostics)
    self.adaptersUsedByResolution = Array(repeating: false, count: manifest.adapters.count)
  }

  /// Validates a loaded manifest. With `variant`, resolution is checked for that variant only;
  /// without, for the base configuration and every variant.
  ///
  /// - Parameters:
  ///   - isIncomplete: a file of the manifest could not be loaded; the checks in
  ///     ``HeldBackCheck`` are not run, everything else is.
  ///   - maxDiagnostics: list at most this many diagnostics and count the rest (`nil`: all).
  public static func validate(
    _ manifest: Manifest, variant: String? = nil, isIncomplete: Bool = false,
    maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) throws(UnknownVariantError) -> ValidationOutcome {
    var validator = try validator(
      manifest, variant: variant, isIncomplete: isIncomplete, maxDiagnostics: maxDiagnostics,
      buildsGraph: true)
    return validator.run()
  }

  /// Validates as ``validate(_:variant:isIncomplete:maxDiagnostics:)`` does, for a caller that
  /// reads only the diagnostics and the summary line's counts, as `routecfg validate` does: no
  /// graph, and none of its parts, is made.
  ///
  /// With `kept`, the validator's tables are handed to it rather than freed.
  package static func validateCounting(
    _ manifest: Manifest, variant: String?, isIncomplete: Bool, maxDiagnostics: Int?,
    keeping kept: KeptUntilExit? = nil
  ) throws(UnknownVariantError) -> CountedValidation {
    var validator = try validator(
      manifest, variant: variant, isIncomplete: isIncomplete, maxDiagnostics: maxDiagnostics,
      buildsGraph: false)
    let checked = validator.check()
    let counted = CountedValidation(
      diagnostics: checked.diagnostics, omitted: checked.omitted, heldBack: checked.heldBack,
      counts: validator.counts())
    kept?.keep(validator)
    return counted
  }

  /// A validator for `manifest`, or the error for a `variant` it does not declare.
  private static func validator(
    _ manifest: Manifest, variant: String?, isIncomplete: Bool, maxDiagnostics: Int?, buildsGraph: Bool
  ) throws(UnknownVariantError) -> ManifestValidator {
    if let variant, !manifest.variants.contains(where: { $0.name.value == variant }) {
      throw UnknownVariantError(
        name: variant,
        // In the order they are written, those that could not be read among them.
        available: (manifest.variants.map(\.name) + manifest.unreadVariantNames).sorted {
          $0.location < $1.location
        }.map(\.value))
    }
    return ManifestValidator(
      manifest: manifest, variant: variant, isIncomplete: isIncomplete, maxDiagnostics: maxDiagnostics,
      buildsGraph: buildsGraph)
  }

  /// Runs every check and builds the graph.
  mutating func run() -> ValidationOutcome {
    let checked = check()
    return ValidationOutcome(
      diagnostics: checked.diagnostics, omitted: checked.omitted, graph: makeGraph(),
      heldBack: checked.heldBack)
  }

  /// Runs every check: the diagnostics, listed up to the limit, and the checks held back.
  private mutating func check() -> (
    diagnostics: [Diagnostic], omitted: OmittedDiagnostics, heldBack: [HeldBackCheck]
  ) {
    indexDeclarations()
    if isIncomplete {
      // Adapters are checked as far as the loaded files decide them (``TypeFitChecker``).
      protocolsWithUndeclaredAncestors = findProtocolsWithUndeclaredAncestors()
      checkAdapters(maps: resolveAdapterMaps())
      checkRoutes()
      // Dictionary keys: a protocol or `Any` the loaded files name is never a key, whatever the
      // missing file holds.
      checkTypeReferences(nearMisses: false)
    } else {
      checkInParallel()
    }
    let (listed, omitted) = diagnostics.finished()
    return (listed, omitted, isIncomplete ? HeldBackCheck.allCases : [])
  }

  /// Runs the checks on two threads where they do not depend on each other: resolution and the
  /// references beside the adapters' map names and the graph's modules; then the adapters, whose
  /// large waves are split in two (``checkAdapters(maps:)``); then the unused parts beside the
  /// routes. Work given to another thread runs on a ``forkedCopy()`` and only what it produced is
  /// merged back; diagnostics are sorted at the end, so the outcome does not depend on which
  /// thread finishes first.
  private mutating func checkInParallel() {
    checkResolutionReferencesAndAdapters()
    // The copy made for the routes would keep these alive to the end, where validation's peak is.
    releaseTablesOfEarlierChecks()
    checkUnusedPartsAndRoutes()
    releaseTablesOfUsageChecks()
  }

  /// Resolution and the adapters' map names beside the references and the graph's modules, then
  /// the bindings' names (which read resolution's candidates) and the adapters.
  private mutating func checkResolutionReferencesAndAdapters() {
    var other = forkedCopy()
    // The references look up did-you-means as resolution does: each side gets suggesters of its
    // own (``NameSuggester`` indexes on first use, from one thread at a time).
    other.protocolNames = NameSuggester(protocolOrder)
    other.moduleNames = NameSuggester(moduleOrder)
    var maps: [ResolvedMap?] = []
    var mapsFoundErrors = false
    // The two sides take about as long (1,000 modules: resolution 0.6 ms and the maps 1.1 ms
    // against the references' 1.6 ms; the graph's modules, when there is a graph, 0.4 ms).
    var modules: [ModuleInfo] = []
    ForkJoin.run(
      {
        checkResolution()
        let errorsBeforeMaps = diagnostics.errorsReported
        maps = resolveAdapterMaps()
        mapsFoundErrors = diagnostics.errorsReported > errorsBeforeMaps
      },
      alongside: {
        other.checkReferences()
        if other.buildsGraph { modules = other.modulesBeforeRoutes() }
      }, inParallel: usesThreads)
    if buildsGraph { moduleParts = modules }
    takeReferenceTables(from: other)
    diagnostics.append(contentsOf: other.diagnostics)
    checkBindingReferences()
    let errorsBeforeAdapters = diagnostics.errorsReported
    checkAdapters(maps: maps)
    adapterChecksFoundErrors = mapsFoundErrors || diagnostics.errorsReported > errorsBeforeAdapters
  }

  /// Takes what ``checkReferences()`` found on `other`, for the checks after it: the adapter
  /// index with the pairs misspelt adapters meant, the kind of each type name, the protocols
  /// member and parameter types name, and the dictionary keys already reported.
  private mutating func takeReferenceTables(from other: ManifestValidator) {
    adapterIndex = other.adapterIndex
    typeNameKinds = other.typeNameKinds
    typeReferencedProtocols = other.typeReferencedProtocols
    parameterTypeProtocols = other.parameterTypeProtocols
    reportedUnhashableKeys = other.reportedUnhashableKeys
  }

  /// The unused parts and the graph's parts that the routes do not change, beside the routes;
  /// then, on both threads, the routes left.
  private mutating func checkUnusedPartsAndRoutes() {
    let pieces = modulePieces()
    var other = forkedCopy()
    // The other thread checks pieces of modules from the first on, into one list. This one, once
    // the unused parts and the graph's parts are done, checks pieces from the last back, each
    // into a list of its own; they are appended in order when the threads meet.
    var front = emptyRoutes(withRoomForModulesAt: moduleIDs.indices)
    var back: [CheckedRoutes] = []
    ForkJoin.run(
      {
        checkUnusedParts()
        if buildsGraph { graphParts = graphPartsBeforeRoutes() }
      }, thenSharing: pieces.count, fromBack: { back.append(checkRoutes(ofModulesAt: pieces[$0])) },
      fromFront: { other.checkRoutes(ofModulesAt: pieces[$0], into: &front) }, inParallel: usesThreads)
    diagnostics.append(contentsOf: other.diagnostics)
    for later in back.reversed() { front.append(later) }
    finishRoutes(front)
  }

  /// Frees what only the references and the adapters read, once they ran; the unused parts, the
  /// routes and the graph need none of it.
  private mutating func releaseTablesOfEarlierChecks() {
    typeNameKinds = NameTable()
    reportedUnhashableKeys = []
    adapterIndex = [:]
    protocolsWithUndeclaredAncestors = []
  }

  /// Frees what only the unused parts' checks and the graph's parts read, once both are done
  /// and before the graph is put together.
  private mutating func releaseTablesOfUsageChecks() {
    candidateCache = []
    adaptersByRequired = IDLists()
    providersOf = IDLists()
    providedOnlyThroughInheritance = []
    requiredProtocols = []
    typeReferencedProtocols = IDLists()
    parameterTypeProtocols = []
    crossingsByMembers = AdapterCrossingSet()
    forwardPairings = IndexedValues()
    reversePairings = IndexedValues()
  }

  /// A copy of this validator for checks run on another thread, with its own diagnostics bag,
  /// did-you-mean cache and pairings. Its value fields share storage with this one's until either
  /// is changed (copy on write); the name suggesters (`protocolNames`, `moduleNames`) are shared
  /// objects that index lazily, so a copy that looks names up beside this one is given its own
  /// (``checkResolutionReferencesAndAdapters()``).
  func forkedCopy() -> ManifestValidator {
    var copy = self
    copy.diagnostics = DiagnosticBag(limit: diagnostics.limit)
    copy.suggesters = SuggesterCache()
    copy.forwardPairings = IndexedValues()
    copy.reversePairings = IndexedValues()
    copy.forwardMissingAdapters = []
    copy.reverseMissingAdapters = []
    return copy
  }

  /// The graph's protocol table and adapters, which need the adapters checked but not the routes.
  private func graphPartsBeforeRoutes() -> GraphParts {
    // Every adapter keeps its place so that ``Provider/adapter`` indices stay valid; in a valid
    // manifest every adapter names both protocols.
    let adapters = manifest.adapters.indices.map { index -> AdapterInfo in
      let decl = manifest.adapters[index]
      let (forward, reverse) = (forwardPairings[index], reversePairings[index])
      return AdapterInfo(
        adapt: decl.adapt?.value ?? "", to: decl.to?.value ?? "", location: decl.location,
        forward: forward ?? [], reverse: reverse ?? [], isUsedForward: forward != nil,
        isUsedInReverse: reverse != nil,
        isCrossedForward: crossingsByMembers.contains(AdapterCrossing(adapter: index, direction: .forward)),
        isCrossedInReverse: crossingsByMembers.contains(AdapterCrossing(adapter: index, direction: .reverse)))
    }
    return GraphParts(protocols: protocols.byName(), adapters: adapters)
  }

  /// The graph's modules without their routes, in declaration order.
  func modulesBeforeRoutes() -> [ModuleInfo] {
    zip(moduleOrder, moduleIDs).map { name, index -> ModuleInfo in
      let decl = manifest.modules[index]
      let parameters = decl.parameters.compactMap { parameter -> ParameterInfo? in
        guard let type = parameter.type else { return nil }
        return ParameterInfo(name: parameter.name.value, type: type, routeType: routeValueType(type))
      }
      return ModuleInfo(
        name: name, kind: decl.kind?.value ?? .view, location: decl.name.location,
        provides: declaredProtocols(decl.provides, ids: providedIDs[index]),
        requires: declaredProtocols(decl.requires, ids: requiredIDs[index]),
        parameters: parameters, routes: [])
    }
  }

  /// The names in `list` that name a declared protocol (their `ids`, from ``providedIDs`` or
  /// ``requiredIDs``, are not -1), in one array made at its size.
  private func declaredProtocols(_ list: [Located<String>], ids: IDList) -> [String] {
    var names: [String] = []
    names.reserveCapacity(list.count)
    for (entry, id) in zip(list, ids) where id >= 0 { names.append(entry.value) }
    return names
  }

  /// What the summary line counts of the graph ``makeGraph()`` would make.
  private func counts() -> GraphCounts {
    GraphCounts(
      modules: moduleOrder.count, protocols: protocols.infos.reduce(0) { $1 == nil ? $0 : $0 + 1 },
      adapters: manifest.adapters.count, routes: routeInfos.count, variants: manifest.variants.count)
  }

  private func makeGraph() -> AppGraph {
    let parts = graphParts ?? graphPartsBeforeRoutes()
    let moduleInfos = moduleParts ?? modulesBeforeRoutes()
    var modules: [String: ModuleInfo] = [:]
    modules.reserveCapacity(moduleInfos.count)
    // Both are in the order of `moduleOrder`.
    for (position, module) in moduleInfos.enumerated() {
      modules[module.name] = module.with(routes: position < moduleRoutes.count ? moduleRoutes[position] : [])
    }
    return AppGraph(
      app: manifest.app?.value,
      appLocation: manifest.app?.location ?? SourceLocation(file: SourceFileID(0), line: 1, column: 1),
      scheme: manifest.scheme?.value, fallback: manifest.fallback?.value,
      protocols: parts.protocols, protocolNames: protocolOrder, modules: modules, moduleNames: moduleOrder,
      adapters: parts.adapters, variantNames: manifest.variants.map(\.name.value), routes: routeInfos,
      resolutions: resolutions, baseResolution: baseResolution, checkedVariant: selectedVariant,
      otherResolutions: otherResolutions)
  }
}

/// The parts of the ``AppGraph`` that the routes do not change, built beside them: the protocol
/// table and the adapters.
struct GraphParts {
  let protocols: [String: ProtocolInfo]
  let adapters: [AdapterInfo]
}

extension ModuleInfo {
  /// This module with `routes`.
  func with(routes: [RoutePattern]) -> ModuleInfo {
    ModuleInfo(
      name: name, kind: kind, location: location, provides: provides, requires: requires,
      parameters: parameters, routes: routes)
  }
}

/// An adapter's two protocols, for finding adapters between two types.
struct AdapterPair: Hashable {
  let adapt: String
  let to: String

  // Hashed as ``NameKey`` hashes a name (equal names, by canonical equivalence, hash alike),
  // which is cheaper than `String`'s SipHash; equality stays `String`'s.
  func hash(into hasher: inout Hasher) {
    hasher.combine(NameKey.hash(of: adapt))
    hasher.combine(NameKey.hash(of: to))
  }

  func _rawHashValue(seed: Int) -> Int {
    let hash = NameKey.hash(of: adapt) &* 0x9E37_79B9_7F4A_7C15 ^ NameKey.hash(of: to)
    return Int(truncatingIfNeeded: NameHash.finish(hash ^ UInt64(UInt(bitPattern: seed))))
  }
}

/// How a value crosses an adapter.
enum AdapterDirection: Hashable {
  /// A facade of the `adapt` protocol over an object of the `to` protocol.
  case forward
  /// A facade of the `to` protocol over an object of the `adapt` protocol.
  case reverse
}

/// A module that can answer a required protocol, directly or through an adapter.
struct Candidate: Hashable {
  let module: Int
  let adapter: Int?
}
