import RouteCfgCore

/// What a name in a manifest refers to.
enum SymbolTarget: Sendable, Hashable {
  case protocolName(String)
  case module(String)
  /// A member, by the protocol that declares it and its full name (`message`, `didLogin()`).
  case member(protocolName: String, fullName: String)
  /// A module's parameter, by the module's index in `manifest.modules` and the parameter's name:
  /// declared under `parameters`, referred to by a route's `:name` or `*name` segment.
  case parameter(module: Int, name: String)
  /// An included file.
  case file(SourceFileID)
}

/// One place a name is written: a declaration or a reference, with the range of the name.
struct Occurrence: Sendable {
  let target: SymbolTarget
  let file: SourceFileID
  let start: TextPoint
  let end: TextPoint
  let isDeclaration: Bool

  func contains(_ point: TextPoint) -> Bool { start <= point && point <= end }
}

/// Every declaration and reference of a manifest by place, and the declarations by name, for
/// go to definition, references, highlights and hover. Built from the manifest as written, so
/// it serves manifests with errors too.
struct SymbolIndex: Sendable {
  /// Occurrences of each file, sorted by start.
  let occurrences: [SourceFileID: [Occurrence]]
  /// The first declaration of each protocol, as an index into `manifest.protocols`.
  let protocolDeclarations: [String: Int]
  /// The first declaration of each module, as an index into `manifest.modules`.
  let moduleDeclarations: [String: Int]
  /// Protocols with inherited members resolved.
  let protocols: [String: ProtocolInfo]
  /// Declared names in alphabetical order, for completion lists.
  let sortedProtocolNames: [String]
  let sortedModuleNames: [String]

  init(manifest: Manifest, documents: [SourceFileID: YAMLDocument]) {
    var builder = IndexBuilder(manifest: manifest, documents: documents)
    builder.build()
    var sorted: [SourceFileID: [Occurrence]] = [:]
    for (file, list) in builder.occurrences {
      // A name reached twice (through a YAML alias) is one place.
      var unique: [Occurrence] = []
      for occurrence in list.sorted(by: { $0.start < $1.start }) {
        if let last = unique.last, last.start == occurrence.start, last.end == occurrence.end,
          last.target == occurrence.target
        {
          continue
        }
        unique.append(occurrence)
      }
      sorted[file] = unique
    }
    occurrences = sorted
    protocolDeclarations = builder.protocolDeclarations
    moduleDeclarations = builder.moduleDeclarations
    protocols = builder.protocols
    sortedProtocolNames = builder.protocolDeclarations.keys.sorted()
    sortedModuleNames = builder.moduleDeclarations.keys.sorted()
  }

  /// The occurrence whose name holds `point` (its end included, so a cursor just after a name
  /// finds it).
  func occurrence(in file: SourceFileID, at point: TextPoint) -> Occurrence? {
    guard let list = occurrences[file], !list.isEmpty else { return nil }
    // Last occurrence starting at or before the point.
    guard list[0].start <= point else { return nil }
    let low = list.endOfPrefix { $0.start <= point } - 1
    var index = low
    // Occurrences do not nest, but a name may end where the next starts: prefer the later one.
    while index >= 0, index >= low - 1 {
      if list[index].contains(point) { return list[index] }
      index -= 1
    }
    return nil
  }

  /// The first occurrence that lies within `start...end` (a node's place, its anchor and tag
  /// included).
  func occurrence(in file: SourceFileID, within start: TextPoint, _ end: TextPoint) -> Occurrence? {
    occurrences[file]?.first { $0.start >= start && $0.end <= end }
  }

  /// Every occurrence of a target, in file and position order.
  func occurrences(of target: SymbolTarget) -> [Occurrence] {
    occurrences.keys.sorted().flatMap { file in
      (occurrences[file] ?? []).filter { $0.target == target }
    }
  }

  /// Where a target is declared: the first declaration, or the file itself.
  func declaration(of target: SymbolTarget, in manifest: Manifest) -> SourceLocation? {
    switch target {
    case .protocolName(let name):
      return protocolDeclarations[name].map { manifest.protocols[$0].name.location }
    case .module(let name):
      return moduleDeclarations[name].map { manifest.modules[$0].name.location }
    case .member(let protocolName, let fullName):
      guard let index = protocolDeclarations[protocolName] else { return nil }
      return manifest.protocols[index].members.first { $0.fullName == fullName }?.location
    case .parameter(let module, let name):
      guard manifest.modules.indices.contains(module) else { return nil }
      return manifest.modules[module].parameters.first { $0.name.value == name }?.name.location
    case .file(let file):
      return .startOf(file)
    }
  }

