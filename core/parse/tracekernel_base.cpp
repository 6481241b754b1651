// SPDX-License-Identifier: Apache-2.0
// Built with -msse4.2 -mpclmul on x86-64 (simdjson "westmere"); with the
// compiler's defaults elsewhere (NEON "arm64" on aarch64).
#define PROFSCOPE_TRACE_KERNEL makeTraceChunkParserBase
#define PROFSCOPE_TRACE_KERNEL_NAME traceKernelNameBase
#include "tracekernel.inc"
