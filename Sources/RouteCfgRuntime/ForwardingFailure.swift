#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A call, read or write that a ``DynamicProtocolProxy`` could not forward from a requirement that
/// cannot throw (a delegate's `func didLogin()`, a property's getter). Reported to the handler
/// given to ``Registrations/onForwardingFailure(_:)`` instead of being swallowed; its description
/// is a compiler-style line pointing at the proxy's code.
public struct ForwardingFailure: Error, Sendable, CustomStringConvertible {
  /// The protocol the proxy conforms to.
  public let protocolName: String
  /// The member as the proxy named it (`didLogin()`, `notifyString`).
  public let member: String
  /// Why it failed.
  public let error: String
  /// Where the proxy forwards it.
  public let file: String
  public let line: Int

  public init(protocolName: String, member: String, error: String, file: String, line: Int) {
    self.protocolName = protocolName
    self.member = member
    self.error = error
    self.file = file
    self.line = line
  }

  /// A compiler-style line: `NoteAppExample/NoteAppWiring.swift:76: error: forwarding
  /// 'didLogin()' of 'ProvidedLoginViewDelegate' failed: ...`.
  public var description: String {
    "\(file):\(line): error: forwarding '\(member)' of '\(protocolName)' failed: \(error)"
  }

  /// What happens to a failure when no handler is registered: its description is written to
  /// standard error, so a broken wiring shows in the console instead of doing nothing.
  public static let writeToStandardError: @MainActor @Sendable (ForwardingFailure) -> Void = { failure in
    var text = "routecfg: \(failure.description)\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}
