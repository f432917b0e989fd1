import RouteCfgCore
import RouteCfgRuntime

/// Loads a manifest for a test and checks its wiring: every route resolves, every requirement is
/// satisfied in every configuration, values written through a required protocol arrive at the
/// provided member. Modules are stood in for by ``RecordingMock``s.
///
/// ```swift
/// let harness = try ManifestHarness(path: "manifests/NoteApp.yaml")
/// try harness.everyRouteResolves().require()
/// try harness.everyRequirementIsSatisfied().require()
/// try harness.value("Hello", writtenTo: "message", of: "ModuleARequiredLoginViewInput",
///                   arrivesAt: "notifyString").require()
/// ```
public struct ManifestHarness: Sendable {
  /// The validated model.
  public let graph: AppGraph
  /// Every diagnostic, warnings included.
  public let diagnostics: [Diagnostic]
  /// The manifest's files, for the places failures name.
  private let files: SourceFileTable
  /// The members the manifest declares, which the mocks check the names they are given against.
  private let members: ManifestMembers

  /// Loads and validates a manifest file; throws a report listing its errors when it has any.
  public init(path: String) throws(HarnessReport) {
    let result: ValidationResult
    do {
      result = try RouteCfg.validate(path: path)
    } catch {
      throw HarnessReport(check: "loading \(path)", failures: [error.description])
    }
    try self.init(result, name: path)
  }

  /// Loads and validates manifest text; `path` names it in diagnostics and anchors its includes.
  public init(yaml: String, path: String = "manifest.yaml") throws(HarnessReport) {
    let result: ValidationResult
    do {
      result = try RouteCfg.validate(yaml: yaml, path: path)
    } catch {
      throw HarnessReport(check: "loading \(path)", failures: [error.description])
    }
    try self.init(result, name: path)
  }

  private init(_ result: ValidationResult, name: String) throws(HarnessReport) {
    guard let graph = result.graph else {
      // One failure per error, its notes on the lines after it; warnings do not fail a load.
      let report = result.report
      var failures = report.diagnostics.filter { $0.severity == .error }.map { error in
        TextFormatter.format(DiagnosticReport(files: report.files, diagnostics: [error]))
          .split(separator: "\n").joined(separator: "\n    ")
      }
      if report.omitted.errors > 0 || failures.isEmpty {
        // Errors past the listing bound are counted, so that the report never reads as passed.
        failures.append(
          "\(name): " + TextFormatter.summary(errors: report.errorCount, warnings: report.warningCount))
      }
      throw HarnessReport(check: "loading \(name)", failures: failures)
    }
    self.graph = graph
    self.diagnostics = result.diagnostics
    self.files = result.manifest.files
    self.members = ManifestMembers(graph: graph)
  }

  /// `manifests/NoteApp.yaml:40:14`: where a failure's subject is written, as diagnostics name it.
  private func place(_ location: SourceLocation) -> String {
    TextFormatter.place(files.path(of: location.file), location)
  }

  /// A registry of recording mocks for every module; `customize` may replace some with real ones.
  @MainActor
  public func mockRegistry(
    variant: String? = nil, customize: (inout Registrations) -> Void = { _ in }
  ) throws -> MockRegistry {
    try MockRegistry(graph: graph, members: members, variant: variant, customize: customize)
  }

  /// Resolves a sample URL for every route (`/notes/:noteId` → `/notes/1`) and checks it reaches
  /// that route's module and pattern; when a more specific route takes the sample (`/notes/1`
  /// beside `/notes/:noteId`), other samples are tried (`/notes/7919`, ...).
  public func everyRouteResolves() -> HarnessReport {
    let router = RouteTable(graph: graph)
    // A catch-all with more segments than any other route has reaches past every route that
    // takes a fixed number of them (`/files/:a/:b/:c` beside `/files/*rest`).
    let longest = graph.routes.map(\.pattern.segments.count).max() ?? 0
    var failures: [String] = []
    for route in graph.routes {
      let module = graph.modules[route.module]
      func reachesRoute(_ url: String) -> Bool {
        guard case .matched(let match) = router.resolve(url) else { return false }
        return match.module == route.module && match.pattern.text == route.pattern.text
      }
      // A more specific route may take one sample; the route resolves when any sample reaches it.
      if (0..<SampleURL.attempts).contains(where: {
        reachesRoute(SampleURL.path(for: route.pattern, module: module, attempt: $0))
      }) {
        continue
      }
      let restSegments = longest - route.pattern.segments.count + 2
      if route.pattern.catchAllName != nil,
        longest + 1 <= URLPath.maximumSegments,
        reachesRoute(SampleURL.path(for: route.pattern, module: module, restSegments: restSegments))
      {
        continue
      }
      let url = SampleURL.path(for: route.pattern, module: module)
      let written = place(route.location)
      switch router.resolve(url) {
      case .matched(let match) where match.module == route.module && match.pattern.text == route.pattern.text:
        continue
      case .matched(let match):
        failures.append(
          "\(written): route '\(route.pattern.text)' of \(route.module): '\(url)' reaches \(match.module) via "
            + "'\(match.pattern.text)'"
        )
      case .fallback(let module):
        failures.append(
          "\(written): route '\(route.pattern.text)' of \(route.module): '\(url)' reaches the fallback \(module)"
        )
      case .unmatched(let reason), .notRouted(let reason):
        failures.append(
          "\(written): route '\(route.pattern.text)' of \(route.module): '\(url)' reaches nothing (\(reason))"
        )
      }
    }
    return HarnessReport(check: "every route resolves", failures: failures)
  }

