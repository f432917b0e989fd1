/// One file that took part in a load.
public struct SourceFile: Sendable, Hashable {
  public let id: SourceFileID
  /// The path as routecfg opened it: the command-line path, or for an included file the
  /// including file's directory joined with the include entry.
  public let path: String
  /// The file's real path (symbolic links resolved), when it could be read.
  public let canonicalPath: String?
}

/// The files of one load, indexed by ``SourceFileID``.
public struct SourceFileTable: Sendable {
  public private(set) var files: [SourceFile] = []

  public init() {}

  /// Adds a file and returns its identifier.
  public mutating func add(path: String, canonicalPath: String?) -> SourceFileID {
    let id = SourceFileID(Int32(files.count))
    files.append(SourceFile(id: id, path: path, canonicalPath: canonicalPath))
    return id
  }

  public subscript(id: SourceFileID) -> SourceFile { files[Int(id.index)] }

  /// The path of a file as it should be shown to users.
  public func path(of id: SourceFileID) -> String { files[Int(id.index)].path }
}
