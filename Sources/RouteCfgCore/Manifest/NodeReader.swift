/// Reads typed values out of a ``YAMLDocument``, reporting every shape problem (tags, nulls,
/// merge keys, a scalar where a list belongs...) once, at the node that has it.
struct NodeReader {
  let document: YAMLDocument
  var diagnostics: DiagnosticBag
  /// Names a list read by ``nameList(_:key:expected:)`` repeats, left out of it (reported).
  var repeatedNames: [Located<String>] = []

  init(document: YAMLDocument, diagnosticLimit: Int?) {
    self.document = document
    self.diagnostics = DiagnosticBag(limit: diagnosticLimit)
  }

  func location(_ id: YAMLNodeID) -> SourceLocation { document.location(of: id) }

  // MARK: Node checks

  /// Reports every explicit tag (RC0112), list or mapping written as a mapping key (RC0115) and
  /// merge key (RC0113) of the document once, at its place, wherever it is written: also inside
  /// a value no check reads (an unknown key's, or one of the wrong shape), as duplicate keys are.
  mutating func reportUnsupportedSyntax() {
    for index in document.tags.keys.sorted() { reportTag(YAMLNodeID(index: index)) }
    var reported: Set<Int32> = []
    for index in document.unusableKeys where reported.insert(index).inserted {
      let id = YAMLNodeID(index: index)
      if document.kind(of: id) != .scalar {
        diagnostics.report(
          .complexKey,
          "a mapping key must be a name, not \(Self.describe(id, in: document)); write a plain name "
            + "before ':'",
          at: document.location(of: id))
      } else {
        diagnostics.report(
          .mergeKey,
          "merge keys ('<<') are not supported in manifests; write the keys out in this mapping",
          at: location(id))
      }
    }
  }

  /// Reports the explicit tag on the node.
  private mutating func reportTag(_ id: YAMLNodeID) {
    guard let tag = document.tag(of: id) else { return }
    // The message (and the tag as written in it) is made only for a diagnostic that is listed.
    let document = document
    diagnostics.report(
      .unsupportedTag,
      "YAML tags such as '\(Self.shownTag(of: id, tag, in: document))' are not used in manifests; remove the tag "
        + "(quote the value if it must stay a string)",
      at: document.tagLocation(of: id) ?? location(id))
  }

  /// The tag as written, or, where it cannot be cut from its line, as libyaml read it (`!!str`
  /// for the standard ones).
  private static func shownTag(of id: YAMLNodeID, _ tag: String, in document: YAMLDocument) -> String {
    writtenTag(of: id, in: document) ?? (tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst(18) : tag)
  }

  /// `true` for a plain `~`, `null` or empty value.
  func isNull(_ id: YAMLNodeID) -> Bool { document.isPlainNull(id) }

  /// Reports a null value with a hint on what to write; returns `true` when the value is null.
  mutating func rejectNull(_ id: YAMLNodeID, key: @autoclosure () -> String, hint: @autoclosure () -> String)
    -> Bool
  {
    guard isNull(id) else { return false }
    diagnostics.report(.nullValue, "'\(key())' has no value; \(hint())", at: location(id))
    return true
  }

  // MARK: Shapes

  /// The entries of a mapping, or `nil` after reporting a wrong shape or a null.
  mutating func mapping(
    _ id: YAMLNodeID, key: @autoclosure () -> String, expected: @autoclosure () -> String,
    nullHint: @autoclosure () -> String
  ) -> YAMLEntries? {
    if rejectNull(id, key: key(), hint: nullHint()) { return nil }
    guard document.kind(of: id) == .mapping else {
      diagnostics.report(
        .wrongShape, "'\(key())' must be \(expected()), not \(Self.describe(id, in: document))",
        at: document.location(of: id))
      return nil
    }
    return document.entries(of: id)
  }

  /// `true` when two keys of `entries` may be one name in different Unicode characters (`é`
  /// precomposed and decomposed, `K` and KELVIN SIGN): keys the reader found the same byte for
  /// byte are reported and dropped already (RC0109), so this needs two keys, one of them not
  /// ASCII. Mappings of ASCII keys, nearly all of them, then record no keys to compare.
  func keysMayRespellOneName(_ entries: YAMLEntries) -> Bool {
    entries.count > 1 && entries.contains { document.value(of: $0.key).utf8.contains { $0 >= 0x80 } }
  }

