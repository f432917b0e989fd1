#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bounded, ordered hand-off of event batches from the libyaml thread to the tree builder.
///
/// The producer blocks while `capacity` batches wait; the consumer blocks while none does.
/// `cancel()` releases a blocked producer and makes every later `send` fail, so a reader that
/// stops early (a fatal diagnostic) does not leave libyaml parsing the rest of a large file.
final class BatchChannel: @unchecked Sendable {
  // All mutable state is guarded by `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>
  private var waiting: [YAMLEventBatch] = []
  private var next = 0
  private var cancelled = false
  private let capacity: Int

  init(capacity: Int = 4) {
    self.capacity = capacity
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// Queues a batch; returns `false` once the consumer has cancelled.
  func send(_ batch: YAMLEventBatch) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while waiting.count - next >= capacity, !cancelled { pthread_cond_wait(changed, mutex) }
    if cancelled { return false }
    waiting.append(batch)
    pthread_cond_broadcast(changed)
    return true
  }

  /// The next batch, waiting for the producer when none is queued.
  func receive() -> YAMLEventBatch {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while next == waiting.count { pthread_cond_wait(changed, mutex) }
    let batch = waiting[next]
    next += 1
    if next == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      next = 0
    }
    pthread_cond_broadcast(changed)
    return batch
  }

  /// Tells the producer to stop.
  func cancel() {
    pthread_mutex_lock(mutex)
    cancelled = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}
