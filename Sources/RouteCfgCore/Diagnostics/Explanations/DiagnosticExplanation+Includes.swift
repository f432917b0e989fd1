// Explanations of the Includes (RC03xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Includes (RC03xx).
  static let includes: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .includeNotFound,
      description: #"""
        An `include` entry names a file that does not exist, or the entry is empty. The position is the entry; the message shows the path routecfg looked for (relative to the including file).
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [login.yaml]
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#)
      ],
      output: [
        #"""
        example.yaml:2:11: error: cannot find included file 'login.yaml' (looked for 'login.yaml') [RC0301]
        """#
      ],
      remarks: [
        #"""
        A path that names nothing gets the file it likely means, one component at a time (`Payment/payments.yaml` → `did you mean 'Payments/payments.yaml'?`), with a fix. A path through a file where a directory belongs reads `cannot find included file 'a.yaml/b.yaml': 'a.yaml' is not a directory (looked for 'a.yaml/b.yaml')`; symbolic links that point at each other read `include 'x.yaml' goes through symbolic links that loop (or more than 40 of them); point the link at the file itself`.
        """#
      ],
      fix: #"""
        correct the path; include paths are relative to the file that holds the `include`.
        """#
    ),
    DiagnosticExplanation(
      .includeOutsideRoot,
      description: #"""
        An included file lies outside the root manifest's directory, after symbolic links are resolved, or the entry is an absolute path. Keeping every file under one directory makes a manifest self-contained and stops an include from reading arbitrary files.
        """#,
      exampleIntro: [
        #"""
        Example: `/tmp/project/App/example.yaml` includes a file from a sibling directory, `/tmp/project/Shared/logger.yaml`.
        """#
      ],
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [../Shared/logger.yaml]
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#)
      ],
      output: [
        #"""
        example.yaml:2:11: error: include '../Shared/logger.yaml' resolves to '/tmp/project/Shared/logger.yaml', outside the root manifest's directory '/tmp/project/App'; move the file inside it [RC0302]
        """#
      ],
      remarks: [
        #"""
        An absolute path reads `include '/etc/hostname' is an absolute path; include paths are relative to the including file and stay inside the root manifest's directory`.
        """#
      ],
      fix: #"""
        move the file under the root manifest's directory (here `/tmp/project/App`), or move the root manifest up so that it contains every file.
        """#
    ),
    DiagnosticExplanation(
      .includeCycle,
      description: #"""
        Includes form a cycle: an entry names a file that is still being loaded. The error is at the entry that closes the cycle.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [login.yaml]
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#),
        .init(
          name: #"login.yaml"#,
          text: #"""
            include: [example.yaml]
            modules:
              Login: {kind: view, routes: [/login]}

            """#),
      ],
      output: [
        #"""
        login.yaml:1:11: error: include 'example.yaml' closes a cycle: 'example.yaml' is already being loaded; remove this entry [RC0303]
        """#
      ],
      fix: #"""
        remove the entry that closes the cycle; a file only needs to be included once anywhere in the manifest.
        """#
    ),
    DiagnosticExplanation(
      .includedTwice,
      description: #"""
        *Warning.* A file is named by a second `include` entry (in the same file or another one, by the same or a different path, through a symbolic link or as a hard link of it). Every file is loaded once, so the second entry does nothing. A note points at the entry that loaded it. With `--strict` this is an error.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            include: [login.yaml, shared.yaml]
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#),
        .init(
          name: #"login.yaml"#,
          text: #"""
            include: [shared.yaml]
            modules:
              Login: {kind: view, routes: [/login]}

            """#),
        .init(
          name: #"shared.yaml"#,
          text: #"""
            modules:
              Help: {kind: view, routes: [/help]}

            """#),
      ],
      output: [
        #"""
        example.yaml:2:23: warning: 'shared.yaml' is already loaded; a file is loaded once: remove this entry [RC0304]
        """#,
        #"login.yaml:1:11: note: first included here"#,
      ],
      fix: #"""
        remove the repeated entry. All files share one name space, so declarations in `shared.yaml` are visible everywhere once it is loaded.
        """#
    ),
  ]
}
