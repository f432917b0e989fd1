/// Protocol bodies parsed while their file was still being read, by the YAML node that holds
/// each: the thread that builds a large file's tree waits for libyaml most of the time, and
/// parsing the bodies there takes that work off decoding.
///
/// Only bodies that the one-pass parser reads whole are kept, so that each holds exactly what
/// ``MemberParser`` would return for it later, and no diagnostic is lost or moved: the others
/// are parsed, with their diagnostics, when the decoder comes to them.
struct PreparedMembers: Sendable {
  /// Where protocol bodies are written: `protocols: {Name: |...}` and
  /// `protocols: {Name: {members: |...}}`.
  static let selection = YAMLValueSelection(paths: [["protocols", nil], ["protocols", nil, "members"]])

  /// The members of the bodies prepared, by node: the reader hands bodies over in the order of
  /// their nodes, so keeping them sorted costs nothing.
  private var members = NodeOrderedValues<MemberList>()
  /// How many bodies the read picked: those prepared and those that did not parse whole.
  var selected = 0

  /// Parses the body in `id` and keeps its members when it parses whole; returns whether it did
  /// (the decoder then reads the members kept, not the body's text). `writer`, the reading
  /// thread's, writes their members, type references and method parameters.
  @discardableResult
  mutating func prepare(
    _ id: YAMLNodeID, body: String, locator: ScalarLocator, writer: inout BodyWriter
  ) -> Bool {
    guard
      let parsed = MemberParser.parseWellFormed(
        body, locate: { locator.location($0) }, writer: &writer)
    else {
      return false
    }
    members.set(parsed, for: id.index)
    return true
  }

  /// Prepares the body in `id` as ``prepare(_:body:locator:writer:)`` does, with `names`, the
  /// file's reader's, lent to the writer: a long name the body writes then shares the string of
  /// the same name written elsewhere in the file (a protocol's, as a key).
  mutating func prepare(
    _ id: YAMLNodeID, body: String, locator: ScalarLocator, writer: inout BodyWriter,
    sharing names: inout ScalarInterner
  ) -> Bool {
    swap(&writer.names, &names)
    defer { swap(&writer.names, &names) }
    return prepare(id, body: body, locator: locator, writer: &writer)
  }

  /// Keeps the bodies `other` prepared as well (its nodes, when they follow this one's, are
  /// appended).
  mutating func take(_ other: PreparedMembers) {
    members.take(other.members)
  }

  /// The members of the body in `id`, when it was prepared.
  subscript(id: YAMLNodeID) -> MemberList? { members[id.index] }

  /// How many bodies were prepared.
  var count: Int { members.count }

  /// What decoding a line of the `protocols` section costs against a line of `modules`: 1.6
  /// when its body is parsed then (1.58 in instructions at 1,000 modules, 1.70 in time at
  /// 20,000), 0.16 when it was prepared (0.16 in time at 20,000, 0.15 at 5,000), and in between
  /// by the share prepared.
  var protocolLineWeight: Double {
    let share = selected == 0 ? 0 : Double(min(count, selected)) / Double(selected)
    return 1.6 - 1.44 * share
  }
}
