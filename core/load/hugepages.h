// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace profscope {

// Where the system offers transparent huge pages on request only (Linux,
// /sys/kernel/mm/transparent_hugepage/enabled set to "madvise", Debian's
// default), glibc's malloc asks for them only when the tunable
// glibc.malloc.hugetlb=1 is set, and glibc reads its tunables once, at
// start: so the program starts itself again with it (execv, the same
// arguments and environment). A load first-touches its model's pages once
// each, and a fault on a 4 KiB page is the larger part of that cost on a
// virtual machine; with 2 MiB pages the 512 MiB trace of profscope-bench
// parses about a fifth faster (README, "Huge pages").
//
// Does nothing when PROFSCOPE_HUGE_PAGES=0, when GLIBC_TUNABLES already
// names glibc.malloc.hugetlb (the user's choice, or this program's own
// second start), under AddressSanitizer (its allocator replaces glibc's),
// or where the system gives huge pages to everyone ("always") or to no one.
// Returns only when it did not start the program again. Call first in
// main(), before anything reads argv.
void restartWithHugePages(char** argv);

// Whether the restart above applies to this process's environment and
// system (the benchmarks set the tunable for their children instead).
bool hugePagesOnRequest();

// The GLIBC_TUNABLES value that adds glibc.malloc.hugetlb=1 to `current`.
const char* hugePageTunables(const char* current);

// glibc's malloc set for a loader's pattern (mallopt; no restart needed):
// requests up to 32 MiB are served from the heap rather than each mapped and
// unmapped by the system, and a heap grows, and is trimmed back, with 32 MiB
// to spare. With the defaults, parse buffers and column growth of a few
// hundred KiB to a few MiB were first-touched anew after every free: a
// 1024-rank cluster spent 15 % of its load in page faults and 12 % in
// malloc's heap growth and trimming (README, "The allocator"). Does nothing when
// PROFSCOPE_MALLOC_TUNING=0 (the benchmarks' baseline), under
// AddressSanitizer, or without glibc. Returns whether it applied the
// settings. Call at the start of main(), before threads start.
bool tuneAllocator();

// The settings tuneAllocator applies, for the benchmarks' and tests' report.
constexpr long kMallocMmapThresholdBytes = 32L << 20;
constexpr long kMallocTopPadBytes = 32L << 20;

} // namespace profscope
