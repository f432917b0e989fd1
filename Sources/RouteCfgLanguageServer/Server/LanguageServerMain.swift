import Dispatch
import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `routecfg lsp`: runs the language server over standard input and output.
public enum LanguageServerMain {
  /// Serves until the client sends `exit` (or closes the pipe, or its process `clientProcessID`
  /// ends); returns the exit status: 0 when `shutdown` came first, 1 otherwise (LSP 3.17).
  public static func run(input: Int32 = 0, output: Int32 = 1, clientProcessID: Int32? = nil) -> Int32 {
    // A client that goes away must not kill the server with SIGPIPE mid-write.
    signal(SIGPIPE, SIG_IGN)
    let writer = MessageWriter(descriptor: output)
    let cancellations = CancellationRegistry()
    let (stream, continuation) = AsyncStream.makeStream(of: IncomingMessage.self, bufferingPolicy: .unbounded)
    let reader = MessageReader(descriptor: input, writer: writer, cancellations: cancellations)
    DetachedThread.start(stackSize: 1 << 20) { reader.run(into: continuation) }
    // The client's process ending is handled as the end of its input.
    let monitor = ClientProcessMonitor { continuation.finish() }
    if let clientProcessID { monitor.watch(clientProcessID) }
    let status = ExitStatus()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let server = LanguageServer(sink: writer, cancellations: cancellations, clientProcess: monitor)
      status.value = await server.run(stream)
      done.signal()
    }
    done.wait()
    return status.value
  }
}

/// The exit status handed from the server's task to the main thread.
private final class ExitStatus: @unchecked Sendable {
  /// Written once by the server's task before the semaphore is signalled, read after.
  var value: Int32 = 1
}
