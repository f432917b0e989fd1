import Dispatch

/// Runs two pieces of work at once and returns when both are done.
///
/// The second piece is offered to another thread; the calling thread runs the first, then the
/// second itself if no thread has taken it yet. So joining never waits for a free thread: a
/// caller that is itself on a busy pool (the language server's analysis) cannot deadlock, and
/// with one core the pieces simply run one after the other.
enum ForkJoin {
  /// Runs `first` on the calling thread and `second` on another when one is free (or after
  /// `first` when `inParallel` is `false`, as tests compare). The two must not touch the same
  /// mutable state.
  static func run(_ first: () -> Void, alongside second: () -> Void, inParallel: Bool = true) {
    guard inParallel else {
      first()
      second()
      return
    }
    withoutActuallyEscaping(second) { second in
      let offer = OfferedWork(second)
      DispatchQueue.global().async {
        if offer.runIfUnclaimed() { offer.finish() }
      }
      first()
      if !offer.runIfUnclaimed() { offer.waitUntilFinished() }
    }
  }
}

/// Work that whichever thread claims it first runs, once.
private final class OfferedWork: @unchecked Sendable {
  // `work` and `isFinished` are guarded by `lock`. `work` is only called by the thread that
  // claimed it, and `ForkJoin.run` does not return before that call has ended.
  private var work: (() -> Void)?
  private var isFinished = false
  private let lock = ConditionLock()

  init(_ work: @escaping () -> Void) {
    self.work = work
  }

  /// Runs the work when no thread has claimed it yet; `false` when another thread had.
  func runIfUnclaimed() -> Bool {
    let claimed: (() -> Void)? = lock.withLock {
      defer { work = nil }
      return work
    }
    guard let claimed else { return false }
    claimed()
    return true
  }

  /// Called by the thread that ran the work, once it has returned.
  func finish() {
    lock.withLock {
      isFinished = true
      lock.broadcast()
    }
  }

  func waitUntilFinished() {
    lock.withLock {
      while !isFinished { lock.wait() }
    }
  }
}
