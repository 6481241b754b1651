// SPDX-License-Identifier: Apache-2.0
#include "hugepages.h"

#include "sanitized.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__linux__)
#include <unistd.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace profscope {

namespace {

constexpr const char* kTunable = "glibc.malloc.hugetlb";

// "[madvise]" selected in the kernel's THP mode.
bool systemHugePagesOnRequest()
{
#if defined(__linux__)
    std::FILE* f = std::fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (!f)
        return false;
    char line[128] = {};
    const bool read = std::fgets(line, sizeof line, f) != nullptr;
    std::fclose(f);
    return read && std::strstr(line, "[madvise]") != nullptr;
#else
    return false;
#endif
}

// An environment switch set to "0" by the user.
[[maybe_unused]] bool switchedOff(const char* variable)
{
    const char* value = std::getenv(variable);
    return value && std::strcmp(value, "0") == 0;
}

} // namespace

bool hugePagesOnRequest()
{
#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
    if (PROFSCOPE_SANITIZED)
        return false;
    if (switchedOff("PROFSCOPE_HUGE_PAGES"))
        return false;
    if (const char* tunables = std::getenv("GLIBC_TUNABLES"); tunables && std::strstr(tunables, kTunable))
        return false;
    return systemHugePagesOnRequest();
#else
    return false; // glibc before 2.35 has no such tunable
#endif
}

const char* hugePageTunables(const char* current)
{
    static std::string value;
    value = current && *current ? std::string(current) + ":" : std::string();
    value += kTunable;
    value += "=1";
    return value.c_str();
}

void restartWithHugePages(char** argv)
{
#if defined(__linux__)
    if (!argv || !argv[0] || !hugePagesOnRequest())
        return;
    // This program's own file, not argv[0] (a name found on PATH, or
    // relative to a directory since left).
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return;
    self[n] = '\0';
    if (setenv("GLIBC_TUNABLES", hugePageTunables(std::getenv("GLIBC_TUNABLES")), 1) != 0)
        return;
    execv(self, argv);
    // Not started again (the file is gone, say): go on as glibc's defaults
    // allow. The tunable stays set and marks the attempt as made.
#else
    (void)argv;
#endif
}

bool tuneAllocator()
{
#if defined(__GLIBC__)
    if (PROFSCOPE_SANITIZED)
        return false;
    if (switchedOff("PROFSCOPE_MALLOC_TUNING"))
        return false;
    // 32 MiB is glibc's largest mmap threshold on 64-bit systems. Setting it
    // stops glibc's own raising of the threshold (which starts at 128 KiB and
    // moves only after a mapped block is freed), and with it the trim
    // threshold's: the top pad is then what keeps a shrinking heap from
    // handing back pages it will fault in again for the next file.
    const bool mmapSet = mallopt(M_MMAP_THRESHOLD, int(kMallocMmapThresholdBytes)) == 1;
    const bool padSet = mallopt(M_TOP_PAD, int(kMallocTopPadBytes)) == 1;
    return mmapSet && padSet;
#else
    return false;
#endif
}

} // namespace profscope
