// Explanations of the Manifest shape (RC02xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Manifest shape (RC02xx).
  static let manifestShape: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .unknownKey,
      description: #"""
        A key is not part of the manifest format at this place. The message suggests the key that was probably meant. Unknown keys are errors, not ignored, so that a misspelt `provides` cannot silently drop a declaration. The value of a key with a suggestion is read as the suggested key's, so the misspelling is this one error and not also what the key's absence would cause (a missing `kind`, an unsatisfied requirement), and the value is still checked.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                parameter: {query: String?}
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:5:5: error: unknown key 'parameter' in module 'Notes'; did you mean 'parameters'? [RC0201]
        """#
      ],
      fix: #"""
        use the suggested key, or remove the key. The keys allowed at each place are listed in [Manifest.md](Manifest.md).
        """#
    ),
    DiagnosticExplanation(
      .wrongShape,
      description: #"""
        A value is a scalar, a list or a mapping where another shape belongs: a scalar where a list belongs (`routes: /notes`), a list where a mapping belongs, or a protocol body written as a list or mapping instead of a string. The message shows how to write it; for a plain scalar on one line, the diagnostic's fix-it writes it so (`[NoteInput]`). A single name, path or pattern where its list belongs (`provides: NoteInput`, `include: notes.yaml`, `routes: /notes`) is then read as the list of it, so nothing else follows from the mistake; the other way round, a list of one plain name where a name belongs (`fallback: [NotFound]`, `to: [NoteInput]`) is advised without its brackets and read as the name. Any other value is ignored, and other diagnostics may follow from its absence; an `include` value that cannot be read holds back the checks the files it names could change, as a missing file does.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                parameters: [query]
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:5:17: error: 'parameters' must be a mapping of parameter names to Swift types, not a list [RC0202]
        """#
      ],
      fix: #"""
        write the value in the shape the message names; here, `parameters: {query: String?}`.
        """#
    ),
    DiagnosticExplanation(
      .missingKey,
      description: #"""
        A required key is missing: `routecfg` at the root, `kind` in a module, `adapt` or `to` in an adapter.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:3:3: error: module 'Notes' has no 'kind'; add 'kind: view' or 'kind: service' [RC0203]
        """#
      ],
      fix: #"add the key; here, `kind: view` (a screen) or `kind: service`."#
    ),
    DiagnosticExplanation(
      .unsupportedVersion,
      description: #"""
        `routecfg` is not the plain integer `1`: another number (`2`, `1.0`, `01`) or a quoted string (`"1"`). An included file may repeat `routecfg`, with the same rule.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 2
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#)
      ],
      output: [
        #"""
        example.yaml:1:11: error: unsupported manifest format version '2'; this routecfg reads version 1: write 'routecfg: 1' [RC0204]
        """#
      ],
      fix: #"write `routecfg: 1`. Format version 1 is the only one this routecfg reads."#
    ),
    DiagnosticExplanation(
      .invalidIdentifier,
      description: #"""
        A name that becomes Swift code is not a valid Swift identifier: the app, a protocol, a module or a parameter. Names may hold letters, digits and `_`, must not start with a digit and must not be a Swift keyword (`class`). A variant's name, typed on the command line, may hold ASCII letters, digits, `_`, `-` and `.` (`mac-OS` is fine, `é` is not).
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              note-list:
                kind: view
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:3:3: error: invalid module name: 'note-list' is not a valid Swift identifier: '-' is not allowed; use letters, digits and '_' [RC0205]
        """#
      ],
      fix: #"rename it, for example `NoteList`."#
    ),
    DiagnosticExplanation(
      .nullValue,
      description: #"""
        A key has no value (`provides:` with nothing after it, `~` or `null`). In YAML that is a null, which is almost always an unfinished line. A list item or a mapping key written so (`provides: [null]`, `null: {kind: view}`) is a null too, not a name: quote it (`"null"`) to mean the name.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                provides:
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:5:14: error: 'provides' has no value; write 'provides: []' or remove the key [RC0206]
        """#
      ],
      fix: #"write the value, an empty list or mapping (`provides: []`), or remove the key."#
    ),
    DiagnosticExplanation(
      .invalidValue,
      description: #"""
        A value has the right shape but is not one of the allowed values: a module `kind` other than `view` or `service`, or a `scheme` that is not a URL scheme (`noteapp://`, `9notes`).
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: screen
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:4:11: error: 'screen' is not a module kind; write 'view' or 'service' [RC0207]
        """#
      ],
      fix: #"use one of the values the message lists."#
    ),
    DiagnosticExplanation(
      .rootOnlyKey,
      description: #"""
        An included file holds `app`, `scheme`, `fallback` or `variants`. These belong to the root manifest, the one given on the command line; in an included file they would be ignored.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [notes.yaml]
            modules:
              Home: {kind: view, routes: [/]}

            """#),
        .init(
          name: #"notes.yaml"#,
          text: #"""
            scheme: notes
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#),
      ],
      output: [
        #"""
        notes.yaml:1:1: error: 'scheme' belongs to the root manifest, not to an included file; move it there [RC0208]
        """#
      ],
      fix: #"move the key to the root manifest."#
    ),
  ]
}
