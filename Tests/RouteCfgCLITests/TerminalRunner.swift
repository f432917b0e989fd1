import Foundation

/// Runs the built `routecfg` with its standard output on a pseudo-terminal, as a person at a
/// terminal sees it, so that terminal detection itself is tested.
enum TerminalRunner {
  /// The text written to the terminal (line breaks as `\n`) and the exit status. `environment`
  /// replaces variables of the test process's environment (`NO_COLOR` is removed unless given).
  static func run(
    _ arguments: [String], environment: [String: String] = [:], columns: UInt16 = 100
  ) throws -> (status: Int32, output: String) {
    let (master, slave) = try openTerminal()
    defer { close(master) }
    var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    variables["TERM"] = "xterm-256color"
    for (key, value) in environment { variables[key] = value }
    let process = Process()
    process.executableURL = Routecfg.executable
    process.arguments = arguments
    process.environment = variables
    process.currentDirectoryURL = URL(fileURLWithPath: Routecfg.repository)
    process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Only the child holds the terminal now, so reading ends when it exits.
    close(slave)
    // Read until the terminal closes (EIO once the child has exited), so that the child never
    // blocks on a full terminal buffer.
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count < 0, errno == EINTR {
        continue
      } else {
        break
      }
    }
    process.waitUntilExit()
    let output = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    return (process.terminationStatus, output)
  }

  /// A new pseudo-terminal: its controlling side and the descriptor of its terminal side.
  private static func openTerminal() throws -> (master: Int32, slave: Int32) {
    #if os(Linux)
      // posix_openpt and friends are not imported from Glibc; these are their ioctls
      // (asm-generic _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int)).
      let unlockRequest: UInt = 0x4004_5431
      let numberRequest: UInt = 0x8004_5430
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0,
        ioctl(master, numberRequest, &number) == 0
      else { throw CocoaError(.fileReadUnknown) }
      let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    #else
      let master = posix_openpt(O_RDWR | O_NOCTTY)
      guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
        throw CocoaError(.fileReadUnknown)
      }
      let slave = open(name, O_RDWR | O_NOCTTY)
    #endif
    guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
    return (master, slave)
  }
}
