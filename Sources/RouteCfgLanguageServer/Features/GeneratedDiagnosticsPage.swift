import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Diagnostics.md made from the code registry (what `routecfg explain` prints), for a binary
/// installed without its documentation: kept under the user's cache directory
/// (`$XDG_CACHE_HOME/routecfg/VERSION/`, else `~/.cache/...`), written again only when it differs
/// from what this binary would write, so that a diagnostic's `codeDescription` still links to its
/// code's section.
enum GeneratedDiagnosticsPage {
  /// The page's text: a title, the code table, then every code's section, as Docs/Diagnostics.md
  /// holds them.
  static var text: String {
    var text = "# Diagnostics of routecfg \(RouteCfgVersion.current)\n\n"
    text +=
      "Written by `routecfg lsp` from the codes it reports; `routecfg explain CODE` prints one section.\n\n"
    text += DiagnosticExplanation.codeTable + "\n"
    for explanation in DiagnosticExplanation.all { text += explanation.markdown }
    return text
  }

  /// The page's path under `cacheDirectory`, written there first when it is not there as this
  /// binary writes it (atomically: a temporary file renamed into place); `nil` when it cannot be
  /// written.
  static func path(in cacheDirectory: String) -> String? {
    let directory = FileSystem.join(cacheDirectory, "routecfg/" + RouteCfgVersion.current)
    let file = FileSystem.join(directory, "Diagnostics.md")
    let text = text
    if case .success(let bytes) = FileSystem.readFile(file, limit: 1 << 22), bytes.elementsEqual(text.utf8) {
      return file
    }
    var made = ""
    for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
      made += "/" + component
      if mkdir(made, 0o755) != 0, errno != EEXIST { return nil }
    }
    let temporary = file + ".\(getpid()).tmp"
    let descriptor = FileSystem.createTemporaryFile(temporary, mode: 0o644)
    guard descriptor >= 0 else { return nil }
    let written = FileSystem.writeAll(text, to: descriptor)
    close(descriptor)
    guard written, rename(temporary, file) == 0 else {
      unlink(temporary)
      return nil
    }
    return file
  }

  /// The user's cache directory: `$XDG_CACHE_HOME`, else `$HOME/.cache`; `nil` without either.
  static func cacheDirectory(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } })
    -> String?
  {
    if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache }
    if let home = environment("HOME"), home.hasPrefix("/") { return FileSystem.join(home, ".cache") }
    return nil
  }
}
