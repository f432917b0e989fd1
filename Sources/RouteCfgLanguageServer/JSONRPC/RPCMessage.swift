import RouteCfgCore

/// A JSON-RPC request id: a number or a string.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  case number(Int)
  case string(String)

  init?(_ json: JSONValue) {
    if let number = json.intValue {
      self = .number(number)
    } else if let text = json.stringValue {
      self = .string(text)
    } else {
      return nil
    }
  }

  var json: JSONValue {
    switch self {
    case .number(let number): return .int(number)
    case .string(let text): return .string(text)
    }
  }

  public var description: String {
    switch self {
    case .number(let number): return String(number)
    case .string(let text): return "\"\(text)\""
    }
  }
}

/// A JSON-RPC error: a code from the JSON-RPC and LSP ranges and a message.
public struct ResponseError: Error, Sendable, Hashable {
  public var code: Int
  public var message: String

  public init(code: Int, message: String) {
    self.code = code
    self.message = message
  }

  static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
  static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: -32600, message: message)
  }
  static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: -32601, message: "unknown method '\(method)'")
  }
  static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: -32602, message: message)
  }
  static func serverNotInitialized() -> ResponseError {
    ResponseError(code: -32002, message: "the server is not initialized: send 'initialize' first")
  }
  static func requestCancelled() -> ResponseError {
    ResponseError(code: -32800, message: "request cancelled")
  }
  /// The document changed (or was closed) before the request could be answered; editors drop
  /// the answer quietly. (Not LSP 3.17's `ServerCancelled`, which only requests that say they may
  /// be cancelled by the server, pull diagnostics, may get.)
  static func contentModified(
    _ message: String = "the document changed while the request was waiting"
  ) -> ResponseError {
    ResponseError(code: -32801, message: message)
  }
  /// A valid request the server declines, with why (a rename to a name that is taken).
  static func requestFailed(_ message: String) -> ResponseError {
    ResponseError(code: -32803, message: message)
  }

  var json: JSONValue { .object([("code", .int(code)), ("message", .string(message))]) }
}

/// One message from the client, classified.
public enum IncomingMessage: Sendable {
  case request(id: RequestID, method: String, params: JSONValue?)
  case notification(method: String, params: JSONValue?)
  /// A response to a request of the server's (the server sends none that expect an answer).
  case response(id: RequestID?)
  /// Not a JSON-RPC message; answered with an error (id `null` when none could be read).
  case invalid(id: RequestID?, error: ResponseError)
  /// A notification (no `id`) that is malformed: logged, never answered (JSON-RPC 2.0).
  case invalidNotification(method: String, reason: String)

  /// Classifies a parsed JSON value.
  init(_ json: JSONValue) {
    guard json.isObject else {
      self = .invalid(id: nil, error: .invalidRequest("a message is a JSON object"))
      return
    }
    let id = json["id"].flatMap(RequestID.init)
    guard json["jsonrpc"]?.stringValue == "2.0" else {
      self = .invalid(id: id, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
      return
    }
    guard let methodValue = json["method"] else {
      if json["result"] != nil || json["error"] != nil {
        self = .response(id: id)
      } else {
        self = .invalid(id: id, error: .invalidRequest("a message needs 'method' (or 'result' or 'error')"))
      }
      return
    }
    guard let method = methodValue.stringValue else {
      self = .invalid(id: id, error: .invalidRequest("'method' must be a string"))
      return
    }
    // `"params": null` is read as no parameters, as clients write it for 'shutdown' and 'exit'.
    // (Matched by case: `==` on JSONValue compares rendered text, costly for a large document.)
    var params = json["params"]
    if case .null? = params { params = nil }
    if let params, !params.isObject, params.arrayValue == nil {
      // A request's parameters are InvalidParams, as clients expect (JSON-RPC allows either).
      let message = "'params' must be an object or an array"
      if json["id"] == nil {
        self = .invalidNotification(method: method, reason: message)
      } else {
        self = .invalid(id: id, error: id == nil ? .invalidRequest(message) : .invalidParams(message))
      }
      return
    }
    guard let idValue = json["id"] else {
      self = .notification(method: method, params: params)
      return
    }
    guard let id = RequestID(idValue) else {
      self = .invalid(id: nil, error: .invalidRequest("'id' must be a number or a string"))
      return
    }
    self = .request(id: id, method: method, params: params)
  }
}

/// Builds outgoing messages.
enum OutgoingMessage {
  static func response(id: RequestID?, result: JSONValue) -> JSONValue {
    .object([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null), ("result", result)])
  }

  static func error(id: RequestID?, _ error: ResponseError) -> JSONValue {
    .object([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null), ("error", error.json)])
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
  }
}
