#include "MallocArenas.h"

#include <stdlib.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int roost_cap_malloc_arenas(int per_core) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    if (getenv("MALLOC_ARENA_MAX") != NULL) {
        return 0;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return mallopt(M_ARENA_MAX, (int)(cores > 0 ? cores : 1) * per_core);
#else
    (void)per_core;
    return 0;
#endif
}
