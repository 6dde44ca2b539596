#ifndef ROOST_MALLOC_ARENAS_H
#define ROOST_MALLOC_ARENAS_H

/// Caps the arenas glibc's malloc keeps at `per_core` for each online core, unless the
/// environment's MALLOC_ARENA_MAX already says how many. Returns 1 when the cap was set and 0
/// otherwise (another C library, or the environment decides).
int roost_cap_malloc_arenas(int per_core);

#endif
