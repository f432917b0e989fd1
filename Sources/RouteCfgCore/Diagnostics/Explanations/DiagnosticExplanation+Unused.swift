// Explanations of the Unused parts (RC09xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Unused parts (RC09xx).
  static let unusedParts: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .unusedProtocol,
      description: #"""
        *Warning.* A protocol is declared but nothing uses it: no module provides or requires it (or names it in a parameter type), no adapter names it, and no protocol in use inherits it or names it in a member type (its metatype `Kind.Type` names it too). Use spreads from modules and adapters, so a protocol that only refers to itself, or that only unused protocols refer to, is unused too (each such protocol gets its own warning). With `--strict` this is an error.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              Orphan: |
                func nothing()
            modules:
              Notes:
                kind: view
                routes: [/notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:3:3: warning: protocol 'Orphan' is not used: no module provides or requires it, no adapter names it, and no protocol in use refers to it; add it to a module's 'provides' or remove it [RC0901]
        """#
      ],
      fix: #"add it to the `provides` of the module that implements it, or remove it."#
    ),
    DiagnosticExplanation(
      .unusedAdapter,
      description: #"""
        *Warning.* An adapter is never used: no module requires its `adapt` protocol (or the requirement resolves to another provider), and no member forwarding passes values between its two protocols. With `--strict` this is an error. While an adapter names a protocol that is not declared, an adapter's `map` or members have an error, or a protocol body does not parse, no adapter is reported unused: the member that would use it may be the one at fault (a delegate adapter is used only by the members of the adapter that forwards the delegate).
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredLog: |
                func log(_ line: String)
              ProvidedLog: |
                func log(_ line: String)
            modules:
              Console:
                kind: view
                provides: [ProvidedLog]
                routes: [/console]
            adapters:
              - adapt: RequiredLog
                to: ProvidedLog

            """#)
      ],
      output: [
        #"""
        example.yaml:13:5: warning: the adapter from 'RequiredLog' to 'ProvidedLog' is never used: no module requires 'RequiredLog' and no member passes values between 'RequiredLog' and 'ProvidedLog'; remove it or require 'RequiredLog' [RC0902]
        """#
      ],
      fix: #"""
        remove the adapter, or add its protocol to the `requires` of the module that needs it.
        """#
    ),
    DiagnosticExplanation(
      .unreachableModule,
      description: #"""
        *Warning.* A module can never be reached: it has no route, is not the fallback, and no other module requires a protocol it could provide (directly or through an adapter). Requiring its own protocol, or a binding to a protocol nobody requires, does not make a module reachable. With `--strict` this is an error.
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
              Lonely:
                kind: view

            """#)
      ],
      output: [
        #"""
        example.yaml:6:3: warning: module 'Lonely' is unreachable: it has no route and no other module requires what it provides; add a route, require one of its protocols, or remove it [RC0903]
        """#
      ],
      fix: #"give it a route, require one of its protocols from another module, or remove it."#
    ),
  ]
}
