/// The base of a Swift object that conforms to a manifest protocol by forwarding to dynamic
/// members: what the runtime hands over when a value crosses an adapter (a delegate), and what
/// ``Registry/destination(for:as:parameters:)`` returns through an adapter.
///
/// ```swift
/// final class LoginDelegateProxy: DynamicProtocolProxy, ProvidedLoginViewDelegate {
///   func didLogin() { _ = try? forward("didLogin()") }
/// }
/// registrations.proxy(for: "ProvidedLoginViewDelegate") { LoginDelegateProxy($0) }
/// ```
@MainActor
open class DynamicProtocolProxy {
  /// Where the calls go.
  public let members: any DynamicMembers

  public init(_ members: any DynamicMembers) {
    self.members = members
  }

  /// Calls a method of the proxied protocol.
  @discardableResult
  public func forward(_ method: String, _ arguments: Any?...) throws -> Any? {
    try members.call(method, arguments)
  }

  /// Reads a property of the proxied protocol as a `T`.
  public func forwardedValue<T>(_ member: String, as type: T.Type = T.self) throws -> T {
    try members.get(member, as: type)
  }

  /// Writes a property of the proxied protocol.
  public func forwardValue(_ member: String, _ value: Any?) throws {
    try members.set(member, to: value)
  }
}