  /// The items of a sequence, or `nil` after reporting a wrong shape or a null.
  ///
  /// - Parameter scalarIsItsItem: for a list of scalars (names, paths, route patterns): a lone
  ///   scalar written where the list belongs (`provides: P`, `include: base.yaml`) is reported
  ///   and then read as the list of it, as the hint says to write it, so that what it names is
  ///   not missing from every later check (which would report it as undeclared, unused or
  ///   unreachable). Only a single word is: text with commas or spaces, or a tag, is not read.
  mutating func list(_ id: YAMLNodeID, key: String, expected: String, scalarIsItsItem: Bool = false)
    -> YAMLChildren?
  {
    if rejectNull(id, key: key, hint: "write '\(key): []' or remove the key") { return nil }
    guard document.kind(of: id) == .sequence else {
      var message = "'\(key)' must be \(expected), not \(describe(id))"
      let isScalar = document.kind(of: id) == .scalar
      if isScalar {
        let value = document.value(of: id)
        // Text of no item (`""`, a line of spaces) is an empty list, not a list of one empty item.
        let items = value.allSatisfy(\.isWhitespace) ? "" : Self.flowItems(value)
        message += "; write it as a list: '\(key): [\(items)]'"
      }
      let fixIts = isScalar && scalarIsItsItem ? listFix(id) : []
      diagnostics.report(.wrongShape, message, at: location(id), fixIts: fixIts)
      guard scalarIsItsItem, isScalar, document.tag(of: id) == nil, Self.isOneWord(document.value(of: id))
      else {
        return nil
      }
      return YAMLChildren(only: id)
    }
    return document.items(of: id)
  }

  /// A scalar's text as the items of a flow list: text its commas separate into items (`A, B`)
  /// as those items, each as ``flowItem(_:)`` writes it, as a list written without brackets
  /// means (a name or a route pattern holds no comma); other text as one item.
  static func flowItems(_ value: String) -> String {
    let parts = value.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count > 1, parts.allSatisfy({ $0.contains { !$0.isWhitespace } }) else {
      return flowItem(value)
    }
    return parts.map { flowItem(String($0)) }.joined(separator: ", ")
  }

  /// A scalar's text as an item of a flow list: without the white space around it (a folded
  /// value ends with a line break), in double quotes when it holds what a flow list would read
  /// otherwise (`/notes/{id}`, `a, b`, `x #1`).
  static func flowItem(_ value: String) -> String {
    let trimmed = value.unicodeScalars.drop { $0.properties.isWhitespace }
    let text = String(
      String.UnicodeScalarView(trimmed.reversed().drop { $0.properties.isWhitespace }.reversed()))
    let needsQuotes =
      text.isEmpty || text.contains(where: { "[]{},#\"'&*!|>%@`".contains($0) }) || text.contains(": ")
      || text.hasPrefix("- ") || text.hasPrefix("? ")
    guard needsQuotes else { return text }
    return "\"" + TextFormatter.escapedForDoubleQuotes(text) + "\""
  }

