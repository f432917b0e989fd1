/// A manifest as written, across the root file and its includes, with the place of every name,
/// reference and route. Declarations are kept in load order (the root first, then includes
/// depth-first), duplicates included: the validator reports them.
public struct Manifest: Sendable {
  public var files: SourceFileTable
  /// `routecfg: 1` of the root file.
  public var version: Located<Int>?
  public var app: Located<String>?
  public var scheme: Located<String>?
  public var fallback: Located<String>?
  public var protocols: [ProtocolDecl] = []
  public var modules: [ModuleDecl] = []
  public var adapters: [AdapterDecl] = []
  public var bindings: [BindingDecl] = []
  public var variants: [VariantDecl] = []
  public var includes: [IncludeDecl] = []
  /// `variants` could not be read whole (not a mapping, a variant with an invalid name or
  /// shape): a variant it lacks may be one written there (reported).
  var variantsHaveErrors = false
  /// Variants whose names were read but whose bodies could not be (null, a list; reported): they
  /// are declared, so `--variant` naming one is no misuse, but they cannot be checked.
  var unreadVariantNames: [Located<String>] = []
  /// Protocol names that a `provides`, `requires` or `inherits` list repeats, and bindings of a
  /// protocol already bound in another file or, spelled otherwise in Unicode, in the same
  /// mapping, and those of a variant whose name is invalid (RC0205): reported, and left out of
  /// the declarations above,
  /// but places where a name is written (the language server renames them too).
  package var repeatedProtocolNames: [Located<String>] = []
  package var repeatedBindings: [BindingDecl] = []

  public init(files: SourceFileTable) {
    self.files = files
  }
}

/// A protocol: its name, the protocols it inherits and its members.
///
/// Its flag is declared after its name, in what would be padding, so that it is 64 bytes (72
/// declared last): the model holds one per protocol. ``ModuleDecl`` and ``AdapterDecl`` order
/// their fields the same way.
public struct ProtocolDecl: Sendable {
  public var name: Located<String>
  /// `true` when some of the body could not be read (a declaration that does not parse, or a
  /// body of the wrong shape), already reported: the protocol may have members its author meant
  /// that ``members`` lacks, so no member is reported missing from it.
  public var hasUnreadMembers: Bool
  public var inherits: [Located<String>]
  /// The members, in order: a range of a chunk that the thread that parsed the body filled.
  public var members: MemberList

  public init(
    name: Located<String>, inherits: [Located<String>], members: [MemberDecl], hasUnreadMembers: Bool = false
  ) {
    self.init(
      name: name, inherits: inherits, members: MemberList(members), hasUnreadMembers: hasUnreadMembers)
  }

  public init(
    name: Located<String>, inherits: [Located<String>], members: MemberList, hasUnreadMembers: Bool = false
  ) {
    self.name = name
    self.inherits = inherits
    self.members = members
    self.hasUnreadMembers = hasUnreadMembers
  }
}

/// Whether a module's destination is a view (made on the main actor) or a service.
public enum ModuleKind: String, Sendable, Hashable, CaseIterable {
  case view
  case service
}

/// A module: what it provides and requires, its parameters and the URL routes it answers.
public struct ModuleDecl: Sendable {
  public var name: Located<String>
  /// `nil` when missing or invalid (already reported).
  public var kind: Located<ModuleKind>?
  /// `true` when `routes` had an error (not a list, or an entry that is not a pattern), already
  /// reported: the module may have routes its author meant, so it is not called unreachable.
  public var routesHaveErrors = false
  public var provides: [Located<String>]
  public var requires: [Located<String>]
  public var parameters: [ParameterDecl]
  public var routes: [Located<String>]
  /// Where the characters of each route in ``routes`` are in the file, for routes whose text is
  /// not written as it reads (escapes, folded lines, a block scalar); `nil` for the others, and
  /// empty when there are none. Diagnostics inside such a pattern use it.
  var routeLocators: [ScalarLocator?] = []

