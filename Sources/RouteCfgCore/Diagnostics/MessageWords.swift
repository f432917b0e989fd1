/// Words that messages put around code names.
package enum MessageWords {
  /// `name` in single quotes after the indefinite article it is read with: `an 'Int'`,
  /// `an 'any Editor'`, `a 'String'`, `a '[Int]'`. Names starting with `U` take `a`, as the
  /// common ones are read from "you" (`a 'URL'`, `a 'UInt'`, `a 'UUID'`), but for `Un`
  /// (`an 'UnsafePointer<Int>'`, `an 'Unmanaged<T>'`).
  package static func aQuoted(_ name: some CustomStringConvertible) -> String {
    let text = name.description
    let startsWithVowelSound =
      text.utf8.first.map { "AEIOaeio".utf8.contains($0) } ?? false || text.hasPrefix("Un")
      || text.hasPrefix("un")
    return (startsWithVowelSound ? "an '" : "a '") + text + "'"
  }

  /// A count and its noun, plural but for one: `1 member`, `2 members`, `0 errors`.
  package static func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Names in single quotes, separated by commas: `'A', 'B', 'C'`; past `limit`, the first
  /// `limit` and how many more (`'A', 'B' and 3 more`).
  package static func quotedList<Names: Collection<String>>(_ names: Names, limit: Int = 5) -> String {
    let shown = names.prefix(limit).map { "'\($0)'" }.joined(separator: ", ")
    return names.count > limit ? shown + " and \(names.count - limit) more" : shown
  }

  /// Names in single quotes, separated by commas, every one that fits in `characters`
  /// characters (Unicode scalars, as ``DiagnosticBag`` counts a message's length; the first
  /// name always), then how many more: a message that lists "all" of something stays whole for
  /// any real manifest and bounded for a hostile one.
  package static func quotedList<Names: Collection<String>>(_ names: Names, withinCharacters characters: Int)
    -> String
  {
    var shown = ""
    var length = 0
    var count = 0
    for name in names {
      let addition = (count == 0 ? 0 : 2) + name.unicodeScalars.count + 2
      if count > 0, length + addition > characters { break }
      if count > 0 { shown += ", " }
      shown += "'" + name + "'"
      length += addition
      count += 1
    }
    return count < names.count ? shown + " and \(names.count - count) more" : shown
  }

  /// What a message that lists names of something may spend on the list.
  package static let listCharacters = 1_000
}
