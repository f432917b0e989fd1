import Foundation
import Yams

// yams-compose PATH: reads the file and composes it into Yams nodes, the reference a
// `routecfg validate` process is compared with. Exits 0 when the file composed.
guard CommandLine.arguments.count == 2,
  let data = FileManager.default.contents(atPath: CommandLine.arguments[1])
else {
  FileHandle.standardError.write(Data("usage: yams-compose PATH\n".utf8))
  exit(64)
}
do {
  let node = try Yams.compose(yaml: String(decoding: data, as: UTF8.self))
  exit(node == nil ? 1 : 0)
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
