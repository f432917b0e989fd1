extension ProtocolInfo {
  /// Every declared protocol with its inherited members resolved, as the validator sees them:
  /// the first declaration of each name counts, inheritance cycles are cut, and no diagnostics
  /// are kept. For tools that show a manifest while it still has errors (the language server).
  public static func table(for declarations: [ProtocolDecl]) -> [String: ProtocolInfo] {
    var index: [String: Int] = [:]
    index.reserveCapacity(declarations.count)
    var order: [String] = []
    for (position, declaration) in declarations.enumerated() where index[declaration.name.value] == nil {
      index[declaration.name.value] = position
      order.append(declaration.name.value)
    }
    var builder = ProtocolTableBuilder(
      declarations: declarations, index: index, order: order, diagnosticLimit: 0)
    return builder.build()
  }
}
