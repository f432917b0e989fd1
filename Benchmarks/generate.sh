#!/usr/bin/env bash
# Writes the benchmark package's generated sources: the NoteApp's generated code (the generated
# proxy rows) and a 1,000-module registry with the function that builds it (the generated
# registry row). Run it after changing routecfg; CI runs it and checks that nothing changes.
#
#   ROUTECFG=path/to/routecfg Benchmarks/generate.sh     # default: the repository's debug build
set -euo pipefail
cd "$(dirname "$0")"
routecfg=${ROUTECFG:-../.build/debug/routecfg}
"$routecfg" generate ../manifests/NoteApp.yaml --access public --output Sources/GeneratedNoteApp --quiet
"$routecfg" generate Manifests/Wide.yaml --access public --output Sources/GeneratedWide/Generated --quiet
count=$(grep -c '^  M[0-9]*:' Manifests/Wide.yaml)
{
  echo "// Builds the generated WideRegistry with a factory per module; written by Benchmarks/generate.sh."
  echo
  echo "/// The object every module of the wide manifest makes."
  echo "public final class WideModule: Sendable {}"
  echo
  echo "/// A registry of \`$count\` modules, built with its generated initializer."
  echo "public func makeWideRegistry() -> WideRegistry {"
  echo "  WideRegistry("
  for ((index = 0; index < count; index++)); do
    separator=","
    if [ "$index" -eq $((count - 1)) ]; then separator=""; fi
    echo "    m$index: { WideModule() }$separator"
  done
  echo "  )"
  echo "}"
} > Sources/GeneratedWide/MakeWideRegistry.swift
