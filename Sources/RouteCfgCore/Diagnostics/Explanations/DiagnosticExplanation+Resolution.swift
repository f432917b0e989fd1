// Explanations of the Resolution (RC07xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Resolution (RC07xx).
  static let resolution: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .unsatisfiedRequirement,
      description: #"""
        A protocol in a module's `requires` resolves to no provider: no module lists it in `provides`, and no adapter leads from it to a protocol some module lists. A module providing a protocol that inherits it does not answer for it (SPEC §2 resolves a requirement to "a module that lists it in `provides`"): a note at that module's `provides` entry says to list the protocol there too, and a note at an adapter from it whose `to` is provided only so says the same of the `to`. The error is at the `requires` entry; under variants, the message names the variant.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              AlertInput: |
                func show(message: String)
            modules:
              Notes:
                kind: view
                requires: [AlertInput]
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:8:16: error: module 'Notes' requires 'AlertInput', but no module provides it; add it to a module's 'provides', or add an adapter from 'AlertInput' to a provided protocol [RC0701]
        """#
      ],
      fix: #"""
        add the protocol to the `provides` of the module that implements it, or add an adapter from it to a protocol that a module provides.
        """#
    ),
    DiagnosticExplanation(
      .ambiguousRequirement,
      description: #"""
        A required protocol resolves to several providers: several modules provide it, or one module provides it through several adapters. Notes point at each candidate.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              AlertInput: |
                func show(message: String)
            modules:
              IOSAlert:
                kind: view
                provides: [AlertInput]
                routes: [/alert/ios]
              MacAlert:
                kind: view
                provides: [AlertInput]
                routes: [/alert/mac]
              Login:
                kind: view
                requires: [AlertInput]
                routes: [/login]

            """#)
      ],
      output: [
        #"""
        example.yaml:16:16: error: module 'Login' requires 'AlertInput', which 2 modules provide (IOSAlert, MacAlert); choose one with 'bindings: { AlertInput: IOSAlert }' [RC0702]
        """#,
        #"example.yaml:8:16: note: 'IOSAlert' provides it here"#,
        #"example.yaml:12:16: note: 'MacAlert' provides it here"#,
      ],
      fix: #"""
        choose one with `bindings` (`bindings: {AlertInput: IOSAlert}`), per variant if each platform needs another (`variants: {macOS: {bindings: {AlertInput: MacAlert}}}`); or remove all but one adapter.
        """#
    ),
    DiagnosticExplanation(
      .invalidBinding,
      description: #"""
        A binding (in `bindings` or in a variant) names a module that cannot provide the protocol: it does not list it in `provides`, nor does it provide the `to` of an adapter from it, nor (when no module lists the protocol and none requires it, for the registry's `make` method alone) a protocol that inherits it. A module providing an inheriting protocol answers no requirement of the protocol; the message says to list it in that module's `provides` too. A note points at the module.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              AlertInput: |
                func show(message: String)
            modules:
              IOSAlert:
                kind: view
                provides: [AlertInput]
                routes: [/alert]
              Login:
                kind: view
                requires: [AlertInput]
                routes: [/login]
            bindings:
              AlertInput: Login

            """#)
      ],
      output: [
        #"""
        example.yaml:15:15: error: binding 'AlertInput' to module 'Login', which does not provide it (directly or through an adapter); it provides nothing; bind one of the modules that can answer it: 'IOSAlert' [RC0703]
        """#,
        #"example.yaml:10:3: note: module 'Login' is declared here"#,
      ],
      fix: #"""
        bind a module that provides the protocol (here, `AlertInput: IOSAlert`), or add the protocol to the bound module's `provides`.
        """#
    ),
  ]
}
