#!/usr/bin/env bash
# Fails when the unsafe surface grows past its budget. Counts (code lines only, comments left out)
# the fields that skip Swift's dynamic exclusivity check in all of Sources (`@exclusivity(unchecked)`,
# at most 18, none on a public property) and, in Sources/ResponderKit, the other unsafe
# constructs (unsafe pointers, `unsafeBitCast`, `Unmanaged`, `unowned(unsafe)`, `nonisolated(unsafe)`, raw
# memory binding). A new one needs a measurement that it pays (see the DocC article "Unsafe surface") and
# a raised budget here in the same commit.
set -euo pipefail
cd "$(dirname "$0")/.."
core=Sources/ResponderKit

# The core's code lines matching an extended regex (comment lines left out).
# The second argument names another folder (the exclusivity budget covers all of Sources).
code_lines() { grep -rEn --include='*.swift' "$1" "${2:-$core}" | grep -Ev '^[^:]+:[0-9]+:[[:space:]]*//' || true; }

status=0
check() {  # name, regex, budget[, folder]
  local n
  n=$(code_lines "$2" "${4:-}" | { grep -Eo "$2" || true; } | wc -l | tr -d ' ')
  if [ "$n" -gt "$3" ]; then
    echo "check-unsafe-budget: $1: $n, budget $3" >&2
    code_lines "$2" "${4:-}" >&2
    status=1
  else
    echo "check-unsafe-budget: $1: $n (budget $3)"
  fi
}

check '@exclusivity(unchecked) fields in Sources' '@exclusivity\(unchecked\)' 18 Sources
check 'unsafe pointer types' 'Unsafe(Mutable)?(Raw)?(Buffer)?Pointer' 41
check 'unsafeBitCast' 'unsafeBitCast' 0
check 'Unmanaged' 'Unmanaged' 10
check 'unowned(unsafe)' 'unowned\(unsafe\)' 10
check 'nonisolated(unsafe)' 'nonisolated\(unsafe\)' 1
check 'raw memory binding' 'assumingMemoryBound|bindMemory|withUnsafe[A-Za-z]*' 4

public_unchecked=$(code_lines '@exclusivity\(unchecked\)' Sources | grep -E '(^|[[:space:]])(public|open)[[:space:]]' || true)
if [ -n "$public_unchecked" ]; then
  echo "check-unsafe-budget: @exclusivity(unchecked) on a public property (an overlapping access from app code would be undefined behaviour, not a trap):" >&2
  echo "$public_unchecked" >&2
  status=1
fi
exit $status
