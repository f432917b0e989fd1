#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes command output with `write(2)`, without Foundation: each piece whole, retrying where
/// the descriptor takes less.
enum Output {
  /// Writes to standard output.
  static func standard(_ text: String) { emit(text, to: 1) }

  /// Ends the process with a status, without releasing what the command built. Everything is
  /// written with unbuffered `write(2)`, so nothing is lost.
  static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #elseif canImport(Musl)
      Musl.exit(status)
    #else
      Darwin.exit(status)
    #endif
  }

  /// Writes to standard error.
  static func error(_ text: String) { emit(text, to: 2) }

  /// The status when standard output cannot be written (`EX_IOERR`): a full disk or a closed
  /// file must not pass for a complete report (a SARIF file cut short, a JSON object missing).
  static let writeFailureStatus: Int32 = 74

  private static func emit(_ text: String, to descriptor: Int32) {
    var text = text
    let failure: Int32? = text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written > 0 {
          offset += written
          continue
        }
        let code = written < 0 ? errno : EIO
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK {
          // A non-blocking descriptor: wait until it takes more.
          var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          if poll(&waiting, 1, -1) < 0, errno != EINTR { return errno }
          continue
        }
        return code
      }
      return nil
    }
    // Standard error has nowhere else to report to; a failed write to standard output ends the
    // command with a status of its own.
    guard let failure, descriptor == 1 else { return }
    emit("error: cannot write to standard output: \(String(cString: strerror(failure)))\n", to: 2)
    exit(writeFailureStatus)
  }
}