  public init(
    name: Located<String>, kind: Located<ModuleKind>?, provides: [Located<String>] = [],
    requires: [Located<String>] = [], parameters: [ParameterDecl] = [], routes: [Located<String>] = []
  ) {
    self.name = name
    self.kind = kind
    self.provides = provides
    self.requires = requires
    self.parameters = parameters
    self.routes = routes
  }

  /// The parameters whose type is not optional (a parameter whose type did not parse, already
  /// reported, is not counted): the fallback module may have none (RC0808), since a URL that
  /// matches no route supplies nothing.
  package var nonOptionalParameters: [ParameterDecl] {
    parameters.filter { $0.type.map { !$0.isOptional } ?? false }
  }
}

/// A module parameter: `noteId: Int`, `query: String?`.
public struct ParameterDecl: Sendable {
  public var name: Located<String>
  /// `nil` when the type did not parse (already reported).
  public var type: TypeRef?
  /// Where the type is written.
  public var typeLocation: SourceLocation
  /// Named types inside the type, with their places.
  public var typeReferences: TypeReferences

  public init(
    name: Located<String>, type: TypeRef?, typeLocation: SourceLocation, typeReferences: TypeReferences
  ) {
    self.name = name
    self.type = type
    self.typeLocation = typeLocation
    self.typeReferences = typeReferences
  }

  public init(
    name: Located<String>, type: TypeRef?, typeLocation: SourceLocation, typeReferences: [Located<String>]
  ) {
    self.init(
      name: name, type: type, typeLocation: typeLocation, typeReferences: TypeReferences(typeReferences))
  }
}

/// An adapter: the required protocol `adapt`, forwarded to the provided protocol `to`.
public struct AdapterDecl: Sendable {
  /// The list item (`- adapt: ...`).
  public var location: SourceLocation
  /// Where an alias wrote the adapter again (`- *adapter`), which RC0607 reports; the anchored
  /// adapter's ``location`` is where everything else about it is.
  var aliasLocation: SourceLocation?
  /// `map` could not be read (not a mapping, or null), already reported: which members its
  /// author meant to map is unknown, so none is reported as unmapped.
  var mapIsUnreadable = false
  public var adapt: Located<String>?
  public var to: Located<String>?
  public var map: [MapEntry]
  /// The keys of `map` entries whose value could not be read (already reported): their members
  /// are not reported as unmapped.
  var unreadMapKeys: [String] = []
  /// Where the list item is written: at its alias, or its ``location``.
  var writtenLocation: SourceLocation { aliasLocation ?? location }

  public init(location: SourceLocation, adapt: Located<String>?, to: Located<String>?, map: [MapEntry]) {
    self.location = location
    self.adapt = adapt
    self.to = to
    self.map = map
  }
}

/// One `map` entry: a member of the required protocol and the provided member or key path.
public struct MapEntry: Sendable {
  public var required: Located<String>
  public var provided: Located<String>

  public init(required: Located<String>, provided: Located<String>) {
    self.required = required
    self.provided = provided
  }
}

/// `Protocol: Module` under `bindings`: which module answers a protocol several provide.
public struct BindingDecl: Sendable {
  public var protocolName: Located<String>
  public var module: Located<String>

  public init(protocolName: Located<String>, module: Located<String>) {
    self.protocolName = protocolName
    self.module = module
  }
}

/// A named set of binding overrides, chosen with `--variant`.
public struct VariantDecl: Sendable {
  public var name: Located<String>
  public var bindings: [BindingDecl]

  public init(name: Located<String>, bindings: [BindingDecl]) {
    self.name = name
    self.bindings = bindings
  }
}

/// An `include` entry and the file it loaded, if any.
public struct IncludeDecl: Sendable {
  public var path: Located<String>
  /// The file the entry names: loaded through it, or, for an entry that names a file loaded
  /// before it (RC0304) or one whose includes are being loaded (a cycle, RC0303), that file;
  /// `nil` when the entry names no file that could be opened.
  public var file: SourceFileID?

  public init(path: Located<String>, file: SourceFileID?) {
    self.path = path
    self.file = file
  }
}
