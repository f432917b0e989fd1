/// The login module's back end. It is an actor, so checking a user suspends the caller for real.
actor Authenticator {
  private let users: Set<String>

  init(users: Set<String>) {
    self.users = users
  }

  func accepts(_ username: String) -> Bool {
    users.contains(username)
  }
}

/// Why `login()` throws.
enum LoginError: Error, Equatable {
  /// `login()` was called before `username` was set.
  case missingUsername
}