  /// The edit the message suggests, `P` → `[P]`, for a plain scalar on one line whose text is
  /// what is written, and holds no bracket or brace that the list's brackets would end or open.
  /// None on a line with an anchor or an alias: a value reached through `*name` is placed at
  /// its anchor, where the edit would change another key.
  private func listFix(_ id: YAMLNodeID) -> [FixIt] {
    let value = document.value(of: id)
    let place = location(id)
    guard document.style(of: id) == .plain, document.tag(of: id) == nil, let end = place.end,
      end.line == place.start.line,
      Int(end.column - place.start.column) == value.unicodeScalars.count,
      !value.unicodeScalars.contains(where: { "[]{}".unicodeScalars.contains($0) }),
      !document.source.line(place.start.line).contains(where: {
        $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "*")
      })
    else { return [] }
    return [FixIt("Write '\(value)' as a list", replacing: place, with: "[\(value)]")]
  }

  /// `true` for text without commas, whitespace or line breaks: one name, path or pattern.
  private static func isOneWord(_ text: String) -> Bool {
    !text.isEmpty
      && !text.unicodeScalars.contains { $0 == "," || $0.properties.isWhitespace }
  }

  /// The text of a scalar, or `nil` after reporting a wrong shape or a null.
  mutating func string(
    _ id: YAMLNodeID, key: @autoclosure () -> String, expected: @autoclosure () -> String,
    nullHint: @autoclosure () -> String
  ) -> Located<String>? {
    if rejectNull(id, key: key(), hint: nullHint()) { return nil }
    guard document.kind(of: id) == .scalar else {
      // A lone name in brackets (`fallback: [NotFound]`) is read as the name it holds, so that
      // what depends on it is checked as it will be once the brackets are gone.
      let lone = lonePlainName(in: id)
      diagnostics.report(
        .wrongShape,
        "'\(key())' must be \(expected()), not \(Self.describe(id, in: document))"
          + (lone.map { "; write '\(key()): \($0.value)'" } ?? ""),
        at: document.location(of: id))
      return lone
    }
    return Located(document.value(of: id), at: location(id))
  }

  /// The item of a list of one non-empty scalar written without quotes, when `id` is one.
  private func lonePlainName(in id: YAMLNodeID) -> Located<String>? {
    guard document.kind(of: id) == .sequence, case let items = document.items(of: id), items.count == 1,
      let item = items.first, document.kind(of: item) == .scalar, document.style(of: item) == .plain,
      !isNull(item), !document.value(of: item).isEmpty
    else { return nil }
    return Located(document.value(of: item), at: location(item))
  }

  /// The text of one list item, or `nil` after reporting an empty item or a wrong shape.
  mutating func item(_ id: YAMLNodeID, of key: String, expected: String) -> Located<String>? {
    if isNull(id) {
      // `Null` or `null` written as a name: YAML reads it as no value unless it is quoted.
      let written = document.value(of: id)
      let message =
        switch written.count {
        case 0: "an item of '\(key)' is empty; remove it or write a value"
        // `~`, which names nothing a manifest declares.
        case 1: "an item of '\(key)' is '~', which YAML reads as no value; remove it or write a value"
        default:
          "an item of '\(key)' is '\(written)', which YAML reads as no value; write it in quotes "
            + "(\"\(written)\") to name something of that name, or remove it"
        }
      diagnostics.report(.nullValue, message, at: location(id))
      return nil
    }
    guard document.kind(of: id) == .scalar else {
      diagnostics.report(
        .wrongShape, "an item of '\(key)' must be \(expected), not \(Self.describe(id, in: document))",
        at: document.location(of: id))
      return nil
    }
    return Located(document.value(of: id), at: location(id))
  }

  /// The text of a mapping key, or `nil` for a list, a mapping or a merge key (reported apart) or a null.
  mutating func key(_ id: YAMLNodeID) -> Located<String>? {
    guard let text = keyText(id) else { return nil }
    return Located(text, at: location(id))
  }

  /// The text ``key(_:)`` reads, without its place: for keys compared with known names, which
  /// need the place only for a diagnostic (`Located(text, at: location(id))` then). Checks and
  /// reports as ``key(_:)`` does.
  mutating func keyText(_ id: YAMLNodeID) -> String? {
    // A list, a mapping or a merge key is reported by `reportUnsupportedSyntax()`.
    guard document.kind(of: id) == .scalar, !document.isPlainMergeKey(id) else { return nil }
    if isNull(id) {
      // `null:` or `~:` names nothing: YAML reads the key as no value unless it is quoted.
      let written = document.value(of: id)
      diagnostics.report(
        .nullValue,
        written.isEmpty
          ? "a mapping key is empty; write a name before ':'"
          : "a mapping key is '\(written)', which YAML reads as no value; write it in quotes "
            + "(\"\(written)\") to name something of that name, or rename it",
        at: location(id))
      return nil
    }
    return document.value(of: id)
  }

  /// `true` when a mapping has a merge key (`<<`): the keys it would merge are unknown, so a
  /// missing key is not reported on top of the merge key's own error.
  func hasMergeKey(_ entries: YAMLEntries) -> Bool {
    entries.contains { document.kind(of: $0.key) == .scalar && document.isPlainMergeKey($0.key) }
  }

  /// Reports a key that is not one of `known`, with a suggestion among those its mapping does
  /// not have yet (`knd` beside `kind` is not a misspelt `kind`), and returns that suggestion:
  /// the key its author meant. The decoder reads the value as that key's, so a misspelt key is
  /// one problem (RC0201) and not also those the meant key's absence would cause. A second
  /// misspelling of a key already read this way in the mapping is reported and left out.
  mutating func readUnknownKey(
    _ key: Located<String>, in context: @autoclosure () -> String, known: [String], of entries: YAMLEntries,
    misspelt: inout MisspeltKeys
  ) -> String? {
    let meant = misspelt.meaning(of: key.value, known: known, present: entries, in: document)
    diagnostics.report(
      .unknownKey,
      "unknown key '\(key.value)' in \(context())"
        + (meant.map(NameSuggester.didYouMean)
          ?? "; \(context()) takes \(known.map { "'\($0)'" }.joined(separator: ", "))"),
      at: key.location,
      fixIts: meant.flatMap { FixIt.rename(key.value, at: key.location, to: $0, isScalar: true) }.map { [$0] }
        ?? [])
    return meant.flatMap { misspelt.adopt($0) }
  }

  /// "a mapping", "a list", "the string 'x'" or "no value".
  func describe(_ id: YAMLNodeID) -> String { Self.describe(id, in: document) }

  /// "a mapping", "a list", "an empty value" or "the value '...'" (a static function, so that a
  /// diagnostic's lazily built message can call it while the reader reports).
  static func describe(_ id: YAMLNodeID, in document: YAMLDocument) -> String {
    let node = document[id]
    switch node.kind {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .scalar:
      if document.isPlainNull(id) { return "an empty value" }
      return "the value '\(TextFormatter.brief(node.value, limit: 40))'"
    }
  }

  // MARK: Names

  /// A name that is declared here and must be a Swift identifier.
  mutating func declaredName(_ key: Located<String>, what: String) -> Located<String>? {
    if let problem = SwiftIdentifier.problem(with: key.value) {
      diagnostics.report(.invalidIdentifier, "invalid \(what) name: \(problem)", at: key.location)
      return nil
    }
    return key
  }

  /// A node's tag as written (`!e!body`, `!x%20y`), which libyaml reports resolved; `nil` when
  /// it does not sit on one line.
  private static func writtenTag(of id: YAMLNodeID, in document: YAMLDocument) -> String? {
    guard let written = document.tagLocation(of: id), let end = written.end, end.line == written.start.line
    else { return nil }
    // Cut from the bytes at its columns (found from the line's nearest checkpoint), not from
    // the whole line decoded: thousands of tags on one line would decode it once each.
    let source = document.source
    let line = source.line(written.start.line)
    let from = source.byteOffset(line: written.start.line, column: written.start.column)
    let to = source.byteOffset(line: end.line, column: end.column)
    guard written.start.column >= 1, from < to, to <= line.endIndex else { return nil }
    return String(decoding: source.bytes[from..<to], as: UTF8.self)
  }

  /// A list of names that refer to declarations (`provides`, `requires`, `inherits`).
  /// Repeated entries are reported as warnings and kept once.
  mutating func nameList(_ id: YAMLNodeID, key: String, expected: String) -> [Located<String>] {
    guard let items = list(id, key: key, expected: expected, scalarIsItsItem: true) else { return [] }
    var names: [Located<String>] = []
    names.reserveCapacity(items.count)
    // A name alone in its list repeats nothing: no room is made, nothing recorded.
    let mayRepeat = items.count > 1
    var seen = FirstSeen<SourceLocation>(capacity: mayRepeat ? items.count : 0)
    // An entry an alias wrote is reported at the alias: removing the anchor would break it.
    let written = mayRepeat ? document.writtenLocations(ofItems: id) : nil
    for (position, item) in items.enumerated() {
      guard let name = self.item(item, of: key, expected: "a name") else { continue }
      let place = written?[position] ?? name.location
      if mayRepeat, let first = seen.recordOrFind(name.value, place) {
        diagnostics.report(
          .duplicateListEntry, "'\(name.value)' is listed twice in '\(key)'; remove one",
          at: place, notes: [DiagnosticNote("first listed here", at: first)])
        repeatedNames.append(name)
        continue
      }
      names.append(name)
    }
    return names
  }
}

