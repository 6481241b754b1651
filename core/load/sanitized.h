// SPDX-License-Identifier: Apache-2.0
#pragma once

// PROFSCOPE_SANITIZED: 1 in a build with AddressSanitizer, else 0. GCC defines
// __SANITIZE_ADDRESS__; clang (which builds the sanitizer suite) only answers
// __has_feature. The loader skips malloc_trim there; tests scale down
// workloads that are large for their own sake (test::kSanitizedBuild).
#if defined(__SANITIZE_ADDRESS__)
#define PROFSCOPE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PROFSCOPE_SANITIZED 1
#endif
#endif
#ifndef PROFSCOPE_SANITIZED
#define PROFSCOPE_SANITIZED 0
#endif