  /// The member a name in an adapter's `map` stands for on one side: by full name when written
  /// with parentheses (`finish(user:)`), else by base name; with the protocol that declares it.
  func member(named written: String, in protocolName: String) -> (member: MemberDecl, origin: String)? {
    SymbolIndexLookup.member(named: written, in: protocolName, protocols: protocols)
  }

  /// The protocol a property's values have, when its type names a declared protocol (through
  /// optionals): the next step of a key path.
  func protocolOf(_ member: MemberDecl) -> String? {
    SymbolIndexLookup.protocolOf(member, protocols: protocols)
  }
}

/// Collects the occurrences of one manifest.
private struct IndexBuilder {
  let manifest: Manifest
  let documents: [SourceFileID: YAMLDocument]
  var occurrences: [SourceFileID: [Occurrence]] = [:]
  var protocolDeclarations: [String: Int] = [:]
  var moduleDeclarations: [String: Int] = [:]
  let protocols: [String: ProtocolInfo]

  init(manifest: Manifest, documents: [SourceFileID: YAMLDocument]) {
    self.manifest = manifest
    self.documents = documents
    self.protocols = ProtocolInfo.table(for: manifest.protocols)
    for (index, decl) in manifest.protocols.enumerated() where protocolDeclarations[decl.name.value] == nil {
      protocolDeclarations[decl.name.value] = index
    }
    for (index, decl) in manifest.modules.enumerated() where moduleDeclarations[decl.name.value] == nil {
      moduleDeclarations[decl.name.value] = index
    }
  }

  mutating func build() {
    for decl in manifest.protocols {
      add(.protocolName(decl.name.value), decl.name, declaration: true)
      for parent in decl.inherits { add(.protocolName(parent.value), parent) }
      for member in decl.members {
        add(
          .member(protocolName: decl.name.value, fullName: member.fullName),
          Located(member.name, at: member.location), declaration: true)
        addTypeReferences(member.typeReferences)
      }
    }
    for (index, module) in manifest.modules.enumerated() {
      add(.module(module.name.value), module.name, declaration: true)
      for name in module.provides { add(.protocolName(name.value), name) }
      for name in module.requires { add(.protocolName(name.value), name) }
      for parameter in module.parameters {
        add(.parameter(module: index, name: parameter.name.value), parameter.name, declaration: true)
        addTypeReferences(parameter.typeReferences)
      }
      for route in module.routes { addRouteParameters(route, of: index, module) }
    }
    for adapter in manifest.adapters {
      if let adapt = adapter.adapt { add(.protocolName(adapt.value), adapt) }
      if let to = adapter.to { add(.protocolName(to.value), to) }
      for entry in adapter.map {
        if let adapt = adapter.adapt?.value { addMember(entry.required, in: adapt) }
        if let to = adapter.to?.value { addKeyPath(entry.provided, from: to) }
      }
    }
    for name in manifest.repeatedProtocolNames { add(.protocolName(name.value), name) }
    for binding in manifest.bindings + manifest.variants.flatMap(\.bindings) + manifest.repeatedBindings {
      add(.protocolName(binding.protocolName.value), binding.protocolName)
      add(.module(binding.module.value), binding.module)
    }
    if let fallback = manifest.fallback { add(.module(fallback.value), fallback) }
    for include in manifest.includes {
      if let file = include.file { add(.file(file), include.path) }
    }
  }

  private mutating func add(_ target: SymbolTarget, _ name: Located<String>, declaration: Bool = false) {
    let location = name.location
    let end =
      location.end
      ?? TextPoint(
        line: location.start.line, column: location.start.column + Int32(name.value.unicodeScalars.count))
    occurrences[location.file, default: []].append(
      Occurrence(
        target: target, file: location.file, start: location.start, end: end, isDeclaration: declaration))
  }

