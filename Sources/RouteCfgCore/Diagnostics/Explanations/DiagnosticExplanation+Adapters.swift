// Explanations of the Adapters (RC06xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Adapters (RC06xx).
  static let adapters: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .unknownAdapterMember,
      description: #"""
        An adapter's `map` names a member that its protocol lacks: on the left, a member of the required protocol (`adapt`); on the right, a member of the provided protocol (`to`), or a step of a key path that the protocol reached so far lacks. Methods are named by base name (`didLogin`) or full name (`didLogin(account:)`). The message suggests the member that was probably meant. An entry written the other way round (a member of `to` on the left and one of `adapt` on the right) is one error that says so. A misspelt name is read as the member the suggestion names: that member is not also reported as unmapped (RC0602), forward for a key or in reverse for a value.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredLogin: |
                var message: String? { get set }
              ProvidedLogin: |
                var notifyString: String? { get set }
            modules:
              Login:
                kind: view
                provides: [ProvidedLogin]
                routes: [/login]
              Notes:
                kind: view
                requires: [RequiredLogin]
                routes: [/notes]
            adapters:
              - adapt: RequiredLogin
                to: ProvidedLogin
                map:
                  message: notifyStrng

            """#)
      ],
      output: [
        #"""
        example.yaml:20:16: error: 'ProvidedLogin' has no member 'notifyStrng'; did you mean 'notifyString'? [RC0601]
        """#
      ],
      fix: #"""
        use the suggested name; check that the left side names the required protocol's member and the right side the provided one's.
        """#
    ),
    DiagnosticExplanation(
      .unmappedMembers,
      description: #"""
        Members of the required protocol have no counterpart in the provided protocol: they are not in `map` and the provided protocol has no member with the same full name and a fitting type. Every one is listed by its full name (for a protocol of thousands, as many as fit in the message's 32,000 characters, then how many more), with a note at each declaration, as many as a diagnostic keeps (eight). A member whose `map` entry has no readable value (`message:` with nothing after it, RC0206) is not listed, nor is a member a misspelt key suggests (`mesage:`, RC0601, is read as `message`), nor is any when `map` itself is not a mapping: those are reported already. An adapter used only in reverse (for a delegate passed back) is checked in that direction: every member of the provided protocol then needs a counterpart.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredLogin: |
                var message: String? { get set }
                func didFinishLogin()
              ProvidedLogin: |
                var notifyString: String? { get set }
                func didLogin()
            modules:
              Login:
                kind: view
                provides: [ProvidedLogin]
                routes: [/login]
              Notes:
                kind: view
                requires: [RequiredLogin]
                routes: [/notes]
            adapters:
              - adapt: RequiredLogin
                to: ProvidedLogin

            """#)
      ],
      output: [
        #"""
        example.yaml:19:12: error: the adapter from 'RequiredLogin' to 'ProvidedLogin' leaves 2 members of 'RequiredLogin' unmapped: 'message', 'didFinishLogin()'; map each under 'map' (for example 'message: <member of ProvidedLogin>') or give 'ProvidedLogin' members with the same names [RC0602]
        """#,
        #"example.yaml:4:9: note: 'message' is declared here"#,
        #"example.yaml:5:10: note: 'didFinishLogin()' is declared here"#,
      ],
      fix: #"""
        map each listed member under `map` (`message: notifyString`, `didFinishLogin: didLogin`), or give the provided protocol members with the same names.
        """#
    ),
    DiagnosticExplanation(
      .memberKindMismatch,
      description: #"""
        `map` pairs a property with a method, or a method with a property. Forwarding reads and writes properties and calls methods, so the two sides must be the same kind.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredPlayer: |
                var isPlaying: Bool { get }
              ProvidedPlayer: |
                func playing() -> Bool
            modules:
              Player:
                kind: service
                provides: [ProvidedPlayer]
              Notes:
                kind: view
                requires: [RequiredPlayer]
                routes: [/notes]
            adapters:
              - adapt: RequiredPlayer
                to: ProvidedPlayer
                map:
                  isPlaying: playing

            """#)
      ],
      output: [
        #"""
        example.yaml:19:18: error: 'RequiredPlayer.isPlaying' is a property but 'ProvidedPlayer.playing()' is a method; map properties to properties and methods to methods [RC0603]
        """#,
        #"example.yaml:4:9: note: 'isPlaying' is declared here"#,
        #"example.yaml:6:10: note: 'playing()' is declared here"#,
      ],
      fix: #"""
        map the property to a property (declare `var isPlaying: Bool { get }` on the provided side) or change the required member to `func isPlaying() -> Bool`.
        """#
    ),
    DiagnosticExplanation(
      .incompatibleTypes,
      description: #"""
        The mapped members' types do not fit. Types fit when they are identical, when a provided `T` is read where the required side reads `T?`, when a provided parameter `T?` receives a required `T`, when protocol types are connected by an adapter or the provided protocol inherits the required one, and element by element for optionals, arrays and dictionaries. A same-named member whose type does not fit is not paired implicitly; it is listed by RC0602 with a note that says why. A same-named member whose type fits is paired, and a settable member over a read-only one or `throws`/`async` that disagree are then RC0605 and RC0609.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredStore: |
                var name: String { get }
              ProvidedStore: |
                var label: String? { get }
            modules:
              Store:
                kind: service
                provides: [ProvidedStore]
              Notes:
                kind: view
                requires: [RequiredStore]
                routes: [/notes]
            adapters:
              - adapt: RequiredStore
                to: ProvidedStore
                map:
                  name: label

            """#)
      ],
      output: [
        #"""
        example.yaml:19:13: error: 'RequiredStore.name' is 'String' but 'ProvidedStore.label' is 'String?'; a 'String?' cannot be read as a 'String': change one of the types or map another member [RC0604]
        """#,
        #"example.yaml:4:9: note: 'name' is declared here"#,
        #"example.yaml:6:9: note: 'label' is declared here"#,
      ],
      fix: #"""
        change one of the types (here, `var name: String? { get }` on the required side), or map another member.
        """#
    ),
    DiagnosticExplanation(
      .readOnlyTarget,
      description: #"""
        A settable required member (`var … { get set }`) is mapped to a read-only provided member (`let`, or `var … { get }`); a write through the adapter would have nowhere to go. For a key path, the last step must be settable.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredProfile: |
                var name: String { get set }
              ProvidedProfile: |
                let fullName: String
            modules:
              Profile:
                kind: view
                provides: [ProvidedProfile]
                routes: [/profile]
              Settings:
                kind: view
                requires: [RequiredProfile]
                routes: [/settings]
            adapters:
              - adapt: RequiredProfile
                to: ProvidedProfile
                map:
                  name: fullName

            """#)
      ],
      output: [
        #"""
        example.yaml:20:13: error: 'RequiredProfile.name' is settable but 'ProvidedProfile.fullName' is read-only; declare 'ProvidedProfile.fullName' 'var ... { get set }' or make 'RequiredProfile.name' read-only with '{ get }' [RC0605]
        """#,
        #"example.yaml:4:9: note: 'name' is declared here"#,
        #"example.yaml:6:9: note: 'fullName' is declared here"#,
      ],
      fix: #"""
        make the provided member settable (`var fullName: String { get set }`) or the required one read-only (`var name: String { get }`).
        """#
    ),
    DiagnosticExplanation(
      .missingAdapter,
      description: #"""
        Two mapped members pass values of two different protocol types, and no adapter connects those protocols. Forwarding a delegate or any protocol-typed value needs an adapter between the two protocols, used in whichever direction the value flows. When members match by name and only this adapter is missing, this code is reported instead of RC0602.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredLoginInput: |
                var delegate: RequiredLoginDelegate? { get set }
              RequiredLoginDelegate: |
                func didFinishLogin()
              ProvidedLoginInput: |
                var delegate: ProvidedLoginDelegate? { get set }
              ProvidedLoginDelegate: |
                func didLogin()
            modules:
              Login:
                kind: view
                provides: [ProvidedLoginInput]
                routes: [/login]
              Notes:
                kind: view
                requires: [RequiredLoginInput]
                routes: [/notes]
            adapters:
              - adapt: RequiredLoginInput
                to: ProvidedLoginInput

            """#)
      ],
      output: [
        #"""
        example.yaml:21:12: error: forwarding 'RequiredLoginInput.delegate' to 'ProvidedLoginInput.delegate' passes values between the protocols 'RequiredLoginDelegate' and 'ProvidedLoginDelegate', and no adapter connects them; add one ('- adapt: RequiredLoginDelegate' with 'to: ProvidedLoginDelegate' and a 'map') [RC0606]
        """#,
        #"example.yaml:4:9: note: 'delegate' is declared here"#,
        #"example.yaml:8:9: note: 'delegate' is declared here"#,
      ],
      fix: #"""
        add the adapter the message names:

        ```yaml
          - adapt: RequiredLoginDelegate
            to: ProvidedLoginDelegate
            map:
              didFinishLogin: didLogin
        ```
        """#
    ),
    DiagnosticExplanation(
      .duplicateAdapter,
      description: #"""
        Two adapters connect the same pair of protocols. Only one can be used, so their `map` entries would conflict. The first one is the adapter; the names in the repeated one's `map` are still checked (unknown members, a property mapped to a method), so that merging its entries into the first brings no new errors.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredLogin: |
                var message: String? { get set }
              ProvidedLogin: |
                var message: String? { get set }
            modules:
              Login:
                kind: view
                provides: [ProvidedLogin]
                routes: [/login]
              Notes:
                kind: view
                requires: [RequiredLogin]
                routes: [/notes]
            adapters:
              - adapt: RequiredLogin
                to: ProvidedLogin
              - adapt: RequiredLogin
                to: ProvidedLogin

            """#)
      ],
      output: [
        #"""
        example.yaml:19:5: error: an adapter from 'RequiredLogin' to 'ProvidedLogin' already exists; merge their 'map' entries into one adapter [RC0607]
        """#,
        #"example.yaml:17:5: note: first adapter here"#,
      ],
      fix: #"merge the two adapters' `map` entries into one adapter and remove the other."#
    ),
    DiagnosticExplanation(
      .invalidKeyPath,
      description: #"""
        A key path on the right side of `map` (`header.title`) does not lead to a property: a step names a method (`header.render`) or is written as a call (`header.render()`, `header().title`, whatever it names; reported at that step), a step is empty (`body..text`), or a step continues after a property whose type is not a declared protocol (`size.value` with `size: Int`). Every step must be a readable property, and a key path never ends at a method. A key path of more than 64 steps is refused too (real ones have a few; the limit keeps generated code, which nests one expression per step, within the compiler's reach). A step that names no member at all is RC0601.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredCard: |
                var subtitle: String { get }
              ProvidedCard: |
                var body: CardBody { get }
              CardBody: |
                var subtitle: String { get }
                func render() -> String
            modules:
              Card:
                kind: view
                provides: [ProvidedCard]
                routes: [/card]
              Notes:
                kind: view
                requires: [RequiredCard]
                routes: [/notes]
            adapters:
              - adapt: RequiredCard
                to: ProvidedCard
                map:
                  subtitle: body.render

            """#)
      ],
      output: [
        #"""
        example.yaml:23:22: error: key path 'body.render' steps through 'render', a method of 'CardBody'; every step of a key path is a property, and a key path never ends at a method [RC0608]
        """#
      ],
      fix: #"""
        name properties only (`body.subtitle`); to forward to a method, map a method of the required protocol to a method of the provided one.
        """#
    ),
    DiagnosticExplanation(
      .effectsMismatch,
      description: #"""
        Mapped methods disagree on `throws` or `async`. A required method that does not throw cannot forward to one that throws (the error would have nowhere to go); `async` must be the same on both sides.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredSync: |
                func save()
              ProvidedSync: |
                func store() throws
            modules:
              Sync:
                kind: service
                provides: [ProvidedSync]
              Notes:
                kind: view
                requires: [RequiredSync]
                routes: [/notes]
            adapters:
              - adapt: RequiredSync
                to: ProvidedSync
                map:
                  save: store

            """#)
      ],
      output: [
        #"""
        example.yaml:19:13: error: 'RequiredSync.save()' does not throw, but 'ProvidedSync.store()' throws; mark 'RequiredSync.save()' 'throws' or map a method that does not throw [RC0609]
        """#,
        #"example.yaml:4:10: note: 'save()' is declared here"#,
        #"example.yaml:6:10: note: 'store()' is declared here"#,
      ],
      fix: #"""
        mark the required method `throws` (here, `func save() throws`), or map a method that does not throw.
        """#
    ),
    DiagnosticExplanation(
      .signatureMismatch,
      description: #"""
        Mapped methods take different numbers of arguments. Arguments are forwarded position by position, so the counts must agree (labels may differ; types are checked by RC0604).
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredSync: |
                func push(id: Int, force: Bool)
              ProvidedSync: |
                func send(id: Int)
            modules:
              Sync:
                kind: service
                provides: [ProvidedSync]
              Notes:
                kind: view
                requires: [RequiredSync]
                routes: [/notes]
            adapters:
              - adapt: RequiredSync
                to: ProvidedSync
                map:
                  push: send

            """#)
      ],
      output: [
        #"""
        example.yaml:19:13: error: 'RequiredSync.push(id:force:)' takes 2 arguments but 'ProvidedSync.send(id:)' takes 1; mapped methods take the same arguments in the same order (labels may differ) [RC0610]
        """#,
        #"example.yaml:4:10: note: 'push(id:force:)' is declared here"#,
        #"example.yaml:6:10: note: 'send(id:)' is declared here"#,
      ],
      fix: #"""
        map a method with the same number of arguments, or change one of the declarations.
        """#
    ),
    DiagnosticExplanation(
      .duplicateMapping,
      description: #"""
        A member is mapped more than once in one adapter, also when written once by base name and once by full name (`finish` and `finish(user:)`). In an adapter used in reverse (a delegate handed back), two members mapped to the same provided member are reported too: a call to that provided member could not pick one.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              RequiredAuth: |
                func finish(user: String)
              ProvidedAuth: |
                func didLogin(account: String)
                func didSignIn(account: String)
            modules:
              Auth:
                kind: service
                provides: [ProvidedAuth]
              Notes:
                kind: view
                requires: [RequiredAuth]
                routes: [/notes]
            adapters:
              - adapt: RequiredAuth
                to: ProvidedAuth
                map:
                  finish: didLogin
                  finish(user:): didSignIn

            """#)
      ],
      output: [
        #"""
        example.yaml:21:7: error: 'RequiredAuth.finish(user:)' is mapped twice; keep one entry [RC0611]
        """#,
        #"example.yaml:20:7: note: first mapped here"#,
      ],
      fix: #"keep one entry."#
    ),
    DiagnosticExplanation(
      .selfAdapter,
      description: #"""
        An adapter's `adapt` and `to` name the same protocol. A protocol needs no adapter to itself: a module that provides it satisfies the requirement directly.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            protocols:
              LoginInput: |
                var message: String? { get set }
            modules:
              Login:
                kind: view
                provides: [LoginInput]
                routes: [/login]
            adapters:
              - adapt: LoginInput
                to: LoginInput

            """#)
      ],
      output: [
        #"""
        example.yaml:12:9: error: this adapter adapts 'LoginInput' to itself; a protocol needs no adapter to itself: remove the adapter [RC0612]
        """#
      ],
      fix: #"remove the adapter."#
    ),
  ]
}
