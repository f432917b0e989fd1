// Explanations of the Code generation (RC10xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Code generation (RC10xx), reported by `routecfg generate`.
  static let codeGeneration: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .generatedNameCollision,
      description: #"""
        Two things in a valid manifest would get the same name in the Swift that `routecfg generate` writes, so the generated code would not compile. Generated names come from the manifest: protocols keep their names; `App` (the manifest's `app`) gives `AppRoute`, `AppRegistry`, `AppBridges` and `AppReleasedObjectError`; an adapter from `R` to `P` gives the classes `PAsR` (and `RAsP`); a module `M` that requires protocols gives `MDependencies`, and its name in lowerCamelCase is its route case and its factory's label; each protocol `P` gives a `makeP` method. Only `generate` reports this code: `validate` checks the manifest, not the Swift made from it. The diagnostic is at the second declaration, with a note at the first.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            app: Notes
            protocols:
              NotesRoute: |
                func open()
            modules:
              List:
                kind: view
                provides: [NotesRoute]
                routes: [/]

            """#)
      ],
      command: ["generate", "example.yaml", "--output", "Generated"],
      output: [
        #"""
        example.yaml:4:3: error: 'NotesRoute' would name two things in generated Swift, the route type of app 'Notes' and protocol 'NotesRoute'; rename one of them [RC1001]
        """#,
        #"""
        example.yaml:2:6: note: the route type of app 'Notes' comes from here
        """#,
      ],
      remarks: [
        #"""
        Modules whose names differ only in their first letters (`NoteList` and `noteList`) collide as route cases; a routed module named `Path` or `Resolve` collides with the route type's `path` and `resolve(_:)`; protocols `noteInput` and `NoteInput` collide as `makeNoteInput`.
        """#
      ],
      fix: #"rename one of the two in the manifest (a protocol, a module or `app`)."#
    )
  ]
}
