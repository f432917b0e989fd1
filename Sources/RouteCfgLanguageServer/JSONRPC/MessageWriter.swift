import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the server's messages go: the client's pipe, or a recorder in unit tests.
protocol MessageSink: Sendable {
  func send(_ message: JSONValue)
}

/// Writes framed messages to a file descriptor, one whole message at a time from any thread.
final class MessageWriter: MessageSink, @unchecked Sendable {
  private let descriptor: Int32
  /// Guards `descriptor`'s writes so that messages never interleave; also `closed`.
  private let lock = ConditionLock()
  private var closed = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func send(_ message: JSONValue) {
    let body = message.utf8()
    var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    frame.append(contentsOf: body)
    lock.withLock {
      guard !closed else { return }
      var offset = 0
      while offset < frame.count {
        let written = frame.withUnsafeBytes { buffer in
          write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          // The client is gone (EPIPE); nothing more can be said to it.
          closed = true
          return
        }
        offset += written
      }
    }
  }
}

/// Writes a line to standard error, where editors keep a language server's log.
enum ServerLog {
  static func write(_ line: String) {
    writeToStandardError(Array(("routecfg lsp: " + line + "\n").utf8))
  }
}

/// One `write(2)` of the bytes to standard error (outside `ServerLog`, whose `write` would shadow
/// the system call's name).
private func writeToStandardError(_ bytes: [UInt8]) {
  bytes.withUnsafeBytes { buffer in
    _ = write(2, buffer.baseAddress, buffer.count)
  }
}
