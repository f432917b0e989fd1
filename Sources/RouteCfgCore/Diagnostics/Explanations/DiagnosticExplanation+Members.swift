// Explanations of the Member declarations (RC04xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Member declarations (RC04xx).
  static let memberDeclarations: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .memberSyntax,
      description: #"""
        A member declaration in a protocol body does not parse as the Swift subset manifests use (`var`/`let` properties, `func` methods, the types of [Manifest.md](Manifest.md)). The position is the exact line and column inside the body, and the message says what was expected. Every line of a body is checked, so one run reports all broken members. Types nested more than 64 levels deep are reported with this code too. Until the body parses, no member is reported missing from the protocol or from those inheriting it (an adapter's map naming a member it lacks, RC0601, or a member left unmapped, RC0602): the declaration that did not parse may be the one meant. A body of the wrong shape (RC0202), one under a key that is not read (RC0201), and a parent in `inherits` that is not declared (RC0503) count the same way. A body must keep its line breaks: written folded (`>`) or quoted over several lines, YAML joins them into one, and the message says to write it as a literal block (`Name: |`). `#` starts no comment inside a body, which is Swift: write `//`. A type's `?` follows it with no space, as Swift requires (`var count: Int ?` and a parameter `q: String ?` do not parse: write `Int?`).
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              EditorInput: |
                var title String
            modules:
              Editor:
                kind: view
                provides: [EditorInput]
                routes: [/editor]

            """#)
      ],
      output: [
        #"""
        example.yaml:4:15: error: expected ':' and a type after 'title', found 'String'; write 'var title: String' [RC0401]
        """#
      ],
      fix: #"write the declaration as the message shows: `var title: String`."#
    ),
    DiagnosticExplanation(
      .unsupportedMemberFeature,
      description: #"""
        A member or a module parameter uses Swift that manifests do not support: `static`, attributes (`@MainActor`, `@escaping`), generics, `Self` (protocols are used as `any P` values and through adapters, where `Self` has no single type), implicitly unwrapped optionals (`T!`), `.Protocol` after a standard type that is not a protocol (`Int.Protocol`: write `Int.Type`), a metatype of a type that is not a name (`[Int].Type`), parameter modifiers (`sending`, `borrowing`), tuples, `init`, `mutating` and the like. The message says what to write instead.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              EditorInput: |
                static var shared: EditorInput { get }
            modules:
              Editor:
                kind: view
                provides: [EditorInput]
                routes: [/editor]

            """#)
      ],
      output: [
        #"""
        example.yaml:4:5: error: static members are not supported; remove 'static' and declare an instance member [RC0402]
        """#
      ],
      fix: #"""
        declare an instance member with supported types; here, remove the member, or `var shared: EditorInput { get }`.
        """#
    ),
    DiagnosticExplanation(
      .duplicateMember,
      description: #"""
        Two members of a protocol share a name. A member is identified by its base name, so overloads (`func count()` beside `func count(by:)`) and a property beside a method of the same name are duplicates. Inherited members count: a protocol that redeclares an inherited member, or inherits two different members with one name, is reported too. The same member reached twice through a diamond is not a duplicate.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              CounterInput: |
                var count: Int
                func count()
            modules:
              Counter:
                kind: view
                provides: [CounterInput]
                routes: [/counter]

            """#)
      ],
      output: [
        #"""
        example.yaml:5:10: error: 'count' is declared twice in 'CounterInput'; a member name appears once per protocol (overloads are not supported): rename or remove one [RC0403]
        """#,
        #"example.yaml:4:9: note: first declared here"#,
      ],
      fix: #"rename or remove one of the members."#
    ),
    DiagnosticExplanation(
      .nearMissType,
      description: #"""
        *Warning.* A member or parameter type names no declared protocol but is one edit away from one. Any undeclared type name is taken as an external type (`Date`, `URL`), so a misspelt protocol name would silently become an external type and lose its adapter checks. A metatype of such a name (`NoteSumary.Type`) gets the warning too, with the metatype of the protocol as the fix. With `--strict` this is an error.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              NoteSummary: |
                let noteId: Int
              NoteListInput: |
                var selection: NoteSumary?
            modules:
              NoteList:
                kind: view
                provides: [NoteSummary, NoteListInput]
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:6:20: warning: 'NoteSumary' is not a declared protocol, so it is taken as an external type; did you mean 'NoteSummary'? [RC0404]
        """#
      ],
      fix: #"""
        correct the type to the suggested protocol. If the external type is meant, rename one of the two so they are not one edit apart.
        """#
    ),
    DiagnosticExplanation(
      .unhashableKey,
      description: #"""
        A member or parameter type holds a dictionary whose key type cannot be `Hashable`, which Swift requires of a dictionary key: a declared protocol (its values are existentials, `any P`, which are not `Hashable`), `Any`, `AnyObject`, `Void`, `Error`, a protocol of the standard library (`Hashable`, `Collection`: its values are existentials; [Codegen.md](Codegen.md) lists the names) or a metatype (`Item.Type`), also inside an optional, an array or a dictionary's value (`[Item?: Int]`, `[[Item]: Int]`), reported at that name, every such key of a member (a body two protocols share through a YAML alias reports its keys once); or a function type, reported where the key starts, and the member is left out like one that does not parse. Generated code would not compile. Other external types are taken to be `Hashable`.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              Item: |
                let id: String
              StoreInput: |
                var counts: [Item: Int] { get }
            modules:
              Store:
                kind: view
                provides: [StoreInput, Item]
                routes: [/store]

            """#)
      ],
      output: [
        #"""
        example.yaml:6:18: error: member 'counts' of 'StoreInput' has a dictionary keyed by 'Item', which cannot be a key: 'Item' is a protocol, and a protocol's values are not Hashable; key it by a Hashable type, such as an identifier ('[String: ...]'), or use an array of pairs [RC0405]
        """#
      ],
      fix: #"""
        key the dictionary by something `Hashable` that identifies the value, here `var counts: [String: Int] { get }` keyed by the item's `id`, or use an array of pairs.
        """#
    ),
  ]
}
