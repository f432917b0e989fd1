/// The scenario's expectations: each is printed with its outcome, and failures are counted.
struct Checks {
  private(set) var failures = 0

  mutating func expect(_ condition: Bool, _ description: String) {
    print("  \(condition ? "ok  " : "FAIL") \(description)")
    if !condition { failures += 1 }
  }
}
