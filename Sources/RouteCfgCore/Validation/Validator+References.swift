extension ManifestValidator {
  /// Types every Swift developer uses; never flagged as near misses of a declared protocol.
  static let wellKnownTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
    "Float",
    "Float16", "Bool", "String", "Character", "Substring", "Void", "Never", "Any", "AnyObject", "Data",
    "Date",
    "URL", "UUID", "Error", "Decimal", "CGFloat", "CGPoint", "CGSize", "CGRect", "NSObject", "TimeInterval",
    "Duration", "Set", "Array", "Dictionary", "Optional", "Result",
  ]

  /// Checks that every name that refers to a protocol or module exists, with did-you-mean
  /// hints, and warns about member types one edit away from a declared protocol: all but the
  /// bindings' names (``checkBindingReferences()``), which need resolution done. It changes only
  /// its diagnostics, ``adapterIndex`` (an adapter with a misspelt side) and the tables of
  /// ``checkTypeReferences(nearMisses:)``, so that it can run beside resolution on a copy
  /// (``takeReferenceTables(from:)``).
  mutating func checkReferences() {
    // By index, and only the declarations with something to check: a loop over the protocols or
    // the modules would copy each one.
    for index in manifest.protocols.indices where !manifest.protocols[index].inherits.isEmpty {
      let decl = manifest.protocols[index]
      // Nor is its did-you-mean the protocol itself: inheriting itself is RC0505.
      var listed = ListedNames(decl.inherits, also: decl.name.value)
      for parent in decl.inherits {
        checkProtocolReference(parent, role: "'\(decl.name.value)' inherits", listedWith: &listed)
      }
    }
    // The names found when the declarations were indexed (an ID of -1, or none) are reported.
    for index in manifest.modules.indices
    where providedIDs[index].contains(where: { $0 < 0 }) || requiredIDs[index].contains(where: { $0 < 0 }) {
      let module = manifest.modules[index]
      var listed = ListedNames(module.provides)
      for (provided, id) in zip(module.provides, providedIDs[index]) where id < 0 {
        checkProtocolReference(provided, role: "module '\(module.name.value)' provides", listedWith: &listed)
      }
      listed = ListedNames(module.requires)
      for (required, id) in zip(module.requires, requiredIDs[index]) where id < 0 {
        checkProtocolReference(required, role: "module '\(module.name.value)' requires", listedWith: &listed)
      }
    }
    // By index: a loop over the adapters would copy each one.
    for (index, ids) in adapterProtocolIDs.enumerated() {
      let (adapt, to) = (manifest.adapters[index].adapt, manifest.adapters[index].to)
      // Each side's did-you-mean is never the other side: an adapter to itself is RC0612.
      var declared = true
      if let adapt, ids.adapt == nil {
        var other = ListedNames(also: to?.value)
        declared = checkProtocolReference(adapt, role: "this adapter adapts", listedWith: &other)
      }
      if let to, ids.to == nil {
        var other = ListedNames(also: adapt?.value)
        declared =
          checkProtocolReference(to, role: "this adapter forwards to", listedWith: &other) && declared
      }
      if !declared { indexMisspeltAdapter(manifest.adapters[index]) }
    }
    if let fallback = manifest.fallback { checkModuleReference(fallback, role: "'fallback' names") }
    checkTypeReferences()
  }

  /// Checks the protocol and module each binding names (the base's and every variant's), after
  /// resolution: a module that does not exist is reported with the modules that can answer the
  /// protocol (``candidates(for:)``).
  mutating func checkBindingReferences() {
    var listed = ListedNames(bindingsOf: manifest.bindings)
    for binding in manifest.bindings {
      checkBindingReferences(binding, listedWith: &listed, role: "this binding names")
    }
    for variant in manifest.variants {
      listed = ListedNames(bindingsOf: variant.bindings)
      for binding in variant.bindings {
        checkBindingReferences(
          binding, listedWith: &listed, role: "in variant '\(variant.name.value)': this binding names")
      }
    }
  }

  /// Puts the protocol pair an adapter with a misspelt side meant into the adapter index, as
  /// ``misspeltAdapter``: members whose values would cross it are not also missing an adapter
  /// (RC0606). The adapters are checked after the references.
  private mutating func indexMisspeltAdapter(_ adapter: AdapterDecl) {
    let meant = meantSides(of: adapter)
    guard let adapt = meant.adapt, let to = meant.to, adapt != to else { return }
    let pair = AdapterPair(adapt: adapt, to: to)
    if adapterIndex[pair] == nil { adapterIndex[pair] = Self.misspeltAdapter }
  }

  /// A binding's protocol and module; `listed` holds the protocols of its block.
  private mutating func checkBindingReferences(
    _ binding: BindingDecl, listedWith listed: inout ListedNames, role: @autoclosure () -> String
  ) {
    checkProtocolReference(binding.protocolName, role: role(), listedWith: &listed)
    guard moduleIndex[binding.module.value] == nil else { return }
    // Without a did-you-mean, the modules that could be meant: those that can answer the protocol.
    var answering: [String] = []
    if let id = protocolIndex[binding.protocolName.value] { answering = answeringModuleNames(id) }
    let otherwise =
      answering.isEmpty
      ? nil
      : "; the modules that can answer '\(binding.protocolName.value)' are \(MessageWords.quotedList(answering))"
    checkModuleReference(binding.module, role: role(), otherwise: otherwise)
  }

  /// Reports an unknown protocol name; returns `true` when it exists. The did-you-mean never
  /// names a protocol in `listed`: the other entries of the name's list (`provides`,
  /// `requires`, `inherits`), whose fix would only repeat one (RC0506).
  @discardableResult
  mutating func checkProtocolReference(
    _ name: Located<String>, role: @autoclosure () -> String, listedWith listed: inout ListedNames
  ) -> Bool {
    if isDeclaredProtocol(name.value) { return true }
    let hint = NameSuggester.hint(for: name, suggesting: protocolMeant(name.value, listedWith: &listed))
    diagnostics.report(
      .unknownProtocol,
      "\(role()) '\(name.value)', which is not a declared protocol"
        + Self.advice(hint.text, otherwise: "; declare it under 'protocols'"),
      at: name.location, fixIts: hint.fixIts)
    return false
  }

  /// Reports an unknown module name; returns `true` when it exists. Without a did-you-mean, the
  /// advice is `otherwise` when given, else to declare it.
  @discardableResult
  mutating func checkModuleReference(
    _ name: Located<String>, role: @autoclosure () -> String, otherwise: String? = nil
  ) -> Bool {
    if moduleIndex[name.value] != nil { return true }
    let hint = moduleNames.hint(for: name)
    diagnostics.report(
      .unknownModule,
      "\(role()) '\(name.value)', which is not a declared module"
        + Self.advice(hint.text, otherwise: otherwise ?? "; declare it under 'modules'"),
      at: name.location, fixIts: hint.fixIts)
    return false
  }

  /// A did-you-mean hint, or `otherwise` when there is none.
  private static func advice(_ hint: String, otherwise: String) -> String { hint.isEmpty ? otherwise : hint }

  /// Member and parameter types: a declared protocol is noted for the unused-protocol check
  /// (``typeReferencedProtocols``); any other name is an external type, flagged when it is one
  /// edit from a declared protocol unless `nearMisses` is `false` (a file that could not be
  /// loaded may declare it). Dictionary keys that cannot be `Hashable` are reported either way.
  mutating func checkTypeReferences(nearMisses: Bool = true) {
    typeNameKinds.reserveCapacity(protocols.count + Self.wellKnownTypes.count)
    for name in Self.wellKnownTypes { typeNameKinds[name] = .wellKnown }
    for name in NeverHashableName.plainNames.keys { typeNameKinds[name] = .neverHashable(nearProtocol: nil) }
    for (name, id) in zip(protocolOrder, protocolIDs) { typeNameKinds[name] = .protocol(id) }
    var referenced = IDListsBuilder(count: manifest.protocols.count)
    var named: [Int] = []
    var chunkKinds = ChunkNameKinds()
    // By position: a loop over the protocols, their members, the modules or their parameters
    // would copy each one to read its references.
    for id in manifest.protocols.indices {
      named.removeAll(keepingCapacity: true)
      for position in manifest.protocols[id].members.indices {
        // A dictionary key that cannot be Hashable names a protocol or `Any`: only a member
        // that names one is looked at for it.
        if checkTypeReferences(
          manifest.protocols[id].members[position].typeReferences, protocols: &named,
          nearMisses: nearMisses, chunkKinds: &chunkKinds)
        {
          checkDictionaryKeys(
            of: manifest.protocols[id].members[position], in: manifest.protocols[id].name.value)
        }
      }
      // Duplicate declarations are reported elsewhere; the first one is the protocol, and only
      // its entry is read.
      for protocolID in named { referenced.add(protocolID, to: id) }
    }
    typeReferencedProtocols = referenced.build()
    named.removeAll()
    for index in manifest.modules.indices {
      for position in manifest.modules[index].parameters.indices {
        guard
          checkTypeReferences(
            manifest.modules[index].parameters[position].typeReferences, protocols: &named,
            nearMisses: nearMisses, chunkKinds: &chunkKinds)
        else { continue }
        let parameter = manifest.modules[index].parameters[position]
        guard let type = parameter.type else { continue }
        let module = manifest.modules[index].name.value
        var names = 0
        checkDictionaryKeys(
          in: type, references: parameter.typeReferences, names: &names, at: parameter.typeLocation,
          of: "parameter '\(parameter.name.value)' of module '\(module)'")
      }
    }
    if !named.isEmpty { parameterTypeProtocols = named }
  }

  /// Checks the type names; appends the IDs of the declared protocols they name to `protocols`.
  /// Returns `true` when one of them is never `Hashable` (a declared protocol, `Any`, `Void`...).
  /// A name kept in a chunk of references is classified once per chunk (`chunkKinds`).
  private mutating func checkTypeReferences(
    _ references: TypeReferences, protocols named: inout [Int], nearMisses: Bool,
    chunkKinds: inout ChunkNameKinds
  ) -> Bool {
    var namesUnhashable = false
    for position in references.indices {
      let kind: TypeNameKind
      if let slot = references.nameSlot(at: position) {
        if let known = chunkKinds.kind(at: slot) {
          kind = known
        } else {
          kind = typeNameKind(references[position].value, nearMisses: nearMisses)
          chunkKinds.record(kind, at: slot)
        }
      } else {
        kind = typeNameKind(references[position].value, nearMisses: nearMisses)
      }
      let suggestion: String?
      switch kind {
      case .protocol(let id), .protocolMetatype(let id):
        named.append(id)
        namesUnhashable = true
        continue
      case .neverHashable(let nearProtocol):
        namesUnhashable = true
        suggestion = nearProtocol
      case .wellKnown:
        continue
      case .external(let nearProtocol):
        suggestion = nearProtocol
      }
      guard let suggestion else { continue }
      let reference = references[position]
      diagnostics.report(
        .nearMissType,
        "'\(reference.value)' is not a declared protocol, so it is taken as an external type; did you mean "
          + "'\(suggestion)'?",
        at: reference.location,
        fixIts: FixIt.rename(reference.value, at: reference.location, to: suggestion).map { [$0] } ?? [])
    }
    return namesUnhashable
  }

  /// What the type name `name` is; found once per name (``typeNameKinds``): one lookup tells
  /// protocols, well-known types and external types seen before apart.
  private mutating func typeNameKind(_ name: String, nearMisses: Bool) -> TypeNameKind {
    if let known = typeNameKinds[name] { return known }
    let kind: TypeNameKind
    if Self.isNeverHashable(name) {
      if case .protocol(let id)? = typeNameKinds[String(MetatypeName.base(of: name))] {
        kind = .protocolMetatype(id)
      } else {
        kind = .neverHashable(nearProtocol: nearMisses ? metatypeNearMiss(name) : nil)
      }
    } else {
      let qualified = name.utf8Contains(UInt8(ascii: "."))
      kind = .external(
        nearProtocol: qualified || !nearMisses ? nil : protocolNames.hasNameOneEditAway(from: name))
    }
    typeNameKinds[name] = kind
    return kind
  }

  /// For the metatype of a name no declaration has (`NoteInpt.Type`), the metatype of the
  /// declared protocol one edit away (`NoteInput.Type`), as a plain name gets it.
  private func metatypeNearMiss(_ name: String) -> String? {
    let base = MetatypeName.base(of: name)
    guard base.endIndex < name.endIndex, !base.contains(".") else { return nil }
    switch typeNameKinds[String(base)] {
    case .protocol?, .protocolMetatype?, .wellKnown?, .neverHashable?: return nil
    case .external?, nil: break
    }
    return protocolNames.hasNameOneEditAway(from: String(base)).map { $0 + name[base.endIndex...] }
  }
}

/// What a type name written in a member or parameter refers to.
enum TypeNameKind {
  /// A declared protocol, with its ID.
  case `protocol`(Int)
  /// The metatype of a declared protocol (`Kind.Type`, `Kind.Protocol`), with the protocol's ID:
  /// it names the protocol, and is never `Hashable`.
  case protocolMetatype(Int)
  case wellKnown
  /// A name whose values are never `Hashable` (``NeverHashableName``), with, for the metatype
  /// of a name no declaration has, that of the declared protocol one edit away.
  case neverHashable(nearProtocol: String?)
  /// Any other name, with the declared protocol one edit away when there is one.
  case external(nearProtocol: String?)
}
