import RouteCfgCore

extension MethodSignature {
  /// The signature for a generated implementation of this method, whose body refers to every
  /// parameter by name: an unnamed parameter (`func log(_: String)`, `func at(index _: Int)`)
  /// gets a name, `argument0` by its position, and a parameter named `self`
  /// (`func hit(self: Int)`, `` func hot(by `self`: Int) ``) another one, because the body
  /// reaches its own object through `self`. Generated names keep apart from the other
  /// parameters' names; the argument labels stay, so the method still fulfils its requirement.
  var implementationParameters: MethodSignature {
    guard parameters.contains(where: { $0.name == "self" || $0.name == "_" }) else { return self }
    var taken = Set(parameters.map(\.name))
    var renamed = self
    renamed.parameters = MethodParameters(
      parameters.enumerated().map { index, parameter in
        let base: String
        switch parameter.name {
        case "self": base = "selfArgument"
        case "_": base = "argument\(index)"
        default: return parameter
        }
        let name = AdapterTranslator.unique(base, avoiding: taken)
        taken.insert(name)
        return MethodParameter(label: parameter.label, name: name, type: parameter.type)
      })
    return renamed
  }
}
