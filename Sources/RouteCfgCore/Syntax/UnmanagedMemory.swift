#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for the tokenizer's and parser's own buffers, straight from `malloc`:
/// `UnsafeMutablePointer.allocate` asks the runtime for aligned memory, which costs several
/// times more on Linux. `malloc` aligns for every type these buffers hold.
enum UnmanagedMemory {
  /// Uninitialized memory for `capacity` values of `Element`; free it with ``deallocate(_:)``.
  static func allocate<Element>(_: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
    guard let raw = malloc(max(1, capacity) * MemoryLayout<Element>.stride) else {
      fatalError("out of memory")
    }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }

  /// Frees memory from ``allocate(_:capacity:)``; its values must be deinitialized.
  static func deallocate<Element>(_ pointer: UnsafeMutablePointer<Element>) {
    free(pointer)
  }
}
