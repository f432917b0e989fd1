extension ProtocolInfo {
  /// Every declared protocol with its inherited members resolved, as the validator sees them:
  /// the first declaration of each name counts, inheritance cycles are cut, and no diagnostics
  /// are kept. For tools that show a manifest while it still has errors (the language server).
  public static func table(for declarations: [ProtocolDecl]) -> [String: ProtocolInfo] {
    var index = NameTable<Int>()
    index.reserveCapacity(declarations.count)
    var ids: [Int] = []
    for (position, declaration) in declarations.enumerated() where index[declaration.name.value] == nil {
      index[declaration.name.value] = position
      ids.append(position)
    }
    var builder = ProtocolTableBuilder(declarations: declarations, index: index, ids: ids, diagnosticLimit: 0)
    return builder.build().byName()
  }
}