/// The keys one mapping's unknown keys misspell
/// (``NodeReader/readUnknownKey(_:in:known:of:misspelt:)``). What a suggestion needs is built at
/// the mapping's first unknown key, once, so a mapping of many unknown keys costs time in
/// proportion to its size; a mapping without one allocates nothing.
struct MisspeltKeys {
  /// The known keys the mapping does not have, which an unknown key may misspell.
  private var suggester: NameSuggester?
  /// The keys whose misspelling has been read as them.
  private var adopted: [String] = []

  /// The key `key` misspells: its did-you-mean among the known keys the mapping (`present`)
  /// does not have.
  mutating func meaning(
    of key: String, known: [String], present entries: YAMLEntries, in document: YAMLDocument
  ) -> String? {
    if suggester == nil {
      let written = Set(entries.map { document.value(of: $0.key) })
      suggester = NameSuggester(known.filter { !written.contains($0) })
    }
    return suggester?.suggestion(for: key)
  }

  /// `true` when an unknown key of the mapping was read as `key`: a problem in its value is
  /// reported there, so the mapping is not also missing `key`.
  func wasRead(as key: String) -> Bool { adopted.contains(key) }

  /// `meant`, the first time a key of the mapping misspells it; `nil` after.
  mutating func adopt(_ meant: String) -> String? {
    guard !adopted.contains(meant) else { return nil }
    adopted.append(meant)
    return meant
  }
}
