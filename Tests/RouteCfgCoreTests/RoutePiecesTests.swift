import Testing

@testable import RouteCfgCore

/// The routes are checked in pieces of modules shared by two threads (``ForkJoin``): one thread
/// checks pieces from the first on into one list, the other from the last back, each on its own,
/// appended in order at the end. Whichever way the pieces fall, the outcome is one check's.
@Suite("Routes checked in pieces")
struct RoutePiecesTests {
  /// Forty modules that each list `/same` and a route of their own; the last four also `/late`,
  /// and every fifth one a parameter it does not declare.
  static let yaml: String = {
    var yaml = "routecfg: 1\nmodules:\n"
    for index in 0..<40 {
      let late = index >= 36 ? ", /late" : ""
      let unknown = index % 5 == 0 ? ", /items/:missing" : ""
      yaml += "  M\(index): {kind: view, routes: [/same, /own\(index)\(late)\(unknown)]}\n"
    }
    return yaml
  }()

  private static func indexedValidator() -> ManifestValidator {
    let loaded = ManifestLoader().load(bytes: Array(yaml.utf8), path: "pieces.yaml")
    var validator = ManifestValidator(
      manifest: loaded.manifest, variant: nil, isIncomplete: loaded.isIncomplete, maxDiagnostics: nil,
      threads: .never)
    validator.indexDeclarations()
    return validator
  }

  /// What a check of the routes leaves: every diagnostic, and the routes in order.
  private static func outcome(
    _ validator: inout ManifestValidator, _ checked: ManifestValidator.CheckedRoutes
  )
    -> (diagnostics: [Diagnostic], routes: [String])
  {
    validator.finishRoutes(checked)
    let routes = checked.infos.map { "\($0.module) \($0.pattern) \($0.location)" }
    return (validator.diagnostics.finished().diagnostics, routes)
  }

  @Test func piecesCoverTheModulesInOrder() {
    let pieces = Self.indexedValidator().modulePieces()
    #expect(pieces.count == ManifestValidator.routePieces)
    #expect(pieces.first?.lowerBound == 0)
    #expect(pieces.last?.upperBound == 40)
    #expect(pieces.allSatisfy { !$0.isEmpty })
    for (piece, next) in zip(pieces, pieces.dropFirst()) { #expect(piece.upperBound == next.lowerBound) }
  }

  @Test func piecesCheckedOnTheirOwnAndAppendedAreOneCheck() {
    var whole = Self.indexedValidator()
    var all = whole.emptyRoutes(withRoomForModulesAt: whole.moduleIDs.indices)
    whole.checkRoutes(ofModulesAt: whole.moduleIDs.indices, into: &all)
    let expected = Self.outcome(&whole, all)
    #expect(expected.diagnostics.filter { $0.code == .routeConflict }.count == 44)

    let pieces = Self.indexedValidator().modulePieces()
    // Wherever the threads meet: the front thread's pieces before, the back thread's after.
    for meeting in 0...pieces.count {
      var split = Self.indexedValidator()
      var front = split.emptyRoutes(withRoomForModulesAt: split.moduleIDs.indices)
      for piece in pieces[..<meeting] { split.checkRoutes(ofModulesAt: piece, into: &front) }
      let back = pieces[meeting...].reversed().map { split.checkRoutes(ofModulesAt: $0) }
      for later in back.reversed() { front.append(later) }
      let found = Self.outcome(&split, front)
      #expect(found.diagnostics == expected.diagnostics, "meeting at piece \(meeting)")
      #expect(found.routes == expected.routes, "meeting at piece \(meeting)")
    }
  }
}
