import Foundation
import Testing

/// `routecfg` starts on every save and in every build phase, so it loads as little as it can:
/// FoundationEssentials (through swift-argument-parser), never full Foundation with its
/// internationalisation libraries and ICU, which add about 4 ms and 7 MiB to every run
/// (Docs/Performance.md, "Start-up").
@Suite("routecfg's linked libraries")
struct LinkedLibrariesTests {
  #if os(Linux)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")))
    func theBinaryDoesNotLoadFoundationOrICU() throws {
      let result = try Routecfg.run(
        [Routecfg.executable.path], program: URL(fileURLWithPath: "/usr/bin/ldd"))
      try #require(result.status == 0, "\(result.standardError)")
      let libraries = result.standardOutput.split(separator: "\n").compactMap {
        $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
      }
      #expect(libraries.contains { $0.hasPrefix("libyaml") }, "\(libraries)")
      let foundation = libraries.filter { $0.hasPrefix("libFoundation") || $0.contains("ICU") }
      #expect(foundation.allSatisfy { $0 == "libFoundationEssentials.so" }, "\(foundation)")
    }
  #endif
}
