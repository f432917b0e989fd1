import Testing

@testable import RouteCfgCore

@Suite("libyaml's events in batches")
struct LibYAMLBatchTests {
  /// The batches of a stream of `count` scalars in one sequence, as they are handed over.
  private func batchSizes(scalars count: Int) -> (sizes: [Int], lastIsEnd: Bool) {
    let yaml = "[" + (0..<count).map { "v\($0)" }.joined(separator: ", ") + "]\n"
    var sizes: [Int] = []
    var lastIsEnd = false
    LibYAMLEventSource.parse(SourceText(bytes: Array(yaml.utf8)), file: SourceFileID(0)) { batch in
      sizes.append(batch.events.count)
      lastIsEnd = batch.isLast && batch.failure == nil
      return true
    }
    return (sizes, lastIsEnd)
  }

  /// The first batch is small, so that the thread building the tree starts at once; each next
  /// one is twice as large up to the full size; no event is lost or repeated.
  @Test func batchesStartSmallAndDouble() {
    // A document start, a sequence start and end, the scalars and the stream end (the stream
    // start and the document end are not handed over).
    let scalars = 20_000
    let (sizes, lastIsEnd) = batchSizes(scalars: scalars)
    let first = LibYAMLEventSource.firstBatchSize
    let full = LibYAMLEventSource.batchSize
    #expect(sizes.reduce(0, +) == scalars + 4)
    #expect(lastIsEnd)
    var expected = first
    for size in sizes.dropLast() {
      #expect(size == expected, "\(sizes)")
      expected = min(2 * expected, full)
    }
    #expect(sizes.prefix(5) == [256, 512, 1_024, 2_048, 4_096])
  }

  /// A stream shorter than the first batch comes in one.
  @Test func aShortStreamIsOneBatch() {
    let (sizes, lastIsEnd) = batchSizes(scalars: 10)
    #expect(sizes == [14])
    #expect(lastIsEnd)
  }
}
