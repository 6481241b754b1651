// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <cstdint>

namespace profscope {

// A synthetic data-parallel training job written in the file formats of a
// MindSpore / Ascend profiler run, so that demos, screenshots and tests have
// a realistic multi-rank cluster without real hardware.
struct GeneratorOptions
{
    int ranks = 8;
    int steps = 3;
    int ops = 20;             // compute kernels per step and rank
    std::uint64_t seed = 1;
    int slowRank = -1;        // its kernels run 30% longer; -1: none
    int slowLinkSrc = -1;     // the link slowLinkSrc-slowLinkDst runs at ~0.4x bandwidth; -1: none
    int slowLinkDst = -1;
    int hostBoundRank = -1;   // its host launches late, the device idles; -1: none
    bool force = false;       // write into a non-empty folder
};

// Writes OUT/node{host}_{pid}_{timestamp}_ascend_ms/ for every rank. The
// output depends only on the options (same seed: identical bytes). Returns
// false with a translated message when the options are invalid or a file
// cannot be written.
bool generateCluster(const QString& out, const GeneratorOptions& options, QString* error);

} // namespace profscope
