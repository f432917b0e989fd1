import Testing

@testable import RouteCfgCore

/// The sizes of the values the model and the YAML tree hold by the hundred thousand: a field
/// added to one of them costs megabytes at the largest manifests' peaks, so a change of size is
/// a decision, caught here before any benchmark.
@Suite("Model footprint")
struct ModelFootprintTests {
  @Test func locationsAndMembersStayCompact() {
    // An optional end would make a location 24 bytes and a member declaration 88; the model
    // holds one member per line of every protocol body.
    #expect(MemoryLayout<RouteCfgCore.SourceLocation>.stride == 20)
    #expect(MemoryLayout<MemberDecl>.stride == 80)
  }

  @Test func methodSignaturesLeaveMembersAt80Bytes() {
    // The parameters' chunk and start, and their count in the byte of the effects: one more
    // byte would make a member kind 28 bytes and a member declaration 88.
    #expect(MemoryLayout<MethodSignature>.size == 27)
    #expect(MemoryLayout<MemberDecl.Kind>.size == 27)
  }

  @Test func parametersKeepTheirLabelAndNameInOneString() {
    // A label of its own would make a parameter 56 bytes (49 of fields).
    #expect(MemoryLayout<MethodParameter>.stride == 40)
  }

  @Test func rangesOfChunksStayCompact() {
    // A body's members and a method's parameters are a chunk and a range in 32-bit numbers.
    #expect(MemoryLayout<MemberList>.stride == 16)
    #expect(MemoryLayout<MethodParameters>.stride == 16)
  }

  @Test func typeReferencesStayCompact() {
    // A member holds a range of a chunk; a reference in a chunk keeps no file of its own, its
    // name as a 32-bit index into the chunk's names, and its line once with a 16-bit column and
    // width.
    #expect(MemoryLayout<TypeReferences>.stride == 16)
    #expect(MemoryLayout<TypeReferenceChunk.Record>.stride == 12)
    #expect(MemoryLayout<Located<String>>.stride == 40)
  }

  @Test func declarationsKeepTheirFlagsInPadding() {
    // A flag declared last would add 8 bytes to each: the model holds one per protocol,
    // module and adapter.
    #expect(MemoryLayout<ProtocolDecl>.stride == 64)
    #expect(MemoryLayout<ModuleDecl>.stride == 104)
    #expect(MemoryLayout<AdapterDecl>.stride == 144)
  }

  @Test func treeNodesStayCompact() {
    // A scalar's print and a collection's place in the child list share one field, and the
    // kind, the style and the end (as lines after the start) another; the budgets are not in
    // the node.
    #expect(MemoryLayout<PackedYAMLNode>.stride == 32)
  }

  @Test func memberPairingsStayCompact() {
    // An adapter's graph holds one pairing per member; optional parameters would add a tag
    // byte and make it 72.
    #expect(MemoryLayout<MemberPairing>.stride == 64)
  }
}
