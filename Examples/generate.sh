#!/usr/bin/env bash
# Writes the examples' generated sources from manifests/NoteApp.yaml:
# - Examples/NoteApp: one interface per module (`--module`) and the app's wiring (`--interfaces`);
# - Examples/DynamicNoteApp: the generated code with its dynamic-runtime registration (`--dynamic`).
# Run it after changing the manifest or routecfg; CI runs it and checks that nothing changes.
#
#   ROUTECFG=path/to/routecfg Examples/generate.sh     # default: the repository's debug build
set -euo pipefail
cd "$(dirname "$0")"
routecfg=${ROUTECFG:-../.build/debug/routecfg}
manifest=../manifests/NoteApp.yaml
for module in Login NoteList NoteDetail NoteEditor NoteStore; do
  "$routecfg" generate "$manifest" --module "$module" --access public \
    --output "NoteApp/Sources/${module}Interface" --quiet
done
"$routecfg" generate "$manifest" --interfaces '*Interface' --access public --output NoteApp/Sources/NoteAppWiring --quiet
"$routecfg" generate "$manifest" --dynamic --access public --output DynamicNoteApp/NoteAppExample/Generated --quiet