  /// Checks that every `requires` entry has exactly one provider in the base configuration and in
  /// every variant.
  public func everyRequirementIsSatisfied() -> HarnessReport {
    var failures: [String] = []
    for variant in [nil] + graph.variantNames.map(Optional.some) {
      guard let resolution = graph.resolution(variant: variant) else { continue }
      let configuration = variant.map { "variant '\($0)'" } ?? "the base configuration"
      for name in graph.moduleNames {
        for required in graph.modules[name]?.requires ?? [] where resolution.provider(of: required) == nil {
          failures.append("in \(configuration), '\(required)' required by \(name) has no provider")
        }
      }
    }
    return HarnessReport(check: "every requirement is satisfied", failures: failures)
  }

  /// Writes `value` to a member of a required protocol on a mock registry and checks that the
  /// provider's mock received it as `providedMember` (`message` → `notifyString`), or, for a
  /// key-path target (`header.title`), that the object the provider holds at `header` received
  /// it as `title`.
  ///
  /// The provider is made with sample values for its non-optional parameters of URL types
  /// (`Int`, `Double`, `Bool`, `String`); `parameters` gives others (`["tags": ["a"]]`) and
  /// replaces samples. `customize` adds to the mock registry's registrations, as in
  /// ``mockRegistry(variant:customize:)``: the app's type aliases (`typeAlias("NoteID", for:
  /// Int.self)`), for a parameter or member declared with one.
  @MainActor
  public func value(
    _ value: any Sendable, writtenTo requiredMember: String, of requiredProtocol: String,
    arrivesAt providedMember: String, variant: String? = nil, parameters: [String: any Sendable] = [:],
    customize: (inout Registrations) -> Void = { _ in }
  ) -> HarnessReport {
    let check = "'\(requiredProtocol).\(requiredMember)' arrives at '\(providedMember)'"
    let provider = destination(of: requiredProtocol, variant: variant)
    let unfilled = (provider?.parameters ?? []).filter {
      !$0.isOptional && $0.routeType == nil && parameters[$0.name] == nil
    }
    if let provider, !unfilled.isEmpty {
      let names = unfilled.map { "'\($0.name)' (\($0.type))" }.joined(separator: ", ")
      return HarnessReport(
        check: check,
        failures: [
          "module '\(provider.name)' needs \(names), which no sample fills: pass a value with "
            + "'parameters: [\"\(unfilled[0].name)\": ...]'"
        ])
    }
    if let problem = pathProblem(
      requiredMember, of: requiredProtocol, arrivesAt: providedMember, variant: variant)
    {
      return HarnessReport(check: check, failures: [problem])
    }
    do {
      let mocks = try mockRegistry(variant: variant, customize: customize)
      let destination = try mocks.registry.destination(
        for: requiredProtocol,
        parameters: Self.samples(for: provider).merging(parameters) { _, given in given })
      guard let providerMock = mocks.mock(destination.module) else {
        return HarnessReport(check: check, failures: ["no mock was made for \(destination.module)"])
      }
      // A key path (`header.title`) reaches a property of an object the provider holds: each
      // step holds a mock of its own, as the module would hold a real object there.
      var steps = providedMember.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard let last = steps.popLast(), !last.isEmpty, !steps.contains(where: \.isEmpty) else {
        return HarnessReport(check: check, failures: ["'\(providedMember)' names no member"])
      }
      var mock = providerMock
      var holder = destination.module
      for step in steps {
        holder += "." + step
        let nested = RecordingMock(module: holder)
        // Each step is a property the adapter's key path reads (checked above).
        try mock.preset(step, nested)
        mock = nested
      }
      try destination.set(requiredMember, to: value)
      let expected = RecordingMock.Record.set(last, RecordingMock.text(value))
      guard mock.records.contains(expected) else {
        let seen = mock.records.map(\.description).joined(separator: "; ")
        return HarnessReport(
          check: check, failures: ["\(holder) received \(seen.isEmpty ? "nothing" : seen)"])
      }
      return HarnessReport(check: check, failures: [])
    } catch {
      // At the required member's declaration (the protocol's, for a member it lacks).
      let declared = graph.protocols[requiredProtocol].map { info in
        info.members.first { $0.fullName == requiredMember || $0.name == requiredMember }?.location
          ?? info.location
      }
      let failure = (declared.map { place($0) + ": " } ?? "") + String(describing: error)
      return HarnessReport(check: check, failures: [failure])
    }
  }

