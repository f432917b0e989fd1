import Foundation
import Testing

@testable import RouteCfgCodegen

/// How `OutputDirectory.write` replaces files: never through an entry it did not create, with the
/// permissions of the file it replaces, and all or nothing when a file cannot be written.
@Suite("Writing generated files")
struct OutputDirectoryTests {
  static func noteAppFiles() throws -> [GeneratedFile] {
    try Generation.files(manifest: Generation.path("manifests/NoteApp.yaml"))
  }

  /// The same files, each with a line added (every file changes).
  static func changed(_ files: [GeneratedFile]) -> [GeneratedFile] {
    files.map { GeneratedFile(name: $0.name, contents: $0.contents + "// changed\n") }
  }

  @Test func aLinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
    let scratch = try Scratch()
    let output = scratch.path + "/out"
    let files = try Self.noteAppFiles()
    _ = try OutputDirectory.write(files, to: output)
    let victim = scratch.path + "/victim.txt"
    try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
    let planted = output + "/" + OutputDirectory.temporaryName(0)
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
    let summary = try OutputDirectory.write(Self.changed(files), to: output)
    #expect(summary.written.count == files.count)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    let first = output + "/" + files[0].name
    let type = try FileManager.default.attributesOfItem(atPath: first)[.type] as? FileAttributeType
    #expect(type == .typeRegular, "the generated file became a link")
    #expect(try String(contentsOfFile: first, encoding: .utf8) == files[0].contents + "// changed\n")
    #expect(!FileManager.default.fileExists(atPath: planted))
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let scratch = try Scratch()
    let output = scratch.path + "/out"
    let files = try Self.noteAppFiles()
    _ = try OutputDirectory.write(files, to: output)
    let first = output + "/" + files[0].name
    #expect(chmod(first, 0o640) == 0)
    _ = try OutputDirectory.write(Self.changed(files), to: output)
    let permissions = try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
  }

  @Test func aFileThatCannotBeWrittenLeavesEveryFileAsItWas() throws {
    let scratch = try Scratch()
    let output = scratch.path + "/out"
    let files = try Self.noteAppFiles()
    _ = try OutputDirectory.write(files, to: output)
    // The second file's temporary name is taken by a directory, which cannot be removed to
    // make room for it, so the second file cannot be written; the first was written already.
    let blocker = output + "/" + OutputDirectory.temporaryName(1)
    try FileManager.default.createDirectory(atPath: blocker + "/inside", withIntermediateDirectories: true)
    #expect(throws: OutputError.self) { try OutputDirectory.write(Self.changed(files), to: output) }
    for file in files {
      #expect(try String(contentsOfFile: output + "/" + file.name, encoding: .utf8) == file.contents)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".tmp") }
    #expect(left == [OutputDirectory.temporaryName(1)], "temporary files left behind: \(left)")
  }
}
