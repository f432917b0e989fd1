import Testing

@testable import RouteCfgCore

@Suite("Route patterns read in one pass")
struct RoutePatternFastPathTests {
  /// Every pattern of up to five characters drawn from slashes, sigils, name and literal
  /// characters, a dot, a character no route allows and a non-ASCII letter: the one-pass reading
  /// that ``RoutePattern/parse(_:)`` tries first gives what the general reading gives, pattern or
  /// error.
  @Test func agreesWithTheGeneralReadingOnEveryShortPattern() {
    let alphabet = ["/", ":", "*", "a", "1", ".", "_", "%", "é"]
    var patterns = [""]
    var checked = 0
    var disagreements: [String] = []
    for _ in 1...5 {
      patterns = patterns.flatMap { prefix in alphabet.map { prefix + $0 } }
      for text in patterns {
        checked += 1
        if RoutePattern.parse(text) != RoutePatternParser(text).parse() { disagreements.append(text) }
      }
    }
    #expect(checked == 66_429)
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  /// The one-pass reading takes the patterns it can read whole and leaves the others, which
  /// need a message, to the general one.
  @Test func readsValidASCIIPatternsAndLeavesTheRest() {
    for text in ["/", "/notes", "/notes/", "/notes/:noteId", "/files/*path", "/a.b/~c/-d/_e", "/..."] {
      #expect(RoutePatternParser.parsedASCII(text) != nil, "\(text)")
    }
    for text in ["", "notes", "//", "/a//b", "/:", "/:1a", "/*a/b", "/.", "/..", "/a%20", "/é", "/:é"] {
      #expect(RoutePatternParser.parsedASCII(text) == nil, "\(text)")
    }
  }
}
