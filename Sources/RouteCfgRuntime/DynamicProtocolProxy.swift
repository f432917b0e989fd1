/// The base of a Swift object that conforms to a manifest protocol by forwarding to dynamic
/// members: what the runtime hands over when a value crosses an adapter (a delegate), and what
/// ``Registry/destination(for:as:parameters:)`` returns through an adapter.
///
/// Requirements that throw forward with ``forward(_:_:)``; requirements that cannot throw (most
/// delegate callbacks, property accessors) use the `OrReport` calls, which hand a failure to the
/// registrations' ``Registrations/onForwardingFailure(_:)`` handler instead of swallowing it:
///
/// ```swift
/// final class LoginDelegateProxy: DynamicProtocolProxy, ProvidedLoginViewDelegate {
///   func didLogin() { forwardOrReport("didLogin()") }
/// }
/// registrations.proxy(for: "ProvidedLoginViewDelegate") { LoginDelegateProxy($0) }
/// ```
@MainActor
open class DynamicProtocolProxy {
  /// Where the calls go.
  public let members: any DynamicMembers

  /// Where failures of the `OrReport` calls go: the handler of
  /// ``Registrations/onForwardingFailure(_:)`` for proxies the registry makes, otherwise
  /// ``ForwardingFailure/writeToStandardError``.
  public var failureHandler: @MainActor (ForwardingFailure) -> Void = ForwardingFailure.writeToStandardError

  public init(_ members: any DynamicMembers) {
    self.members = members
  }

  /// Calls a method of the proxied protocol for a requirement that cannot throw
  /// (`func didLogin() { forwardOrReport("didLogin()") }`). A failure (an unknown member, a value
  /// of the wrong type, a method that threw) goes to ``failureHandler`` with the proxy's file and
  /// line, and the result is `nil`. A caller's object that was handed over and has been released
  /// is not a failure: the call does nothing and answers `nil`.
  @discardableResult
  public func forwardOrReport(
    _ method: String, _ arguments: Any?..., file: StaticString = #fileID, line: UInt = #line
  ) -> Any? {
    do {
      return try members.call(method, arguments)
    } catch {
      report(method, error, file: file, line: line)
      return nil
    }
  }

  /// Calls a method whose result is a `T` for a requirement that cannot throw
  /// (`return forwardOrReport("count()", as: Int.self) ?? 0`, as `routecfg generate --dynamic`
  /// writes it): the result, or `nil` when the call failed (reported, as
  /// ``forwardOrReport(_:_:file:line:)`` does) or gave no value (an unstubbed recording mock's
  /// method, a released caller's object). A value of another type is reported too, with the
  /// type the caller declares, rather than read as no value: a stub that answers a `String`
  /// where an `Int` is declared is a mistake to see.
  public func forwardOrReport<T>(
    _ method: String, _ arguments: Any?..., as type: T.Type, file: StaticString = #fileID, line: UInt = #line
  ) -> T? {
    let result: Any?
    do {
      result = try members.call(method, arguments)
    } catch {
      report(method, error, file: file, line: line)
      return nil
    }
    guard let result = DynamicValue.flatten(result) else { return nil }
    if let value = result as? T { return value }
    let mismatch = RuntimeError.resultMismatch(
      member: method, expected: SwiftTypeName.of(type), actual: SwiftTypeName.of(Swift.type(of: result)))
    report(method, mismatch, file: file, line: line)
    return nil
  }

  /// Reads a property of the proxied protocol for a getter that cannot throw; on failure reports
  /// it and returns `fallback`. A property of an object that answers members itself (a
  /// recording mock) that was never written reads as `fallback` without a failure, as the
  /// object's unstubbed methods answer with their result type's empty value.
  public func forwardedValueOrReport<T>(
    _ member: String, as type: T.Type = T.self, fallback: @autoclosure () -> T,
    file: StaticString = #fileID, line: UInt = #line
  ) -> T {
    do {
      return try members.get(member, as: type)
    } catch RuntimeError.readMismatch(_, _, "nil") where members.object is any SelfDescribingMembers {
      return fallback()
    } catch {
      report(member, error, file: file, line: line)
      return fallback()
    }
  }

  /// Writes a property of the proxied protocol for a setter that cannot throw; on failure reports
  /// it.
  public func forwardValueOrReport(
    _ member: String, _ value: Any?, file: StaticString = #fileID, line: UInt = #line
  ) {
    do {
      try members.set(member, to: value)
    } catch {
      report(member, error, file: file, line: line)
    }
  }

  /// Hands a failure to ``failureHandler``; a released caller's object is no failure (a delegate
  /// that is gone is not told, as with a `nil` weak delegate).
  private func report(_ member: String, _ error: any Error, file: StaticString, line: UInt) {
    if case RuntimeError.released = error { return }
    failureHandler(
      ForwardingFailure(
        protocolName: members.protocolName, member: member, error: String(describing: error),
        file: String(describing: file), line: Int(line)))
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
