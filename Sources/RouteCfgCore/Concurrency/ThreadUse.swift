/// Whether decoding and validation split their work over two threads (``ForkJoin``).
enum ThreadUse: Sendable {
  /// Everything on the calling thread.
  case never
  /// Split whatever the size (tests, to hold small manifests to the one-thread outcome).
  case always
  /// Split only work large enough to pay for the hand-over: waking a second thread costs tens of
  /// microseconds on an idle machine and milliseconds on a loaded one, as much as decoding and
  /// validating a manifest of a few dozen modules takes.
  case forLargeInputs

  /// Files of this many YAML nodes and more (about 90 KiB of a usual manifest) are decoded on
  /// two threads.
  static let largeDocumentNodes = 8_192
  /// Manifests with this many declarations (protocols, modules and adapters; about 70 modules
  /// of a usual manifest) and more are validated on two threads.
  static let largeManifestDeclarations = 512

  /// `true` when `document` is decoded on two threads.
  func splitsDecoding(_ document: YAMLDocument) -> Bool {
    switch self {
    case .never: false
    case .always: true
    case .forLargeInputs: document.nodeCount >= Self.largeDocumentNodes
    }
  }

  /// `true` when `manifest` is validated on two threads.
  func splitsValidation(_ manifest: Manifest) -> Bool {
    switch self {
    case .never: false
    case .always: true
    case .forLargeInputs:
      manifest.protocols.count + manifest.modules.count + manifest.adapters.count
        >= Self.largeManifestDeclarations
    }
  }
}
