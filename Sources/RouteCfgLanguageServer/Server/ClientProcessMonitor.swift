import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches the editor's process (`--clientProcessId`, `InitializeParams.processId`): when it is
/// gone, the server ends as if its input had closed, so that a server whose editor crashed does
/// not linger. Watched processes are checked every few seconds on a thread of the monitor's own,
/// which sleeps in between. An id that names no running process when it is given is logged and
/// not watched: it may come from another machine or container, or from a client that made it
/// up, and ending the session at once would leave such an editor without a server.
final class ClientProcessMonitor: @unchecked Sendable {
  /// How often a watched process is checked.
  static let interval: UInt32 = 2

  private let lock = ConditionLock()
  private let onExit: @Sendable () -> Void
  /// Guarded by `lock`.
  private var processes: Set<Int32> = []
  private var started = false

  /// `onExit` runs once, on the monitor's thread, when a watched process is found gone.
  init(onExit: @escaping @Sendable () -> Void) {
    self.onExit = onExit
  }

  /// Watches a process from now on, if it is running.
  func watch(_ pid: Int32) {
    guard pid > 0 else { return }
    guard Self.isRunning(pid) else {
      ServerLog.write("the client's process \(pid) is not running: not watched")
      return
    }
    let startThread = lock.withLock { () -> Bool in
      processes.insert(pid)
      defer { started = true }
      return !started
    }
    if startThread {
      DetachedThread.start(stackSize: 64 << 10) { [self] in poll() }
    }
  }

  private func poll() {
    while true {
      sleep(Self.interval)
      let watched = lock.withLock { processes }
      if let gone = watched.first(where: { !Self.isRunning($0) }) {
        ServerLog.write("the client's process \(gone) ended: exiting")
        onExit()
        return
      }
    }
  }

  /// `false` only when the system says there is no such process (`ESRCH`); a process the server
  /// may not signal (`EPERM`) is running.
  static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }
}
