/// A `switch` over the cases of the route enum, or, for an enum with more cases than the Swift
/// compiler checks for exhaustiveness in reasonable time (it gives up between 600 and 800 cases
/// with payloads), the same cases as a chain of `if case` statements ending in `otherwise`.
enum CaseDispatch {
  /// Enums with more cases than this get the chain.
  static let switchLimit = 400

  /// Each case's body must end by returning (or the chain's `otherwise` would follow it).
  static func statements(
    over subject: SwiftExpr, cases: [SwiftSwitchCase], caseCount: Int, otherwise: [SwiftStmt]
  ) -> [SwiftStmt] {
    guard caseCount > switchLimit else { return [.switch(subject, cases)] }
    var statements: [SwiftStmt] = [
      .comment("More cases than the compiler checks a switch over: each is tested in turn.")
    ]
    for switchCase in cases where !switchCase.patterns.isEmpty {
      for pattern in switchCase.patterns {
        statements.append(.if([.pattern(pattern, subject)], then: switchCase.body))
      }
    }
    return statements + otherwise
  }

  /// What follows the chain when every case returned: control cannot get there.
  static let unreachable: [SwiftStmt] = [
    .expression(
      .call(.standardLibrary("preconditionFailure"), [.unlabeled(.string("every case is handled above"))]))
  ]
}
