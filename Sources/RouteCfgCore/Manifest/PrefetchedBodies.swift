/// Protocol bodies parsed while the YAML reader waits for libyaml.
///
/// When libyaml parses a large file on a second thread, the thread that builds the tree spends
/// most of its time waiting for events. It parses each protocol body as soon as the body is
/// read (the value of `protocols.NAME` or `protocols.NAME.members`), and the decoder takes the
/// members and diagnostics from here instead of parsing the body again. A body is parsed from
/// its node alone, so a body the decoder never asks for (a duplicate key, a wrong shape) is
/// only wasted work, never a different outcome.
struct PrefetchedBodies: Sendable {
  /// What ``MemberParser/parse(_:locate:diagnostics:)`` gave for one body.
  struct Body: Sendable {
    let members: [MemberDecl]
    let diagnostics: DiagnosticBag
  }

  /// The limit of the decoder's diagnostics, so that each body keeps what it would keep.
  let diagnosticLimit: Int?
  private(set) var bodies: [Int32: Body] = [:]

  init(diagnosticLimit: Int?) {
    self.diagnosticLimit = diagnosticLimit
  }

  /// The root key whose value holds the protocols.
  static let sectionKey = "protocols"
  /// The key of a protocol's mapping whose value is the body.
  static let membersKey = "members"

  /// Parses the body in scalar node `id` of `file`.
  mutating func parse(_ node: YAMLNode, id: Int32, file: SourceFileID, source: SourceText) {
    let locator = ScalarLocator(file: file, source: source, node: node)
    var diagnostics = DiagnosticBag(limit: diagnosticLimit)
    let members = MemberParser.parse(node.value, locate: { locator.location($0) }, diagnostics: &diagnostics)
    bodies[id] = Body(members: members, diagnostics: diagnostics)
  }

  /// The body parsed for node `id`, if it was.
  func body(_ id: YAMLNodeID) -> Body? {
    bodies.isEmpty ? nil : bodies[id.index]
  }
}
