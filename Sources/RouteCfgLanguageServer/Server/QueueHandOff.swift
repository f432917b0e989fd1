import Dispatch
import RouteCfgCore

/// Runs `work` on `queue` and hands its result to the waiting task. Besides the continuation, the
/// hand-over passes a lock on both sides: the Thread Sanitizer does not see a continuation's
/// resume as a synchronisation, and without the lock reports every read of the result (a model
/// built on the queue, read on the server's actor) as a race with its initialisation.
func result<T: Sendable>(on queue: DispatchQueue, of work: @escaping @Sendable () -> T) async -> T {
  let fence = HandOffFence()
  let value = await withCheckedContinuation { continuation in
    queue.async {
      let value = work()
      fence.pass()
      continuation.resume(returning: value)
    }
  }
  fence.pass()
  return value
}

/// A lock taken and released once on each side of a hand-over: everything written before the
/// producer's pass happens before everything read after the consumer's.
private final class HandOffFence: Sendable {
  private let lock = ConditionLock()

  func pass() {
    lock.withLock {}
  }
}
