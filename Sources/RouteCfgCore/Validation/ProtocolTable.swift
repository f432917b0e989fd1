/// A protocol with everything it inherits resolved: the members a conforming type has.
/// A class so that looking one up by name shares it instead of copying its arrays.
public final class ProtocolInfo: Sendable {
  public let name: String
  /// Where the protocol is declared.
  public let location: SourceLocation
  /// The protocols listed in `inherits` that exist.
  public let inherits: [String]
  /// Every protocol it inherits from, directly or not.
  public let ancestors: Set<String>
  /// Own members first, then inherited ones, each once.
  public let members: MemberList
  /// The protocol that declares each member of ``members``.
  public let origins: MemberOrigins
  /// `true` when its body, or an inherited protocol's, could not all be read (already
  /// reported): a member not in ``members`` may still be one its author meant.
  public let hasUnreadMembers: Bool
  private let memberPositions: NamePositions

  init(
    name: String, location: SourceLocation, inherits: [String], ancestors: Set<String>,
    members: MemberList, origins: MemberOrigins, hasUnreadMembers: Bool = false
  ) {
    self.hasUnreadMembers = hasUnreadMembers
    self.name = name
    self.location = location
    self.inherits = inherits
    self.ancestors = ancestors
    self.members = members
    self.origins = origins
    self.memberPositions = NamePositions(of: members.lazy.map { $0.name })
  }

  /// The member with this base name (base names are unique in a valid protocol).
  public func member(named name: String) -> MemberDecl? {
    position(ofMember: name).map { members[$0] }
  }

  /// The position in ``members`` of the member with this base name.
  package func position(ofMember name: String) -> Int? {
    memberPositions.position(of: name, in: members.lazy.map { $0.name })
  }

  /// `true` when a value of this protocol is also a `other` (same protocol or an ancestor).
  public func conforms(to other: String) -> Bool { other == name || ancestors.contains(other) }
}

/// Builds ``ProtocolInfo`` for every declared protocol: inheritance resolved without recursion,
/// cycles and duplicate members reported, and a budget on the total inherited size so that
/// pathological inheritance cannot take quadratic time.
struct ProtocolTableBuilder {
  /// The most members (own and inherited) all protocols may hold together.
  static let memberBudget = 1_000_000

  let declarations: [ProtocolDecl]
  /// The first declaration of each name, as an index into `declarations`: the protocol's ID.
  let index: NameTable<Int>
  /// The IDs in declaration order.
  let ids: [Int]
  var diagnostics: DiagnosticBag
  /// By ID.
  private var built: [ProtocolInfo?]
  private var budget = memberBudget
  private var budgetReported = false

  init(declarations: [ProtocolDecl], index: NameTable<Int>, ids: [Int], diagnosticLimit: Int?) {
    self.declarations = declarations
    self.index = index
    self.ids = ids
    self.diagnostics = DiagnosticBag(limit: diagnosticLimit)
    self.built = Array(repeating: nil, count: declarations.count)
  }

  /// A ``ProtocolInfo`` for every ID, so the table holds exactly the declared names.
  mutating func build() -> ProtocolLookup {
    // By ID.
    var state: [VisitState?] = Array(repeating: nil, count: declarations.count)
    for id in ids where state[id] == nil {
      // A protocol that inherits nothing needs no walk.
      if declarations[id].inherits.isEmpty {
        built[id] = info(forDeclarationAt: id)
        state[id] = .done
        continue
      }
      // Iterative depth-first walk: parents are built before their children.
      var stack: [(id: Int, next: Int)] = [(id, 0)]
      state[id] = .inProgress
      while let top = stack.last {
        let decl = declarations[top.id]
        if top.next < decl.inherits.count {
          stack[stack.count - 1].next += 1
          let parent = decl.inherits[top.next]
          guard let parentID = index[parent.value] else { continue }
          switch state[parentID] {
          case nil:
            state[parentID] = .inProgress
            stack.append((parentID, 0))
          case .inProgress:
            let cycle = Self.describeCycle(
              closing: parent.value, stack: stack.map { declarations[$0.id].name.value })
            diagnostics.report(
              .inheritanceCycle, cycle + "; protocol inheritance cannot form a cycle: remove this entry",
              at: parent.location)
            cyclicEdges.insert(Edge(child: decl.name.value, parent: parent.value))
          case .done:
            break
          }
        } else {
          built[top.id] = info(forDeclarationAt: top.id)
          state[top.id] = .done
          stack.removeLast()
        }
      }
    }
    return ProtocolLookup(index: index, infos: built)
  }

  private enum VisitState { case inProgress, done }

  /// "'A' inherits 'B', 'B' inherits 'C' and 'C' inherits 'A'" for the walk `stack` whose last
  /// protocol inherits `parent`, which is already on the stack.
  private static func describeCycle(closing parent: String, stack: [String]) -> String {
    guard let start = stack.lastIndex(of: parent) else { return "'\(parent)' inherits itself" }
    let path = Array(stack[start...]) + [parent]
    if path.count == 2 { return "'\(parent)' inherits itself" }
    let links = zip(path, path.dropFirst()).map { "'\($0)' inherits '\($1)'" }
    return links.dropLast().joined(separator: ", ") + " and " + (links.last ?? "")
  }
  private struct Edge: Hashable {
    let child: String
    let parent: String
  }
  private var cyclicEdges: Set<Edge> = []

