// Explanations of the Routes (RC08xx) codes: the source of `routecfg explain` and of
// their sections in Docs/Diagnostics.md (DocumentationTests keeps the page equal to them).

extension DiagnosticExplanation {
  /// Routes (RC08xx).
  static let routes: [DiagnosticExplanation] = [
    DiagnosticExplanation(
      .invalidRoutePattern,
      description: #"""
        A route pattern is malformed: it does not start with `/`, has an empty segment (`//`), a `.` or `..` segment, a `%` escape, a character that is not an unreserved URL character (letters, digits, `-._~`, or non-ASCII text), or a `:` or `*` without a name.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                routes: [notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:5:14: error: route patterns start with '/'; write '/notes' [RC0801]
        """#
      ],
      fix: #"""
        write the pattern as the message shows. Literals are plain text (`/café`), parameters are `:name`, a catch-all is `*name`.
        """#
    ),
    DiagnosticExplanation(
      .unknownRouteParameter,
      description: #"""
        A `:name` or `*name` segment names a parameter that the module does not declare under `parameters`. The message suggests the declared parameter that was probably meant, or how to declare it.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Profile:
                kind: view
                parameters:
                  userId: Int
                  tab: String?
                routes: ["/users/:userId/:tabb"]

            """#)
      ],
      output: [
        #"""
        example.yaml:8:30: error: route '/users/:userId/:tabb' names parameter 'tabb', which module 'Profile' does not declare; did you mean 'tab'? [RC0802]
        """#
      ],
      fix: #"use the suggested name, or declare the parameter (`tabb: String?`)."#
    ),
    DiagnosticExplanation(
      .repeatedRouteParameter,
      description: #"""
        A route names one parameter in two segments. Each parameter binds exactly one segment.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Profile:
                kind: view
                parameters:
                  userId: Int
                routes: ["/users/:userId/:userId"]

            """#)
      ],
      output: [
        #"""
        example.yaml:7:30: error: route '/users/:userId/:userId' names parameter 'userId' twice; each parameter binds one segment: rename or remove one [RC0803]
        """#
      ],
      fix: #"rename one segment to another declared parameter, or make it a literal."#
    ),
    DiagnosticExplanation(
      .unroutableParameterType,
      description: #"""
        A route binds a parameter whose type a URL segment cannot carry. Route parameters are `Int`, `Double`, `Bool` or `String`, optional or not; arrays, dictionaries, protocols and other types can only be passed by the caller.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Search:
                kind: view
                parameters:
                  tags: "[String]"
                routes: ["/search/:tags"]

            """#)
      ],
      output: [
        #"""
        example.yaml:7:23: error: parameter 'tags' has type '[String]', which a URL segment cannot carry; route parameters are Int, Double, Bool or String (optional or not): bind another parameter or change its type [RC0804]
        """#,
        #"example.yaml:6:7: note: 'tags' is declared here"#,
      ],
      remarks: [
        #"""
        A bare name the manifest declares as a protocol is that protocol, here too: with a protocol named `String` (or `Int`, `Double`, `Bool`), a parameter of type `String` is the protocol ("parameter 's' has type 'String', and 'String' is a protocol this manifest declares, whose values a URL segment cannot carry; for Swift's type write 'Swift.String', or rename the protocol"). Optional parameters of such a type are not read from the query either.
        """#
      ],
      fix: #"""
        bind a parameter of a routable type, or change the parameter's type (`tags: String` and split it yourself).
        """#
    ),
    DiagnosticExplanation(
      .unboundParameter,
      description: #"""
        A route leaves a non-optional parameter of its module unbound. Every route must bind every non-optional parameter, because a URL is the only input when the route is opened; optional parameters may come from the query string.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              NoteDetail:
                kind: view
                parameters:
                  noteId: Int
                routes: [/notes/latest]

            """#)
      ],
      output: [
        #"""
        example.yaml:7:14: error: route '/notes/latest' does not bind 'noteId: Int' of module 'NoteDetail', which is not optional; add ':noteId' to the route or make it optional [RC0805]
        """#,
        #"example.yaml:6:7: note: 'noteId' is declared here"#,
      ],
      fix: #"""
        add `:noteId` to the route, or make the parameter optional (`noteId: Int?`) and let the module handle its absence.
        """#
    ),
    DiagnosticExplanation(
      .catchAllNotLast,
      description: #"""
        A catch-all segment (`*name`) is not the last segment. A catch-all matches the rest of the path, so nothing can follow it.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Files:
                kind: view
                parameters:
                  path: String
                routes: ["/files/*path/raw"]

            """#)
      ],
      output: [
        #"""
        example.yaml:7:22: error: the catch-all '*path' must be the last segment; move it to the end, or write ':path' to match one segment [RC0806]
        """#
      ],
      fix: #"""
        move the catch-all to the end (`/files/raw/*path`), or write `:path` to match one segment.
        """#
    ),
    DiagnosticExplanation(
      .routeConflict,
      description: #"""
        Two routes have the same shape: the same literals and the same parameter types at the same places, so one URL would match both and nothing decides which wins. Parameter names and optionality do not change a shape (`Int` and `Int?` conflict); a trailing slash is ignored. The conflict is reported at both routes, each with a note at the other; when three or more routes share a shape, each is reported once, its message counting the others and its notes pointing at them.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              NoteById:
                kind: view
                parameters: {id: Int}
                routes: ["/notes/:id"]
              NoteByNumber:
                kind: view
                parameters: {number: Int?}
                routes: ["/notes/:number"]

            """#)
      ],
      output: [
        #"""
        example.yaml:6:15: error: route '/notes/:id' of module 'NoteById' has the same shape (/notes/{Int}) as '/notes/:number' of module 'NoteByNumber'; one URL would match both: change the literals or the parameter types of one of them [RC0807]
        """#,
        #"""
        example.yaml:10:15: note: '/notes/:number' of module 'NoteByNumber' has the same shape
        """#,
        #"""
        example.yaml:10:15: error: route '/notes/:number' of module 'NoteByNumber' has the same shape (/notes/{Int}) as '/notes/:id' of module 'NoteById'; one URL would match both: change the literals or the parameter types of one of them [RC0807]
        """#,
        #"example.yaml:6:15: note: '/notes/:id' of module 'NoteById' has the same shape"#,
      ],
      remarks: [
        #"""
        Routes of different shapes do not conflict: `/notes/new` beats `/notes/:id`, and an `Int` parameter beats a `String` one.
        """#
      ],
      fix: #"""
        change the literals of one route (`/notes/by-number/:number`), change a parameter type, or remove one route.
        """#
    ),
    DiagnosticExplanation(
      .fallbackWithParameters,
      description: #"""
        The `fallback` module has non-optional parameters. A URL that matches no route goes to the fallback and supplies nothing, so its parameters must be optional. Notes point at each non-optional parameter.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            fallback: NotFound
            modules:
              Notes:
                kind: view
                routes: [/notes]
              NotFound:
                kind: view
                parameters:
                  url: String

            """#)
      ],
      output: [
        #"""
        example.yaml:2:11: error: fallback module 'NotFound' has non-optional parameters ('url'); a URL that matches no route cannot supply them: make them optional or choose another fallback [RC0808]
        """#,
        #"example.yaml:10:7: note: 'url' is declared here"#,
      ],
      fix: #"make the parameters optional (`url: String?`), or choose another fallback module."#
    ),
    DiagnosticExplanation(
      .duplicateRoute,
      description: #"""
        A module lists the same route twice: the same text, compared as Swift compares strings (so `/é` written precomposed and decomposed, `"/\u00e9"` and `"/e\u0301"`, is one route listed twice). The repeat is reported whether or not the route is valid; a problem of the route itself (RC0801–RC0806) is reported once, at its first listing. The same pattern in two modules, or two spellings of one pattern (`/notes` and `/notes/`, a trailing slash being ignored) in one module, is RC0807, reported at both.
        """#,
      files: [
        .init(
          name: #"example.yaml"#,
          text: #"""
            routecfg: 1
            modules:
              Notes:
                kind: view
                routes: [/notes, /notes]

            """#)
      ],
      output: [
        #"""
        example.yaml:5:22: error: module 'Notes' lists route '/notes' twice; remove this one [RC0809]
        """#,
        #"example.yaml:5:14: note: first listed here"#,
      ],
      fix: #"remove the repeated route."#
    ),
  ]
}
