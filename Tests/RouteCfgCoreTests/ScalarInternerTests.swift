import Testing

@testable import RouteCfgCore

/// Equal scalar texts of 16 to 64 ASCII bytes share one string; shorter ones are remembered a
/// few at a time; every text, shared, remembered or not, reads back exactly as written.
@Suite("Scalar interner")
struct ScalarInternerTests {
  private static func intern(_ text: String, in interner: inout ScalarInterner) -> String {
    Array(text.utf8).withUnsafeBufferPointer { interner.string($0) }
  }

  /// `true` when both strings use the same storage.
  private static func sharesStorage(_ first: String, _ second: String) -> Bool {
    let firstBase = first.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    let secondBase = second.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    return firstBase != nil && firstBase == secondBase
  }

  @Test func equalNamesShareOneString() {
    var interner = ScalarInterner()
    let first = Self.intern("Feature12Delegate", in: &interner)
    let second = Self.intern("Feature12Delegate", in: &interner)
    #expect(first == "Feature12Delegate")
    #expect(Self.sharesStorage(first, second))
    let other = Self.intern("Feature13Delegate", in: &interner)
    #expect(other == "Feature13Delegate")
    #expect(!Self.sharesStorage(first, other))
  }

  @Test(arguments: [
    "", "short", "fifteen bytes!!", "exactly16bytes!!", "seventeen bytes!!",
    String(repeating: "a", count: 64),
    String(repeating: "b", count: 65), "ModuleÄRequiredLoginViewInput", "tail differs at the very enD",
  ])
  func everyTextReadsBackAsWritten(_ text: String) {
    var interner = ScalarInterner()
    #expect(Self.intern(text, in: &interner) == text)
    #expect(Self.intern(text, in: &interner) == text)
  }

  @Test func textsThatDifferOnlyInTheirLastBytesStayApart() {
    var interner = ScalarInterner()
    let texts = (0..<26).map { "ProvidedLoginViewInput_" + String(UnicodeScalar(UInt8(97 + $0))) }
    let interned = texts.map { Self.intern($0, in: &interner) }
    #expect(interned == texts)
    #expect(texts.map { Self.intern($0, in: &interner) } == texts)
  }

  @Test func aLookingUpOnlyCopyFindsStringsAndAddsNone() {
    var interner = ScalarInterner()
    let known = Self.intern("Feature12Delegate", in: &interner)
    var first = interner.lookingUpOnly
    var second = first
    #expect(Self.sharesStorage(Self.intern("Feature12Delegate", in: &first), known))
    #expect(Self.sharesStorage(Self.intern("Feature12Delegate", in: &second), known))
    // A text the table lacks reads back as written, in a string of its own each time.
    let new = Self.intern("Feature13Delegate", in: &first)
    #expect(new == "Feature13Delegate")
    #expect(!Self.sharesStorage(new, Self.intern("Feature13Delegate", in: &first)))
    // The interner it was made from did not get it either.
    #expect(!Self.sharesStorage(new, Self.intern("Feature13Delegate", in: &interner)))
  }

  @Test func shortTextsOfEveryLengthReadBackAsWrittenEachTime() {
    var interner = ScalarInterner()
    // Every length under 16, texts that differ only by a trailing NUL or in their last byte,
    // and non-ASCII text, valid or not (decoded with U+FFFD for what is not UTF-8).
    var texts: [[UInt8]] = (0..<16).map { Array("abcdefghijklmnop".utf8.prefix($0)) }
    texts += (0..<16).map { Array(repeating: 0, count: $0) }
    texts += [[0x61, 0x00], [0x61], [0x61, 0x00, 0x00], Array("Ä€x".utf8), [0xFF, 0x61], [0xC3]]
    texts += (0..<256).map { [0x6B, 0x65, 0x79, UInt8($0)] }
    for _ in 0..<3 {
      for bytes in texts {
        let read = bytes.withUnsafeBufferPointer { interner.string($0) }
        #expect(read == String(decoding: bytes, as: UTF8.self), "\(bytes)")
      }
    }
  }

  @Test func aLookingUpOnlyCopyRemembersNoShortText() {
    var interner = ScalarInterner()
    var copy = interner.lookingUpOnly
    #expect(Self.intern("kind", in: &copy) == "kind")
    #expect(Self.intern("kind", in: &copy) == "kind")
    #expect(Self.intern("kind", in: &interner) == "kind")
    var none = ScalarInterner.none
    #expect(Self.intern("view", in: &none) == "view")
  }

  @Test func growingKeepsEveryText() {
    var interner = ScalarInterner(capacity: 16)
    let texts = (0..<5_000).map { "ModuleNumber\($0)RequiredInput" }
    let first = texts.map { Self.intern($0, in: &interner) }
    let second = texts.map { Self.intern($0, in: &interner) }
    #expect(first == texts)
    #expect(second == texts)
    #expect(zip(first, second).allSatisfy { Self.sharesStorage($0, $1) })
  }

  @Test func aManifestReadsTheSameWithSharedNames() throws {
    let yaml = """
      routecfg: 1
      protocols:
        NoteEditorRequiredStore: |
          func note(id: Int) -> String?
      modules:
        NoteEditorModuleWithALongName: {kind: view, requires: [NoteEditorRequiredStore], routes: [/e]}
        NoteStoreServiceModuleLong: {kind: service, provides: [NoteEditorRequiredStore]}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "shared.yaml")
    #expect(result.diagnostics.isEmpty)
    let graph = try #require(result.graph)
    #expect(graph.moduleNames == ["NoteEditorModuleWithALongName", "NoteStoreServiceModuleLong"])
    #expect(
      graph.resolution(variant: nil)?.provider(of: "NoteEditorRequiredStore")?.module
        == "NoteStoreServiceModuleLong")
  }
}
