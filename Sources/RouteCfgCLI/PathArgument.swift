import ArgumentParser

/// File and directory arguments: an empty one is misuse (exit 64) rather than a file that
/// cannot be read.
enum PathArgument {
  /// `text` unchanged, or a usage error when it is empty.
  static func nonEmpty(_ text: String) throws -> String {
    guard !text.isEmpty else { throw ValidationError("a path cannot be empty") }
    return text
  }
}
