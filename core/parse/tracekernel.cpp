// SPDX-License-Identifier: Apache-2.0
#include "tracekernel.h"

namespace profscope {

static bool cpuHasAvx2()
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("pclmul");
#else
    return false;
#endif
}

TraceChunkParser* makeTraceChunkParser(std::uint32_t fileIndex)
{
#if defined(__x86_64__)
    if (cpuHasAvx2())
        return makeTraceChunkParserAvx2(fileIndex);
#endif
    return makeTraceChunkParserBase(fileIndex);
}

const char* traceKernelName()
{
#if defined(__x86_64__)
    if (cpuHasAvx2())
        return traceKernelNameAvx2();
#endif
    return traceKernelNameBase();
}

} // namespace profscope