  /// The `:name` and `*name` segments of a route that name one of the module's parameters, each
  /// at its own columns (a pattern written on one line without escapes, as patterns are). A route
  /// the module reaches through a YAML alias (`routes: *shared`) is written in another module,
  /// before this one's name: it is that module's place, not this one's.
  private mutating func addRouteParameters(_ route: Located<String>, of index: Int, _ module: ModuleDecl) {
    guard route.location.file == module.name.location.file, module.name.location.start < route.location.start,
      let whole = route.location(ofScalars: 0..<route.value.unicodeScalars.count)
    else { return }
    let names = Set(module.parameters.map(\.name.value))
    let reading = RoutePattern.segmentsAsRead(in: route.value)
    for (segment, offset) in zip(reading.segments, reading.offsets) {
      guard let name = segment.parameterName, names.contains(name) else { continue }
      // The pattern is on one line: a name's columns are the pattern's first plus the offset of
      // its segment's `:` or `*`, and one.
      let start = TextPoint(line: whole.start.line, column: whole.start.column + Int32(offset + 1))
      let end = TextPoint(line: start.line, column: start.column + Int32(name.unicodeScalars.count))
      occurrences[route.location.file, default: []].append(
        Occurrence(
          target: .parameter(module: index, name: name), file: route.location.file, start: start, end: end,
          isDeclaration: false))
    }
  }

  /// Type names that name a declared protocol (other names are external types).
  private mutating func addTypeReferences(_ references: TypeReferences) {
    for reference in references where protocols[reference.value] != nil {
      add(.protocolName(reference.value), reference)
    }
  }

  /// The left side of a `map` entry: a member of the required protocol.
  private mutating func addMember(_ written: Located<String>, in protocolName: String) {
    guard let (member, origin) = member(named: written.value, in: protocolName) else { return }
    add(.member(protocolName: origin, fullName: member.fullName), written)
  }

  /// The right side of a `map` entry: a member or a key path through protocol-typed properties,
  /// each step indexed at its own columns.
  private mutating func addKeyPath(_ written: Located<String>, from protocolName: String) {
    let steps = written.value.split(separator: ".", omittingEmptySubsequences: false)
    guard steps.count > 1 else {
      addMember(written, in: protocolName)
      return
    }
    let locate = stepLocator(for: written)
    var current: String? = protocolName
    var column = 0
    for step in steps {
      let length = step.unicodeScalars.count
      defer { column += length + 1 }
      guard let protocolName = current, let (member, origin) = member(named: String(step), in: protocolName)
      else { return }
      let start = locate(column)
      let end = TextPoint(line: start.line, column: start.column + Int32(length))
      occurrences[written.location.file, default: []].append(
        Occurrence(
          target: .member(protocolName: origin, fullName: member.fullName), file: written.location.file,
          start: start, end: end, isDeclaration: false))
      current = SymbolIndexLookup.protocolOf(member, protocols: protocols)
    }
  }

  /// Where the scalar at `column` of a single-line value is, allowing for an opening quote.
  private func stepLocator(for written: Located<String>) -> (Int) -> TextPoint {
    let start = written.location.start
    var shift: Int32 = 0
    if let source = documents[written.location.file]?.source {
      // From the line's nearest column checkpoint: a key path on a long line (a JSON manifest)
      // is not found by a walk from the line's start.
      let line = source.line(start.line)
      let offset = PositionMapper.offset(of: start, in: source)
      if offset < line.endIndex, line[offset] == UInt8(ascii: "\"") || line[offset] == UInt8(ascii: "'") {
        shift = 1
      }
    }
    return { TextPoint(line: start.line, column: start.column + shift + Int32($0)) }
  }

  private func member(named written: String, in protocolName: String) -> (MemberDecl, String)? {
    SymbolIndexLookup.member(named: written, in: protocolName, protocols: protocols)
  }
}

/// Member lookups shared by the index and its builder.
enum SymbolIndexLookup {
  static func member(named written: String, in protocolName: String, protocols: [String: ProtocolInfo])
    -> (MemberDecl, String)?
  {
    guard let info = protocols[protocolName] else { return nil }
    let isFullName = written.utf8.contains(UInt8(ascii: "("))
    for (position, member) in info.members.enumerated()
    where isFullName ? member.fullName == written : member.name == written {
      return (member, info.origins[position])
    }
    return nil
  }

  static func protocolOf(_ member: MemberDecl, protocols: [String: ProtocolInfo]) -> String? {
    guard case .named(let name) = member.property?.type.withoutOptionals, protocols[name] != nil else {
      return nil
    }
    return name
  }
}
