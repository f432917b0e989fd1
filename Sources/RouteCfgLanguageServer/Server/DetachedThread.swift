import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of its own for work that blocks for the whole session (the message reader waits on
/// its input), so that it never holds one of the dispatch pool's threads.
enum DetachedThread {
  /// Starts `body` on a new detached thread with a stack of `stackSize` bytes; if the system
  /// refuses a thread, `body` runs on a global dispatch queue instead.
  static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    guard pthread_create(&thread, &attributes, runBody, context) == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      DispatchQueue.global().async(execute: body)
      return
    }
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  #if canImport(Darwin)
    private static let runBody: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = {
      Unmanaged<Body>.fromOpaque($0).takeRetainedValue().run()
      return nil
    }
  #else
    private static let runBody: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = {
      guard let context = $0 else { return nil }
      Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
      return nil
    }
  #endif
}
