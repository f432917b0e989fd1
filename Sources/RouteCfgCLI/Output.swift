#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes command output in one piece, without Foundation.
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

  private static func emit(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written <= 0 {
          if written < 0, errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
