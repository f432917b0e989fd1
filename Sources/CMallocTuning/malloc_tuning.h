#ifndef ROUTECFG_MALLOC_TUNING_H
#define ROUTECFG_MALLOC_TUNING_H

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Sets the C allocator up for the `routecfg` process; does nothing where there is nothing to
/// set (any C library but glibc). Call it once, first thing in `main`.
///
/// glibc serves a large allocation from its own memory mapping only while it is larger than a
/// threshold that it raises to the size of each such block freed. Once an array that outgrew its
/// storage has freed a few megabytes, every array up to that size comes from the heap, and the
/// storage the growing arrays leave behind stays in the process as holes: 8 MiB of the second
/// memory peak of `routecfg validate` on a 20,000-module manifest (Docs/Performance.md). A fixed
/// threshold of 512 KiB keeps larger blocks in mappings of their own, returned when freed.
///
/// A header-only module (inline, as `CYAML` is a module map only): a C target's object, built
/// with DWARF 5, stops valgrind 3.19 from reading the binary (the benchmark's callgrind rows).
static inline void routecfg_tune_malloc(void) {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 512 * 1024);
#endif
}

#endif
