// SPDX-License-Identifier: Apache-2.0
// Built with -mavx2 -mbmi -mpclmul -mlzcnt on x86-64 (simdjson "haswell").
#if defined(__x86_64__)
#define PROFSCOPE_TRACE_KERNEL makeTraceChunkParserAvx2
#define PROFSCOPE_TRACE_KERNEL_NAME traceKernelNameAvx2
#include "tracekernel.inc"
#endif
