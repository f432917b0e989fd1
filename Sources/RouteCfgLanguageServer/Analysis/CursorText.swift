import RouteCfgCore

/// What the cursor analysis reads of a document: its text with what comes before the root's
/// content on its first line blanked out, a byte-order mark and a `---` followed by content
/// (`--- {routecfg: 1, ...}`), so that the root reads as a line's content does, and its tabs as
/// spaces (YAML's white space between tokens, which the analysis reads as spaces alone: a tab
/// in a manifest written as JSON is as good as a space; one in a block's indentation is an error
/// either way, RC0106). Each byte becomes a space, so offsets and lines stay those of the document.
enum CursorText {
  static func masked(_ text: [UInt8]) -> [UInt8] {
    let bom = SourceText.utf8ByteOrderMark
    var masked: [UInt8]? = text.contains(0x09) ? text.map { $0 == 0x09 ? 0x20 : $0 } : nil
    var position = 0
    if text.starts(with: bom) {
      if masked == nil { masked = text }
      for index in 0..<bom.count { masked?[index] = 0x20 }
      position = bom.count
    }
    // The first line that is not blank, a comment or a directive: a `---` with content after
    // it starts the root there.
    while position < text.count {
      var end = position
      while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
      let line = text[position..<end]
      let first = line.first { $0 != 0x20 && $0 != 0x09 }
      if let first, first != 0x23, first != 0x25 {
        let rest = LineShape.afterDocumentStart(line)
        if rest.startIndex > line.startIndex, rest.first != 0x23 {
          if masked == nil { masked = text }
          // The marker and the spaces or tabs after it.
          for index in line.startIndex..<rest.startIndex { masked?[index] = 0x20 }
        }
        break
      }
      position = end + 1
    }
    return masked ?? text
  }
}
