import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ids of requests the client cancelled (`$/cancelRequest`), shared between the thread that
/// reads messages, which records a cancellation as soon as it arrives, and the request handlers,
/// which check it.
final class CancellationRegistry: @unchecked Sendable {
  private let lock = ConditionLock()
  /// Requests read and not yet answered.
  private var active: Set<RequestID> = []
  private var cancelled: Set<RequestID> = []
  private var waiters: [RequestID: @Sendable () -> Void] = [:]

  /// Records a request as it is read, so that only requests in flight can be cancelled.
  func begin(_ id: RequestID) {
    lock.withLock { _ = active.insert(id) }
  }

  func cancel(_ id: RequestID) {
    let waiter = lock.withLock { () -> (@Sendable () -> Void)? in
      guard active.contains(id) else { return nil }
      cancelled.insert(id)
      return waiters.removeValue(forKey: id)
    }
    waiter?()
  }

  func isCancelled(_ id: RequestID) -> Bool {
    lock.withLock { cancelled.contains(id) }
  }

  /// Runs `action` when `id` is cancelled (at once when it already is).
  func onCancel(_ id: RequestID, _ action: @escaping @Sendable () -> Void) {
    let runNow = lock.withLock { () -> Bool in
      if cancelled.contains(id) { return true }
      waiters[id] = action
      return false
    }
    if runNow { action() }
  }

  /// Forgets a request that has been answered.
  func finish(_ id: RequestID) {
    lock.withLock {
      active.remove(id)
      cancelled.remove(id)
      waiters.removeValue(forKey: id)
    }
  }
}

/// Reads framed messages from a file descriptor on its own thread and hands them over in order.
/// Messages that are not JSON-RPC are answered here with an error; framing problems are logged.
struct MessageReader: Sendable {
  /// The largest message accepted: a manifest file may be 32 MiB, and JSON escapes make it longer.
  static let maxContentLength = 96 << 20
  let descriptor: Int32
  let writer: any MessageSink
  let cancellations: CancellationRegistry

  /// Reads until end of input, yielding messages; finishes the stream at the end.
  func run(into continuation: AsyncStream<IncomingMessage>.Continuation) {
    var decoder = FrameDecoder(maxContentLength: Self.maxContentLength)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      decoder.append(chunk[0..<count])
      while let event = decoder.next() {
        if let message = classify(event) { continuation.yield(message) }
      }
    }
    continuation.finish()
  }

  /// The message an event carries, or `nil` after answering or logging a problem.
  func classify(_ event: FrameEvent) -> IncomingMessage? {
    switch event {
    case .malformed(let reason):
      ServerLog.write("skipped unreadable input: \(reason)")
      return nil
    case .tooLarge(let length):
      ServerLog.write("skipped a message of \(length) bytes (the limit is \(Self.maxContentLength))")
      writer.send(
        OutgoingMessage.error(
          id: nil, .invalidRequest("message of \(length) bytes is over the limit of \(Self.maxContentLength)")
        ))
      return nil
    case .message(let body):
      let json: JSONValue
      do {
        json = try JSONParser.parse(body)
      } catch {
        ServerLog.write("answered a message that is not JSON with ParseError: \(error)")
        writer.send(OutgoingMessage.error(id: nil, .parseError("invalid JSON: \(error)")))
        return nil
      }
      let message = IncomingMessage(json)
      switch message {
      case .invalid(let id, let error):
        ServerLog.write("answered an invalid message with error \(error.code): \(error.message)")
        writer.send(OutgoingMessage.error(id: id, error))
        return nil
      case .invalidNotification(let method, let reason):
        ServerLog.write("ignored the notification '\(method)': \(reason)")
        return nil
      case .response(let id) where json["error"]?.isObject == true:
        // A request of the server's (`client/registerCapability`) the client refused.
        let request = id.map { "request \($0)" } ?? "a request"
        let reason = json["error"]?["message"]?.stringValue ?? "no message"
        ServerLog.write("the client answered \(request) with an error: \(reason)")
        return message
      case .request(let id, _, _):
        cancellations.begin(id)
        return message
      case .notification("$/cancelRequest", let params):
        if let id = params?["id"].flatMap(RequestID.init) { cancellations.cancel(id) }
        return message
      default:
        return message
      }
    }
  }
}
