import ArgumentParser
import RouteCfgCore

/// `routecfg schema`.
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema of the manifest format, for editors.",
    discussion: """
      The schema (JSON Schema draft-04) describes every key of the manifest format with its \
      shape and a description, so that editors with yaml-language-server complete keys and flag \
      wrong shapes while a manifest is typed. Save it next to your manifests \
      (routecfg schema > routecfg.schema.json) and point the editor at it, for example with a \
      first line '# yaml-language-server: $schema=routecfg.schema.json'. It checks shapes only: \
      run routecfg validate for every rule.

      Exit status: 0, or 64 for command-line misuse.
      """
  )

  func run() throws {
    Output.standard(ManifestSchema.json.rendered(pretty: true) + "\n")
  }
}
