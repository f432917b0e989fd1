/// The protocol that declares each member of a ``ProtocolInfo``, in the order of its members:
/// the protocol itself for its own members, which come first, then the ancestor of each
/// inherited one. The own members' origin is stored once rather than once per member.
public struct MemberOrigins: RandomAccessCollection, Sendable {
  /// The protocol whose own members come first.
  let own: String
  /// How many of the members are its own.
  let ownCount: Int
  /// The origins of the inherited members, after the own ones.
  let inherited: [String]

  init(own: String, ownCount: Int, inherited: [String] = []) {
    self.own = own
    self.ownCount = ownCount
    self.inherited = inherited
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ownCount + inherited.count }

  public subscript(position: Int) -> String {
    precondition(position >= 0 && position < endIndex, "member origin index out of range")
    return position < ownCount ? own : inherited[position - ownCount]
  }
}
