#include "malloc_tuning.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void routecfg_tune_malloc(void) {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 512 * 1024);
#endif
}