  /// Combines own and inherited members, reporting duplicates.
  private mutating func info(forDeclarationAt id: Int) -> ProtocolInfo {
    let name = declarations[id].name.value
    if declarations[id].inherits.isEmpty, declarations[id].members.count <= 8,
      !Self.hasDuplicateNames(declarations[id].members)
    {
      // The common case: nothing inherited, a few distinct members. Read in place: a copy of
      // the declaration would retain and release each of its fields.
      return ProtocolInfo(
        name: name, location: declarations[id].name.location, inherits: [], ancestors: [],
        members: declarations[id].members,
        origins: MemberOrigins(own: name, ownCount: declarations[id].members.count),
        hasUnreadMembers: declarations[id].hasUnreadMembers)
    }
    let decl = declarations[id]
    var members: [MemberDecl] = []
    // Each name's position in `members`.
    var byName = FirstSeen<Int>(capacity: decl.members.count)
    for member in decl.members {
      if let first = byName.recordOrFind(member.name, members.count) {
        diagnostics.report(
          .duplicateMember,
          "'\(member.name)' is declared twice in '\(name)'; a member name appears once per "
            + "protocol (overloads are not supported): rename or remove one",
          at: member.location, notes: [DiagnosticNote("first declared here", at: members[first].location)])
        continue
      }
      members.append(member)
    }
    // Own members come first; the origin of each inherited one follows them.
    let ownCount = members.count
    var inheritedOrigins: [String] = []
    func origin(_ position: Int) -> String {
      position < ownCount ? name : inheritedOrigins[position - ownCount]
    }
    var inherits: [String] = []
    var ancestors: Set<String> = []
    var hasUnreadMembers = decl.hasUnreadMembers
    // Own members already reported as repeating an inherited one: a member reached through two
    // parents (a diamond) is one problem, reported once.
    var repeatedOwn: Set<Int> = []
    for parentRef in decl.inherits {
      let edge = Edge(child: name, parent: parentRef.value)
      guard let parent = index[parentRef.value].flatMap({ built[$0] }), !cyclicEdges.contains(edge) else {
        // A parent that is not declared (reported) may have members the protocol inherits.
        if index[parentRef.value] == nil { hasUnreadMembers = true }
        continue
      }
      inherits.append(parent.name)
      ancestors.insert(parent.name)
      hasUnreadMembers = hasUnreadMembers || parent.hasUnreadMembers
      budget -= parent.members.count + parent.ancestors.count
      if budget < 0 {
        // Past the budget nothing more is inherited, not even the parent's ancestors, so that
        // a long chain stays linear after the error; what it lacks is not reported missing.
        reportBudget(at: parentRef.location)
        hasUnreadMembers = true
        continue
      }
      ancestors.formUnion(parent.ancestors)
      for (member, inheritedOrigin) in zip(parent.members, parent.origins) {
        if let existing = byName.recordOrFind(member.name, members.count) {
          // The same member reached twice through a diamond is one member.
          if origin(existing) == inheritedOrigin, members[existing] == member { continue }
          if existing < ownCount, !repeatedOwn.insert(existing).inserted { continue }
          reportInheritedDuplicate(
            member, from: parent.name, existing: members[existing], existingOrigin: origin(existing),
            in: name, entry: parentRef.location)
          continue
        }
        members.append(member)
        inheritedOrigins.append(inheritedOrigin)
      }
    }
    return ProtocolInfo(
      name: name, location: decl.name.location, inherits: inherits, ancestors: ancestors,
      members: MemberList(members),
      origins: MemberOrigins(own: name, ownCount: ownCount, inherited: inheritedOrigins),
      hasUnreadMembers: hasUnreadMembers)
  }

  private static func hasDuplicateNames(_ members: MemberList) -> Bool {
    for index in members.indices.dropFirst() {
      let name = members[index].name
      for earlier in 0..<index where members[earlier].name == name { return true }
    }
    return false
  }

  private mutating func reportInheritedDuplicate(
    _ member: MemberDecl, from parent: String, existing: MemberDecl, existingOrigin: String, in name: String,
    entry: SourceLocation
  ) {
    if existingOrigin == name {
      diagnostics.report(
        .duplicateMember,
        "'\(existing.name)' in '\(name)' repeats a member it inherits from '\(parent)'; remove it "
          + "here (inherited members need no redeclaration)",
        at: existing.location, notes: [DiagnosticNote("inherited from here", at: member.location)])
    } else {
      diagnostics.report(
        .duplicateMember,
        "'\(name)' inherits two members named '\(member.name)': from '\(existingOrigin)' and from "
          + "'\(parent)'; rename one of them",
        at: entry,
        notes: [
          DiagnosticNote("declared in '\(existingOrigin)' here", at: existing.location),
          DiagnosticNote("declared in '\(parent)' here", at: member.location),
        ])
    }
  }

  private mutating func reportBudget(at location: SourceLocation) {
    guard !budgetReported else { return }
    budgetReported = true
    diagnostics.report(
      .inheritanceTooLarge,
      "protocol inheritance here adds up to more than \(Self.memberBudget) inherited members and "
        + "ancestors; flatten the inheritance (inherit fewer, smaller protocols)",
      at: location)
  }
}
