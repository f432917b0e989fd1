/// Every diagnostic routecfg can report. Codes are stable once released: a code is never
/// reused for another problem. Docs/Diagnostics.md documents each one with an example.
///
/// RC01xx files and YAML, RC02xx manifest shape, RC03xx includes, RC04xx member declarations,
/// RC05xx names and references, RC06xx adapters, RC07xx resolution, RC08xx routes,
/// RC09xx warnings about unused parts, RC10xx code generation (reported by `generate`).
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable {
  // MARK: Files and YAML
  case fileUnreadable = "RC0101"
  case fileTooLarge = "RC0102"
  case invalidUTF8 = "RC0103"
  case controlCharacter = "RC0104"
  case yamlSyntax = "RC0105"
  case tabIndentation = "RC0106"
  case multipleDocuments = "RC0107"
  case rootNotMapping = "RC0108"
  case duplicateKey = "RC0109"
  case aliasBudgetExceeded = "RC0110"
  case nestingTooDeep = "RC0111"
  case unsupportedTag = "RC0112"
  case mergeKey = "RC0113"
  case undefinedAlias = "RC0114"
  case complexKey = "RC0115"

  // MARK: Manifest shape
  case unknownKey = "RC0201"
  case wrongShape = "RC0202"
  case missingKey = "RC0203"
  case unsupportedVersion = "RC0204"
  case invalidIdentifier = "RC0205"
  case nullValue = "RC0206"
  case invalidValue = "RC0207"
  case rootOnlyKey = "RC0208"

  // MARK: Includes
  case includeNotFound = "RC0301"
  case includeOutsideRoot = "RC0302"
  case includeCycle = "RC0303"
  case includedTwice = "RC0304"

  // MARK: Member declarations
  case memberSyntax = "RC0401"
  case unsupportedMemberFeature = "RC0402"
  case duplicateMember = "RC0403"
  case nearMissType = "RC0404"
  case unhashableKey = "RC0405"

  // MARK: Names and references
  case duplicateProtocol = "RC0501"
  case duplicateModule = "RC0502"
  case unknownProtocol = "RC0503"
  case unknownModule = "RC0504"
  case inheritanceCycle = "RC0505"
  case duplicateListEntry = "RC0506"
  case inheritanceTooLarge = "RC0507"

  // MARK: Adapters
  case unknownAdapterMember = "RC0601"
  case unmappedMembers = "RC0602"
  case memberKindMismatch = "RC0603"
  case incompatibleTypes = "RC0604"
  case readOnlyTarget = "RC0605"
  case missingAdapter = "RC0606"
  case duplicateAdapter = "RC0607"
  case invalidKeyPath = "RC0608"
  case effectsMismatch = "RC0609"
  case signatureMismatch = "RC0610"
  case duplicateMapping = "RC0611"
  case selfAdapter = "RC0612"

  // MARK: Resolution
  case unsatisfiedRequirement = "RC0701"
  case ambiguousRequirement = "RC0702"
  case invalidBinding = "RC0703"

  // MARK: Routes
  case invalidRoutePattern = "RC0801"
  case unknownRouteParameter = "RC0802"
  case repeatedRouteParameter = "RC0803"
  case unroutableParameterType = "RC0804"
  case unboundParameter = "RC0805"
  case catchAllNotLast = "RC0806"
  case routeConflict = "RC0807"
  case fallbackWithParameters = "RC0808"
  case duplicateRoute = "RC0809"

  // MARK: Unused parts
  case unusedProtocol = "RC0901"
  case unusedAdapter = "RC0902"
  case unreachableModule = "RC0903"

  // MARK: Code generation
  case generatedNameCollision = "RC1001"
  case sharedInterfaceProtocol = "RC1002"
  case unsendableAdapterValue = "RC1003"
  case escapingClosureMismatch = "RC1004"
  case undecidedProvider = "RC1005"
  case mainActorService = "RC1006"

  /// The severity this code is reported with (`--strict` turns warnings into errors).
  public var defaultSeverity: Severity {
    switch self {
    case .includedTwice, .nearMissType, .duplicateListEntry, .unusedProtocol, .unusedAdapter,
      .unreachableModule, .undecidedProvider, .mainActorService:
      return .warning
    default:
      return .error
    }
  }

  /// A stable PascalCase name, used as the SARIF rule name.
  public var name: String {
    let raw = String(describing: self)
    guard let first = raw.first else { return raw }
    return first.uppercased() + raw.dropFirst()
  }

  /// One line that says what the rule checks.
  public var summary: String {
    switch self {
    case .fileUnreadable: return "The file cannot be opened or read."
    case .fileTooLarge: return "The file is larger than the size limit."
    case .invalidUTF8: return "The file is not valid UTF-8."
    case .controlCharacter: return "The file holds a NUL byte or another control character."
    case .yamlSyntax: return "The YAML does not parse."
    case .tabIndentation: return "A tab is used for indentation; YAML indents with spaces."
    case .multipleDocuments: return "The file holds more than one YAML document."
    case .rootNotMapping: return "The file is empty or its root is not a mapping."
    case .duplicateKey: return "A mapping has the same key twice."
    case .aliasBudgetExceeded: return "Aliases expand to more nodes than the limit allows."
    case .nestingTooDeep: return "Collections are nested deeper than the limit allows."
    case .unsupportedTag: return "YAML tags are not used in manifests."
    case .mergeKey: return "Merge keys (<<) are not used in manifests."
    case .undefinedAlias: return "An alias refers to no anchor, or to a node that contains it."
    case .complexKey: return "A mapping key is a list or a mapping."
    case .unknownKey: return "A key is not part of the manifest format."
    case .wrongShape: return "A value has the wrong shape (a scalar, list or mapping)."
    case .missingKey: return "A required key is missing."
    case .unsupportedVersion: return "The `routecfg` format version is not 1."
    case .invalidIdentifier: return "A name is not a valid Swift identifier."
    case .nullValue: return "A key has no value, or a key or list item is null."
    case .invalidValue: return "A value is not one of the allowed ones."
    case .rootOnlyKey: return "A key that belongs to the root manifest appears in an included file."
    case .includeNotFound: return "An included file does not exist or cannot be read."
    case .includeOutsideRoot: return "An included file lies outside the root manifest's directory."
    case .includeCycle: return "Includes form a cycle."
    case .includedTwice: return "A file is included more than once."
    case .memberSyntax: return "A member declaration does not parse."
    case .unsupportedMemberFeature: return "A member uses Swift that manifests do not support."
    case .duplicateMember: return "Two members of a protocol share a name."
    case .nearMissType: return "A member type is one edit away from a declared protocol."
    case .unhashableKey: return "A dictionary is keyed by a type that cannot be Hashable."
    case .duplicateProtocol: return "A protocol is declared twice."
    case .duplicateModule: return "A module is declared twice."
    case .unknownProtocol: return "A reference names no declared protocol."
    case .unknownModule: return "A reference names no declared module."
    case .inheritanceCycle: return "Protocols inherit from each other in a cycle."
    case .duplicateListEntry: return "A list names the same thing twice."
    case .inheritanceTooLarge: return "Protocol inheritance adds up to more members than the limit."
    case .unknownAdapterMember: return "An adapter's map names a member its protocol lacks."
    case .unmappedMembers: return "Members of an adapted protocol have no counterpart."
    case .memberKindMismatch: return "An adapter maps a property to a method or the reverse."
    case .incompatibleTypes: return "An adapter maps members whose types do not fit."
    case .readOnlyTarget: return "A settable member is mapped to a read-only one."
    case .missingAdapter: return "Protocol-typed members need an adapter between their protocols."
    case .duplicateAdapter: return "Two adapters connect the same pair of protocols."
    case .invalidKeyPath: return "A key path in an adapter's map does not lead to a property."
    case .effectsMismatch: return "Mapped methods disagree on `throws` or `async`."
    case .signatureMismatch: return "Mapped methods take different numbers of arguments."
    case .duplicateMapping: return "A member is mapped more than once."
    case .selfAdapter: return "An adapter adapts a protocol to itself."
    case .unsatisfiedRequirement: return "No module provides a required protocol."
    case .ambiguousRequirement: return "Several modules provide a required protocol."
    case .invalidBinding: return "A binding names a module that cannot provide the protocol."
    case .invalidRoutePattern: return "A route pattern is malformed."
    case .unknownRouteParameter: return "A route names a parameter the module does not declare."
    case .repeatedRouteParameter: return "A route names the same parameter twice."
    case .unroutableParameterType: return "A route parameter has a type a URL segment cannot carry."
    case .unboundParameter: return "A route leaves a non-optional parameter unbound."
    case .catchAllNotLast: return "A catch-all segment is not the last segment."
    case .routeConflict: return "Two routes have the same shape."
    case .fallbackWithParameters: return "The fallback module has non-optional parameters."
    case .duplicateRoute: return "A module lists the same route twice."
    case .unusedProtocol: return "No module provides or requires the protocol and no adapter uses it."
    case .unusedAdapter: return "No requirement or member forwarding uses the adapter."
    case .unreachableModule: return "A module has no route and nothing requires what it provides."
    case .generatedNameCollision: return "Two declarations would get the same name in generated Swift."
    case .sharedInterfaceProtocol:
      return "A protocol belongs to the interfaces of two modules of a modular app."
    case .unsendableAdapterValue:
      return "An adapter would pass a value off the main actor that Swift 6 cannot send there."
    case .escapingClosureMismatch:
      return "A closure that cannot escape would reach a closure that may keep it."
    case .undecidedProvider:
      return "Several modules could answer a provided protocol, so generated code has no make method for it."
    case .mainActorService:
      return "Generated code puts a service's factory or one of its dependencies on the main actor."
    }
  }

  /// The code for its `RCxxxx` text.
  public init?(code: String) { self.init(rawValue: code) }
}
