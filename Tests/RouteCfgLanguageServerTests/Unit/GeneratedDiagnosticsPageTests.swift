import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// A binary installed without Docs/ still links each diagnostic to its code's section: the page
/// is made from the code registry under the user's cache directory.
@Suite("LSP: the diagnostics page of a binary without its docs")
struct GeneratedDiagnosticsPageTests {
  @Test func aBinaryWithoutItsDocsLinksToAPageWrittenInTheCache() throws {
    let scratch = try ScratchDirectory()
    let cache = scratch.path + "/cache"
    let links = DiagnosticLinks.bundled(executable: "/nonexistent/bin/routecfg", cacheDirectory: cache)
    let file = cache + "/routecfg/" + RouteCfgVersion.current + "/Diagnostics.md"
    #expect(
      links.url(for: .unknownAdapterMember) == DocumentURI.fileURI(path: file)
        + "#rc0601-unknownadaptermember")
    let page = try String(contentsOfFile: file, encoding: .utf8)
    for code in DiagnosticCode.allCases {
      #expect(page.contains("### \(code.rawValue) \(code.name)\n"), "\(code.rawValue)")
    }
    #expect(!FileManager.default.fileExists(atPath: file + ".\(getpid()).tmp"))
    // A page another build wrote (of the same version, other explanations) is written again.
    try "older".write(toFile: file, atomically: true, encoding: .utf8)
    _ = DiagnosticLinks.bundled(executable: "/nonexistent/bin/routecfg", cacheDirectory: cache)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == page)
    // No cache directory, or one that cannot be made: no link.
    #expect(DiagnosticLinks.bundled(executable: "/nonexistent/bin/routecfg", cacheDirectory: nil).base == nil)
    try "a file".write(toFile: scratch.path + "/blocked", atomically: true, encoding: .utf8)
    #expect(
      DiagnosticLinks.bundled(
        executable: "/nonexistent/bin/routecfg", cacheDirectory: scratch.path + "/blocked"
      ).base
        == nil)
  }

  @Test func theCacheDirectoryIsXDGsOrTheHomesDotCache() {
    func cache(_ variables: [String: String]) -> String? {
      GeneratedDiagnosticsPage.cacheDirectory { variables[$0] }
    }
    #expect(cache(["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache")
    #expect(cache(["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache")
    #expect(cache(["HOME": "/home/u"]) == "/home/u/.cache")
    #expect(cache([:]) == nil)
  }
}
