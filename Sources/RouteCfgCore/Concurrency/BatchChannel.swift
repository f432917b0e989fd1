/// A bounded, ordered hand-off of event batches from the libyaml thread to the tree builder.
///
/// The producer blocks while `capacity` batches wait; the consumer blocks while none does.
/// `cancel()` releases a blocked producer and makes every later `send` fail, so a reader that
/// stops early (a fatal diagnostic) does not leave libyaml parsing the rest of a large file.
final class BatchChannel: @unchecked Sendable {
  // All mutable state is guarded by `lock`.
  private let lock = ConditionLock()
  private var waiting: [YAMLEventBatch] = []
  private var next = 0
  private var cancelled = false
  private let capacity: Int

  init(capacity: Int = 4) {
    self.capacity = capacity
  }

  /// Queues a batch; returns `false` once the consumer has cancelled.
  func send(_ batch: YAMLEventBatch) -> Bool {
    lock.withLock {
      while waiting.count - next >= capacity, !cancelled { lock.wait() }
      if cancelled { return false }
      waiting.append(batch)
      lock.broadcast()
      return true
    }
  }

  /// The next batch, waiting for the producer when none is queued.
  func receive() -> YAMLEventBatch {
    lock.withLock {
      while next == waiting.count { lock.wait() }
      return take()
    }
  }

  /// Takes the next queued batch; call inside `lock.withLock` when one is queued.
  private func take() -> YAMLEventBatch {
    let batch = waiting[next]
    next += 1
    if next == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      next = 0
    }
    lock.broadcast()
    return batch
  }

  /// The next batch when one is queued, without waiting.
  func poll() -> YAMLEventBatch? {
    lock.withLock { next == waiting.count ? nil : take() }
  }

  /// Tells the producer to stop.
  func cancel() {
    lock.withLock {
      cancelled = true
      lock.broadcast()
    }
  }
}
