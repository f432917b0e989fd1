/// The names of one list (`provides`, `requires`, `inherits`, a block's `bindings`) as a set, for did-you-mean hints
/// that must not name an entry the list already holds. The set is made the first time a hint
/// needs it: a list whose names are all declared makes none, and a list of many unknown names
/// makes one, not one per name (which would take time quadratic in the list's length).
struct ListedNames {
  private let names: [Located<String>]
  private let bindings: [BindingDecl]
  private let also: String?
  private var made: Set<String>?

  /// `names`, and `also` when given (a protocol's own name beside its `inherits`).
  init(_ names: [Located<String>] = [], also: String? = nil) {
    self.names = names
    self.bindings = []
    self.also = also
  }

  /// The protocols a block of bindings binds: a misspelt one's did-you-mean is never another
  /// key of its block, where the fix would write that key twice (RC0109).
  init(bindingsOf block: [BindingDecl]) {
    self.names = []
    self.bindings = block
    self.also = nil
  }

  /// Adds a name, such as the did-you-mean just given for one of the names: a second misspelling
  /// in the list is not read as the same name (its fix would write it twice).
  mutating func add(_ name: String) {
    if made == nil { made = set() }
    // In place: a copy of the set would make each name added cost the list's length.
    made?.insert(name)
  }

  /// The names as a set, made on the first call.
  mutating func set() -> Set<String> {
    if let made { return made }
    var set = Set(names.lazy.map(\.value))
    set.formUnion(bindings.lazy.map(\.protocolName.value))
    if let also { set.insert(also) }
    made = set
    return set
  }
}
