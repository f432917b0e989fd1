// Explanations of the Files and YAML (RC01xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Files and YAML (RC01xx).
  static let filesAndYAML: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .fileUnreadable,
      description: #"""
        A manifest file cannot be opened or read: it does not exist, it is a directory, or the operating system refuses access. For the root manifest the position is `FILE:1:1`; for an included file it is the `include` entry that names it (a file that does not exist at all is RC0301 there).
        """#,
      exampleIntro: [
        #"""
        Example: run `routecfg validate example.yaml` in a directory that has no `example.yaml`.
        """#
      ],
      output: [
        #"""
        example.yaml:1:1: error: cannot read 'example.yaml': No such file or directory [RC0101]
        """#
      ],
      remarks: [
        #"""
        A directory reads `'example.yaml' is a directory; name a manifest file`. An included file that is a FIFO, a device or a socket reads `'x.yaml' is not a regular file (a FIFO, device or socket); include manifest files only`, and one behind a directory that cannot be searched reads `cannot read included file 'locked/x.yaml': opening 'locked/x.yaml' failed: Permission denied; check its permissions` (never "cannot find").
        """#
      ],
      fix: #"""
        check the path (it is relative to the current directory) and the file's permissions.
        """#
    ),
    DiagnosticExplanation(
      .fileTooLarge,
      description: #"""
        The file is larger than 32 MiB (33,554,432 bytes). routecfg checks the size before reading, so an oversized or runaway file costs nothing. Manifests are far smaller than this.
        """#,
      exampleIntro: [
        #"Example: `example.yaml` is 33 MiB (34,603,008 bytes)."#
      ],
      output: [
        #"""
        example.yaml:1:1: error: 'example.yaml' is 34603008 bytes, more than the limit of 33554432 bytes; split it with 'include' [RC0102]
        """#
      ],
      fix: #"""
        split the manifest into several files and list them under `include`; each file has its own limit. If the file is generated, check the generator.
        """#
    ),
    DiagnosticExplanation(
      .invalidUTF8,
      description: #"""
        The file is not valid UTF-8; manifests are UTF-8 text. The usual cause is a file saved in Latin-1 or another legacy encoding. A file that starts with a UTF-16 or UTF-32 byte order mark is reported at 1:1 as `the file looks UTF-16 encoded; manifests are UTF-8: save it as UTF-8` (or `UTF-32`).
        """#,
      exampleIntro: [
        #"""
        Example: `example.yaml` is `routecfg: 1`, `app: Café` and `modules: {}` on three lines, saved in Latin-1, so `é` is the single byte `E9`, followed by the line break and the third line. (At the very end of a file, the same byte reads `incomplete UTF-8 octet sequence`: libyaml names what it finds after the byte.)
        """#
      ],
      output: [
        #"""
        example.yaml:2:9: error: the file is not valid UTF-8 here (invalid trailing UTF-8 octet); save the file as UTF-8 [RC0103]
        """#
      ],
      remarks: [
        #"""
        The position is the start of the byte sequence that fails to decode: here the `E9` byte (`é`) itself, column 9.
        """#
      ],
      fix: #"save the file as UTF-8 (without a UTF-16 byte order mark)."#
    ),
    DiagnosticExplanation(
      .controlCharacter,
      description: #"""
        The file holds a NUL byte or another control character that YAML does not allow (tab, line feed and carriage return are allowed). A NUL usually means the file is UTF-16 or was copied from a binary.
        """#,
      exampleIntro: [
        #"""
        Example: line 2 of `example.yaml` is `app: Notes` followed by a NUL byte (`00`).
        """#
      ],
      output: [
        #"""
        example.yaml:2:11: error: the file holds a NUL byte; a manifest is UTF-8 text: remove it (was the file saved as UTF-16 or copied from a binary?) [RC0104]
        """#
      ],
      remarks: [
        #"""
        Other control characters read `the file holds the control character U+0001, which YAML does not allow: remove it`.
        """#
      ],
      fix: #"remove the character; if the whole file is affected, save it as UTF-8."#
    ),
    DiagnosticExplanation(
      .yamlSyntax,
      description: #"""
        The YAML does not parse. The position is libyaml's problem mark: where the parser noticed the problem, which can be after the mistake. A note points at the start of the construct being parsed, and the message adds a hint for common problems.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                routes: [/notes
              Settings:
                kind: view

            """#)
      ],
      output: [
        #"""
        example.yaml:6:11: error: YAML syntax error: did not find expected ',' or ']'; close the list with ']' or separate its items with ',' [RC0105]
        """#,
        #"example.yaml:5:13: note: while parsing a flow sequence that starts here"#,
      ],
      fix: #"""
        fix the YAML between the note and the error; here, close the list: `routes: [/notes]`.
        """#
    ),
    DiagnosticExplanation(
      .tabIndentation,
      description: #"""
        A line is indented with a tab. YAML indents with spaces only; libyaml's own error for this is obscure, so routecfg reports it separately, at the tab.
        """#,
      exampleIntro: [
        #"Example (line 4 starts with a tab character):"#
      ],
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
            	kind: view

            """#)
      ],
      output: [
        #"""
        example.yaml:4:1: error: a tab is used for indentation here; YAML indents with spaces only: replace the tab with spaces [RC0106]
        """#
      ],
      fix: #"""
        replace the tab with spaces; set your editor to insert spaces in YAML files. Tabs after a key's `:` are allowed.
        """#
    ),
    DiagnosticExplanation(
      .multipleDocuments,
      description: #"""
        The file holds a second YAML document (after `---`). A manifest is exactly one document; a second one would otherwise be ignored without notice. It is reported at its `---`, reading stops there, and the first document is checked as far as it decides things on its own: the checks that what the rest of the file declares could change (references, resolution, unused parts) are held back, as for a file that could not be loaded.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes: {kind: view, routes: [/notes]}
            ---
            routecfg: 1

            """#)
      ],
      output: [
        #"""
        example.yaml:4:1: error: the file holds a second YAML document; a manifest is one document: remove this '---' or move the second document to its own file and name it in 'include' [RC0107]
        """#
      ],
      fix: #"""
        remove the `---` and the second document, or move it to its own file and list that file under `include`.
        """#
    ),
    DiagnosticExplanation(
      .rootNotMapping,
      description: #"""
        The file is empty (or only comments), or its root is a list or a scalar. A manifest's root is a mapping of keys such as `routecfg`, `protocols` and `modules`.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            - routecfg: 1

            """#)
      ],
      output: [
        #"""
        example.yaml:1:1: error: a manifest is a mapping of keys ('routecfg', 'protocols', 'modules'...), not a list [RC0108]
        """#
      ],
      remarks: [
        #"An empty file reads `the file is empty; a manifest starts with 'routecfg: 1'`; an empty included file says to declare its `protocols`, `modules`, `adapters`, `bindings` or `include`, or to remove it from `include`. A file that holds only a null (`---` alone, `~`) is read as an empty one (`the file holds only a null value`): it declares nothing, so no check waits for it, where a list or another scalar holds back the checks its declarations could change."#
      ],
      fix: #"""
        write the manifest as a mapping, starting with `routecfg: 1`; here, remove the `- `.
        """#
    ),
    DiagnosticExplanation(
      .duplicateKey,
      description: #"""
        A mapping has the same key twice. Most YAML readers silently keep one of the two values; routecfg reports the second key, with a note at the first, and ignores the second entry. Keys compare by text, whatever the quoting (`a` and `"a"` are the same key). Because all files of a manifest share one `bindings` table, binding one protocol in two files is reported with this code too.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                routes: [/notes]
              Notes:
                kind: service

            """#)
      ],
      output: [
        #"""
        example.yaml:6:3: error: duplicate key 'Notes' in this mapping; the second one would be ignored: remove it or merge the two entries [RC0109]
        """#,
        #"example.yaml:3:3: note: 'Notes' first written here"#,
      ],
      remarks: [
        #"""
        Two modules, protocols or bindings written alike in the same file are always this code; across files they are RC0501, RC0502 or this code for bindings. Keys are compared as written, character by character, as YAML compares them: two spellings Swift reads as one name (`Café` with `é`, and with `e` and a combining accent) are different keys here, and the second declaration is RC0501 or RC0502 ("declared twice in this file, spelled with different Unicode characters that are the same name").
        """#,
        #"""
        A module's `parameters` and a `bindings` mapping (the root's or a variant's) have names for keys too: there the second of two such spellings is this code ("duplicate key 'café' in this mapping, spelled with different Unicode characters that are the same name"), and is ignored like any repeated key, so that a module has one parameter of that name and a protocol one binding.
        """#,
      ],
      fix: #"remove one of the entries or merge them into one."#
    ),
    DiagnosticExplanation(
      .aliasBudgetExceeded,
      description: #"""
        The aliases (`*name`) in a file expand to more than 1,000,000 nodes, text counting one node per 16 bytes (so a long protocol body aliased thousands of times counts for its size). routecfg counts what each alias would add instead of expanding it, so an alias bomb ("billion laughs") is rejected at once; the position is the alias that crosses the limit.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
            e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
            f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
            g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
            h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
            i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]

            """#)
      ],
      output: [
        #"""
        example.yaml:6:36: error: aliases in this file expand to more than 1000000 nodes (text counts one node per 16 bytes; '*e' alone adds 111111); write the values out instead of repeating them through aliases [RC0110]
        """#
      ],
      remarks: [
        #"""
        Aliases within the budget are allowed, for example to share one list between two modules.
        """#
      ],
      fix: #"""
        write the values out instead of nesting aliases; a manifest has no need for large repeated structures.
        """#
    ),
    DiagnosticExplanation(
      .nestingTooDeep,
      description: #"""
        Lists and mappings are nested more than 128 levels deep (also when an alias brings in a deep collection). The limit keeps hostile input from exhausting the stack; real manifests use a few levels.
        """#,
      exampleIntro: [
        #"Example: a one-line file of 129 `[` and 129 `]`:"#
      ],
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]

            """#)
      ],
      output: [
        #"""
        example.yaml:1:129: error: lists and mappings are nested more than 128 levels deep here; a manifest needs only a few levels: flatten this structure [RC0111]
        """#
      ],
      fix: #"flatten the structure."#
    ),
    DiagnosticExplanation(
      .unsupportedTag,
      description: #"""
        A value carries a YAML tag (`!!str`, `!custom`). Tags change how a value is read and have no meaning in a manifest.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            app: !!str NoteApp
            modules:
              Notes: {kind: view, routes: [/notes]}

            """#)
      ],
      output: [
        #"""
        example.yaml:2:6: error: YAML tags such as '!!str' are not used in manifests; remove the tag (quote the value if it must stay a string) [RC0112]
        """#
      ],
      fix: #"remove the tag. To force a string, quote the value."#
    ),
    DiagnosticExplanation(
      .mergeKey,
      description: #"""
        A mapping uses a merge key (`<<: *anchor`). Merged keys hide where a value comes from, and diagnostics could not point at them, so routecfg does not support them: the merged keys are not applied, and errors about the keys they would have supplied (such as a missing `kind`) may follow.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Base: &base
                kind: view
                routes: [/base]
              Notes:
                <<: *base
                kind: view
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:7:5: error: merge keys ('<<') are not supported in manifests; write the keys out in this mapping [RC0113]
        """#
      ],
      fix: #"write the keys out in each mapping (here, remove `<<: *base` and the anchor)."#
    ),
    DiagnosticExplanation(
      .undefinedAlias,
      description: #"""
        An alias names no anchor defined before it, or names a collection that contains the alias (a recursive structure). For a recursive alias the message reads `alias '*modules' refers to the collection that contains it; manifests cannot be recursive: write the value out`.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                routes: *routes

            """#)
      ],
      output: [
        #"""
        example.yaml:5:13: error: alias '*routes' refers to no anchor; define '&routes' on a node before this alias [RC0114]
        """#
      ],
      fix: #"define the anchor (`&routes`) on a node before the alias, or write the value out."#
    ),
    DiagnosticExplanation(
      .complexKey,
      description: #"""
        A mapping key is a list or a mapping (YAML's `? ` complex keys). Every key in a manifest is a name.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              ? [Notes, Archive]
              : kind: view

            """#)
      ],
      output: [
        #"""
        example.yaml:3:5: error: a mapping key must be a name, not a list; write a plain name before ':' [RC0115]
        """#
      ],
      fix: #"use a plain name as the key; here, declare `Notes` and `Archive` as two modules."#
    ),
  ]
}