  /// Why `providedMember` is not where the manifest sends `requiredMember`: it names no member
  /// of the provided protocol (with the closest one), or the adapter's map sends the member
  /// elsewhere (`caption` reaches `header.title`, not `itemCount`). `nil` when it is, or when the
  /// write itself will say what is wrong (an unknown required member, nothing that provides it).
  private func pathProblem(
    _ requiredMember: String, of requiredProtocol: String, arrivesAt providedMember: String, variant: String?
  ) -> String? {
    guard let provider = graph.resolution(variant: variant)?.provider(of: requiredProtocol) else {
      return nil
    }
    let adapter = provider.adapter.map { graph.adapters[$0] }
    let providedProtocol = adapter?.to ?? requiredProtocol
    let base = MemberDecl.baseName(of: requiredMember)
    let reached: [String]
    if let adapter {
      guard let pairing = adapter.forward.first(where: { $0.memberName == base }) else {
        return nil
      }
      reached = pairing.path
    } else {
      reached = [base]
    }
    let written = providedMember.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    // An empty step is reported as naming no member, below.
    if written == reached || written.contains(where: \.isEmpty) { return nil }
    let reaches =
      "'\(requiredProtocol).\(requiredMember)' reaches '\(providedProtocol).\(reached.joined(separator: "."))'"
      + (adapter.map { " (the map of the adapter at \(place($0.location)))" } ?? "")
    // Each step names a member of the protocol the steps before it reach (`header.titel`).
    var current = graph.protocols[providedProtocol]
    for (index, step) in written.enumerated() {
      guard let info = current else { break }
      guard let member = info.member(named: step) else {
        let through = index == 0 ? "" : " (reached through '\(written[..<index].joined(separator: "."))')"
        let suggestion = closestName(to: step, among: info.members.map(\.name)).map {
          "; did you mean '\($0)'?"
        }
        return "'\(info.name)'\(through) has no member '\(step)'\(suggestion ?? ""); \(reaches)"
      }
      var type = member.property?.type
      if let wrapped = type?.unwrappedOptional { type = wrapped }
      if case .named(let name)? = type { current = graph.protocols[name] } else { current = nil }
    }
    return reaches + ", not '\(providedMember)'"
  }

  private func destination(of protocolName: String, variant: String?) -> ModuleInfo? {
    graph.resolution(variant: variant)?.provider(of: protocolName).flatMap { graph.modules[$0.module] }
  }

  /// Sample values for a module's non-optional URL parameters, so its factory can run.
  private static func samples(for module: ModuleInfo?) -> [String: any Sendable] {
    var parameters: [String: any Sendable] = [:]
    for parameter in module?.parameters ?? [] where !parameter.isOptional {
      switch parameter.routeType {
      case .int?: parameters[parameter.name] = 1
      case .double?: parameters[parameter.name] = 1.5
      case .bool?: parameters[parameter.name] = true
      case .string?: parameters[parameter.name] = "sample"
      case nil: continue
      }
    }
    return parameters
  }
}

/// Sample URLs that a route pattern should match.
///
/// A route may share its sample with a more specific route (`/notes/1` beside `/notes/:id`, or
/// `/files/:dir/:name` beside `/files/*path`), so each route has a few samples, different in
/// their values and in the catch-all's number of segments; the route resolves when one of them
/// reaches it.
enum SampleURL {
  /// How many samples a route has.
  static let attempts = 4

  private static let ints = ["1", "7919", "-3", "104729"]
  private static let doubles = ["1.5", "2.25", "-0.5", "1e3"]
  private static let bools = ["true", "false", "true", "false"]
  private static let strings = ["sample-value", "other-sample", "x9", "sample-value-4"]
  private static let rests = ["sample/rest", "sample", "sample/rest/more", "x9/y"]

  /// The sample `attempt` (from 0) of a pattern; with `restSegments`, its catch-all takes that
  /// many segments.
  static func path(
    for pattern: RoutePattern, module: ModuleInfo?, attempt: Int = 0, restSegments: Int? = nil
  ) -> String {
    if pattern.segments.isEmpty { return "/" }
    let attempt = attempt % attempts
    var path = ""
    for segment in pattern.segments {
      path += "/"
      switch segment {
      case .literal(let literal): path += literal
      case .catchAll:
        path +=
          restSegments.map { Array(repeating: "sample", count: max($0, 1)).joined(separator: "/") }
          ?? rests[attempt]
      case .parameter(let name):
        switch module?.parameters.first(where: { $0.name == name })?.routeType {
        case .int?: path += ints[attempt]
        case .double?: path += doubles[attempt]
        case .bool?: path += bools[attempt]
        default: path += strings[attempt]
        }
      }
    }
    return path
  }
}
