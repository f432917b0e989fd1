#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading libFuzzer's input and stopping on a broken invariant.
public enum Fuzz {
  /// The input as bytes, exactly as libFuzzer passed them (not necessarily UTF-8).
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Stops the run with a message when `condition` is false: libFuzzer saves the input as a
  /// crasher.
  public static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    guard !condition() else { return }
    var text = "fuzz invariant broken at \(file):\(line): \(message())\n"
    text.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
    abort()
  }

  /// An empty directory made once per process, for manifests that must not reach real files:
  /// their includes resolve inside it (and find nothing) or are refused as outside it.
  public static let scratchDirectory: String = {
    var template = Array("/tmp/routecfg-fuzz-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
      guard let base = buffer.baseAddress else { return nil }
      return mkdtemp(base)
    }
    guard made != nil else { return "/nonexistent-routecfg-fuzz" }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()
}
