/// What the demo's objects did, each in its own words, in order. Every event is printed as it
/// happens.
@MainActor
final class EventLog {
  private(set) var events: [String] = []

  func record(_ event: String) {
    events.append(event)
    print("    | \(event)")
  }

  /// Forgets the events so far, before the next step of the scenario.
  func clear() {
    events.removeAll()
  }
}
