// Explanations of the Names and references (RC05xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Names and references (RC05xx).
  static let namesAndReferences: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .duplicateProtocol,
      description: #"""
        A protocol name is declared in two files. All files of a manifest share one name space; the second declaration in load order (the root first, then includes depth-first in order) is the error, with a note at the first. Two declarations in one file are RC0109.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [notes.yaml]
            protocols:
              NoteInput: |
                let noteId: Int
            modules:
              Home: {kind: view, requires: [NoteInput], routes: [/]}

            """#),
        .init(
          name: #"notes.yaml"#,
          text: #"""
            protocols:
              NoteInput: |
                let id: Int
            modules:
              Notes: {kind: view, provides: [NoteInput], routes: [/notes]}

            """#),
      ],
      output: [
        #"""
        notes.yaml:2:3: error: protocol 'NoteInput' is declared twice; all files share one name space: rename or remove this one [RC0501]
        """#,
        #"example.yaml:4:3: note: first declared here"#,
      ],
      fix: #"remove one declaration, or rename one protocol and update its references."#
    ),
    DiagnosticExplanation(
      .duplicateModule,
      description: #"""
        A module name is declared in two files. As for protocols, the second declaration in load order is the error, with a note at the first; two in one file are RC0109, unless they are spelled with different Unicode characters that are the same name (RC0109 explains). The second declaration is not the module, but what it writes is still checked (its kind, the protocols it names, its parameters and its route patterns), so that renaming it brings no new errors; its routes take part in no route conflict.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [notes.yaml]
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#),
        .init(
          name: #"notes.yaml"#,
          text: #"""
            modules:
              Notes: {kind: view, routes: [/archive]}

            """#),
      ],
      output: [
        #"""
        notes.yaml:2:3: error: module 'Notes' is declared twice; all files share one name space: rename or remove this one [RC0502]
        """#,
        #"example.yaml:4:3: note: first declared here"#,
      ],
      fix: #"remove one declaration, or rename one module (for example `NotesArchive`)."#
    ),
    DiagnosticExplanation(
      .unknownProtocol,
      description: #"""
        A reference names no declared protocol: an entry of `provides`, `requires` or `inherits`, an adapter's `adapt` or `to`, or a key of `bindings` (also in a variant). The message suggests the declared protocol that was probably meant.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              NoteInput: |
                let noteId: Int
            modules:
              Notes:
                kind: view
                provides: [NoteInput]
                routes: [/notes]
              Archive:
                kind: view
                requires: [NoteInptu]
                routes: [/archive]

            """#)
      ],
      output: [
        #"""
        example.yaml:12:16: error: module 'Archive' requires 'NoteInptu', which is not a declared protocol; did you mean 'NoteInput'? [RC0503]
        """#
      ],
      fix: #"use the suggested name, or declare the protocol under `protocols`."#
    ),
    DiagnosticExplanation(
      .unknownModule,
      description: #"""
        A reference names no declared module: `fallback`, or a value of `bindings` (also in a variant). The message suggests the declared module that was probably meant.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            fallback: NotFund
            modules:
              Notes: {kind: view, routes: [/notes]}
              NotFound: {kind: view}

            """#)
      ],
      output: [
        #"""
        example.yaml:2:11: error: 'fallback' names 'NotFund', which is not a declared module; did you mean 'NotFound'? [RC0504]
        """#
      ],
      fix: #"use the suggested name, or declare the module."#
    ),
    DiagnosticExplanation(
      .inheritanceCycle,
      description: #"""
        Protocols inherit from each other in a cycle, directly (`A` inherits `A`) or through others. The error is at the `inherits` entry that closes the cycle; that entry is then ignored.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              A:
                inherits: [B]
              B:
                inherits: [A]
            modules:
              Host:
                kind: view
                provides: [A]
                routes: [/host]

            """#)
      ],
      output: [
        #"""
        example.yaml:6:16: error: 'A' inherits 'B' and 'B' inherits 'A'; protocol inheritance cannot form a cycle: remove this entry [RC0505]
        """#
      ],
      fix: #"""
        remove the entry that closes the cycle. If two protocols need each other's members, move the shared members into a third protocol that both inherit.
        """#
    ),
    DiagnosticExplanation(
      .duplicateListEntry,
      description: #"""
        *Warning.* A list names the same thing twice: a protocol in `provides`, `requires` or `inherits`. The second entry does nothing. With `--strict` this is an error.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              NoteInput: |
                let noteId: Int
            modules:
              Notes:
                kind: view
                provides: [NoteInput, NoteInput]
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:8:27: warning: 'NoteInput' is listed twice in 'provides'; remove one [RC0506]
        """#,
        #"example.yaml:8:16: note: first listed here"#,
      ],
      fix: #"remove the repeated entry."#
    ),
    DiagnosticExplanation(
      .inheritanceTooLarge,
      description: #"""
        Protocol inheritance adds up to more than 1,000,000 inherited members across all protocols (each `inherits` entry adds the parent's members and ancestors). The limit keeps pathological inheritance from taking quadratic time; it is reported once, at the `inherits` entry that crosses it.
        """#,
      exampleIntro: [
        #"""
        It takes a generated manifest to reach it. For example, a protocol `Base` with 1,000 members and 1,001 protocols `P0` … `P1000`, each `inherits: [Base]`, adds 1,000 members per entry; the 1,001st entry, `P1000`'s on line 1004 of that file, crosses the limit. Validated with `--max-diagnostics 0`, since its 1,002 protocols no module provides (`Base` and `P0` … `P1000`) are warned about first (RC0901) and fill the default listing, it prints among them:
        """#
      ],
      output: [
        #"""
        example.yaml:1004:22: error: protocol inheritance here adds up to more than 1000000 inherited members and ancestors; flatten the inheritance (inherit fewer, smaller protocols) [RC0507]
        """#
      ],
      fix: #"flatten the inheritance: inherit fewer and smaller protocols."#
    ),
  ]
}
