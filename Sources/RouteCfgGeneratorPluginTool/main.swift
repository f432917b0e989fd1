import Foundation

// The build command of the RouteCfgGenerator plugin (Plugins/RouteCfgGeneratorPlugin):
//
//   RouteCfgGeneratorPluginTool ROUTECFG CONFIG DEFAULT-ACCESS ARGUMENT...
//
// reads the target's routecfg-plugin.json (CONFIG, which need not exist) when the build runs, so
// that editing it takes effect at the next build, then runs `ROUTECFG ARGUMENT...` (a
// `generate` command line) with the file's options, `--access DEFAULT-ACCESS` when it sets none.
// Output and exit status are routecfg's; a problem in CONFIG is a `file:line:column: error:`
// line on standard error and exit status 1.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, GeneratorConfiguration.accessLevels.contains(arguments[2]) else {
  FileHandle.standardError.write(
    Data("usage: RouteCfgGeneratorPluginTool ROUTECFG CONFIG public|internal ARGUMENT...\n".utf8))
  exit(64)
}
let configuration: GeneratorConfiguration
do {
  configuration = try GeneratorConfiguration.load(from: arguments[1])
} catch {
  FileHandle.standardError.write(Data("\(error.description)\n".utf8))
  exit(1)
}
let routecfg = Process()
routecfg.executableURL = URL(fileURLWithPath: arguments[0])
routecfg.arguments = Array(arguments[3...]) + configuration.generateArguments(defaultAccess: arguments[2])
do {
  try routecfg.run()
} catch {
  FileHandle.standardError.write(
    Data("error: cannot run \(arguments[0]): \(error.localizedDescription)\n".utf8))
  exit(1)
}
routecfg.waitUntilExit()
guard routecfg.terminationReason == .exit else { exit(1) }
// Exit status 64 is command-line misuse: with the file's options, an unknown variant.
if routecfg.terminationStatus == 64, let variant = configuration.variant,
  let location = configuration.variantLocation
{
  FileHandle.standardError.write(Data("\(location): note: the variant '\(variant)' is set here\n".utf8))
}
exit(routecfg.terminationStatus)
