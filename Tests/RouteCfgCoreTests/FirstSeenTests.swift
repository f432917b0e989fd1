import Testing

@testable import RouteCfgCore

/// `FirstSeen` keeps the first value recorded for each name, found by comparing names while there
/// are few and through its dictionary once there are many.
@Suite("First seen")
struct FirstSeenTests {
  @Test func findsEveryRecordedNameBeforeAndAfterItGrows() {
    var seen = FirstSeen<Int>()
    #expect(seen.value(for: "title") == nil)
    for count in 1...40 {
      #expect(seen.recordOrFind("member\(count)", count) == nil)
      for kept in 1...count { #expect(seen.value(for: "member\(kept)") == kept) }
      #expect(!seen.contains("member\(count + 1)"))
    }
    #expect(seen.recordOrFind("member3", -3) == 3, "the first value stays")
    #expect(seen.value(for: "member3") == 3)
  }
}
