#!/usr/bin/env bash
# Writes the generated targets of this example from manifests/NoteApp.yaml: one interface per
# module (`--module`) and the app's wiring (`--interfaces`). Run it after changing the manifest;
# CI runs it and checks that nothing changes.
#
#   ROUTECFG=path/to/routecfg ./generate.sh     # default: the repository's debug build
set -euo pipefail
cd "$(dirname "$0")"
routecfg=${ROUTECFG:-../../.build/debug/routecfg}
manifest=../../manifests/NoteApp.yaml
for module in Login NoteList NoteDetail NoteEditor NoteStore; do
  "$routecfg" generate "$manifest" --module "$module" --access public --output "Sources/${module}Interface" --quiet
done
"$routecfg" generate "$manifest" --interfaces '*Interface' --access public --output Sources/NoteAppWiring --quiet
