import RouteCfgCore

/// What a module's factory receives: the module's name and its parameters, from the caller or
/// from a URL.
public struct ModuleContext: Sendable {
  public let module: String
  /// Parameters by name; absent optional parameters are left out.
  public let parameters: [String: any Sendable]

  public init(module: String, parameters: [String: any Sendable]) {
    self.module = module
    self.parameters = parameters
  }

  /// A parameter as a `T`, or `nil` when it is absent or of another type.
  public func parameter<T>(_ name: String, as type: T.Type = T.self) -> T? {
    parameters[name] as? T
  }

  /// A parameter the module cannot do without, as a `T`; throws ``RuntimeError/missingParameter``
  /// when it is absent and ``RuntimeError/typeMismatch`` when it is of another type (the registry
  /// checks parameters against the manifest before calling a factory, by name: an object given
  /// for a type of the app's own is checked here).
  public func value<T>(_ name: String, as type: T.Type = T.self) throws(RuntimeError) -> T {
    guard let present = parameters[name] else {
      throw .missingParameter(module: module, parameter: name, type: SwiftTypeName.of(T.self))
    }
    guard let value = present as? T else {
      throw .typeMismatch(
        member: "\(module).\(name)", expected: SwiftTypeName.of(T.self),
        actual: SwiftTypeName.of(Swift.type(of: present)))
    }
    return value
  }
}

extension ModuleContext {
  /// A context whose parameters are checked against the module's declaration: every
  /// non-optional parameter present, no unknown parameter, every value of the declared type
  /// (``ParameterValueCheck``).
  init(
    module: String, parameters: [String: any Sendable], graph: AppGraph, aliases: [String: String] = [:]
  ) throws(RuntimeError) {
    let declared = graph.modules[module]?.parameters ?? []
    for name in parameters.keys.sorted() where !declared.contains(where: { $0.name == name }) {
      throw .unknownParameter(module: module, parameter: name)
    }
    for parameter in declared {
      guard let value = parameters[parameter.name] else {
        if parameter.isOptional { continue }
        throw .missingParameter(module: module, parameter: parameter.name, type: parameter.type.description)
      }
      if !ParameterValueCheck.accepts(value, as: parameter.type, aliases: aliases) {
        throw .typeMismatch(
          member: "\(module).\(parameter.name)", expected: parameter.type.description,
          actual: SwiftTypeName.of(Swift.type(of: value)))
      }
    }
    self.init(module: module, parameters: parameters)
  }
}
