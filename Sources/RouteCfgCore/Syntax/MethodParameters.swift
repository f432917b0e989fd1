/// The parameters of a method, in order.
///
/// The methods of the bodies a parser thread reads hold ranges of shared chunks of parameters
/// (``MethodParameterChunk``) rather than an array each: a method's parameters were the model's
/// second most numerous small allocation. Parameters made by hand get a chunk of their own. To
/// the user it is a collection indexed from zero, like an array; changing it (setting, appending
/// or removing parameters) gives it a chunk of its own, since other signatures may share its
/// chunk.
public struct MethodParameters: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  Hashable, Sendable,
  ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The parameters; `nil` for none.
  private(set) var chunk: MethodParameterChunk?
  /// The index of the first parameter in the chunk.
  private(set) var start: Int
  public private(set) var count: Int

  /// No parameters.
  public init() {
    (chunk, start, count) = (nil, 0, 0)
  }

  /// Parameters held by the method alone.
  public init(_ parameters: [MethodParameter]) {
    chunk = parameters.isEmpty ? nil : MethodParameterChunk(parameters)
    (start, count) = (0, parameters.count)
  }

  /// Parameters held by the method alone, in the order of `parameters`.
  public init<Parameters: Sequence>(_ parameters: Parameters) where Parameters.Element == MethodParameter {
    self.init(Array(parameters))
  }

  public init(arrayLiteral parameters: MethodParameter...) {
    self.init(parameters)
  }

  /// The `count` parameters of `chunk` from `start`, checked against those appended to it.
  init(chunk: MethodParameterChunk, start: Int, count: Int) {
    precondition(
      start >= 0 && count >= 0 && start + count <= chunk.count, "method parameters out of their chunk")
    (self.chunk, self.start, self.count) = (chunk, start, count)
  }

  /// The `count` parameters of `chunk` from `start`, a range its writer committed: read from any
  /// thread, it does not look at the chunk's count, which the writer may still be changing.
  init(unchecked chunk: MethodParameterChunk, start: Int, count: Int) {
    (self.chunk, self.start, self.count) = (chunk, start, count)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// The parameter at `position`. Setting one gives these parameters a chunk of their own (a
  /// chunk's parameters never change, since other signatures may share it).
  public subscript(position: Int) -> MethodParameter {
    _read {
      precondition(position >= 0 && position < count, "method parameter index out of range")
      guard let chunk else { preconditionFailure("method parameters without a chunk") }
      yield chunk[start + position]
    }
    set {
      var parameters = Array(self)
      parameters[position] = newValue
      self = MethodParameters(parameters)
    }
  }

  public mutating func replaceSubrange<Replacement: Collection>(
    _ bounds: Range<Int>, with replacement: Replacement
  ) where Replacement.Element == MethodParameter {
    var parameters = Array(self)
    parameters.replaceSubrange(bounds, with: replacement)
    self = MethodParameters(parameters)
  }

  public static func == (lhs: MethodParameters, rhs: MethodParameters) -> Bool {
    // The same range of the same chunk (a signature and its copies) is equal at once.
    guard lhs.count == rhs.count else { return false }
    if lhs.chunk === rhs.chunk && lhs.start == rhs.start { return true }
    for position in 0..<lhs.count where lhs[position] != rhs[position] { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for parameter in self { hasher.combine(parameter) }
  }

  /// Written as the array of the same parameters is.
  public var description: String { Array(self).description }
}

extension MethodParameters: CustomReflectable {
  /// The parameters, as an array's are shown.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
