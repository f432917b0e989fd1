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
    offering(second) { offer in
      first()
      if !offer.runIfUnclaimed() { offer.waitUntilFinished() }
    }
  }

  /// Offers `work` to another thread and calls `body` with the offer, which `body` must see
  /// claimed and finished before it returns.
  private static func offering(_ work: () -> Void, while body: (OfferedWork) -> Void) {
    withoutActuallyEscaping(work) { work in
      let offer = OfferedWork(work)
      DispatchQueue.global().async {
        if offer.runIfUnclaimed() { offer.finish() }
      }
      body(offer)
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

extension ForkJoin {
  /// Runs `first` on the calling thread beside the pieces `0..<count` on another, which takes
  /// them from the first on (`fromFront`). Once `first` is done, the calling thread takes
  /// pieces from the last back (`fromBack`) until the two meet, each piece running once: both
  /// finish together however the cost of `first` and of the pieces compares (which changes with a
  /// manifest's size and shape), and each thread's pieces are consecutive. When no other thread
  /// has started by then, or without `inParallel`, the calling thread runs every piece from the
  /// first on.
  static func run(
    _ first: () -> Void, thenSharing count: Int, fromBack: (Int) -> Void, fromFront: (Int) -> Void,
    inParallel: Bool = true
  ) {
    let pieces = PieceDispenser(count: count)
    func front() {
      while let piece = pieces.takeFirst() { fromFront(piece) }
    }
    guard inParallel else {
      first()
      front()
      return
    }
    offering(front) { offer in
      first()
      guard !offer.runIfUnclaimed() else { return }
      while let piece = pieces.takeLast() { fromBack(piece) }
      offer.waitUntilFinished()
    }
  }
}

/// The numbers `0..<count`, each handed out once, from either end, to whichever thread asks.
private final class PieceDispenser: @unchecked Sendable {
  // `left` is guarded by `lock`.
  private var left: Range<Int>
  private let lock = ConditionLock()

  init(count: Int) {
    left = 0..<count
  }

  /// The first number not yet handed out; `nil` once all are.
  func takeFirst() -> Int? {
    lock.withLock { left.popFirst() }
  }

  /// The last number not yet handed out; `nil` once all are.
  func takeLast() -> Int? {
    lock.withLock { left.popLast() }
  }
}
