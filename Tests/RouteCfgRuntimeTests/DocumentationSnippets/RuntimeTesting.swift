// Docs/Runtime.md, "Testing with RouteCfgTesting": the page's test, run as one.
import RouteCfgTesting
import Testing

@Test @MainActor func noteAppIsWired() throws {
  let harness = try ManifestHarness(path: "manifests/NoteApp.yaml")  // or ManifestHarness(yaml:)
  try harness.everyRouteResolves().require()
  try harness.everyRequirementIsSatisfied().require()
  try harness.value(
    "Hi", writtenTo: "message", of: "ModuleARequiredLoginViewInput", arrivesAt: "notifyString"
  ).require()

  let mocks = try harness.mockRegistry()  // every module is a RecordingMock
  let store = try mocks.registry.destination(for: "NoteListRequiredStore")
  try mocks.mock("NoteStore")?.stub("allNoteIds()") { _ in [3, 4] }
  let ids = try store.call("noteIds()")  // [3, 4], from allNoteIds() through the adapter
  #expect(ids as? [Int] == [3, 4])
  #expect(mocks.mock("NoteStore")?.records == [.call("allNoteIds()", [])])
}
