// SPDX-License-Identifier: Apache-2.0
// Shared by the simulation's source files only: clustersim.cpp (common
// draws, per-step values), clustersimdata.cpp (data-parallel runs) and
// clustersimparallel.cpp (pipeline / tensor parallel runs).
#pragma once

#include "clustersim.h"

#include <vector>

namespace profscope::gen::simdetail {

std::vector<OpSpec> makeOps(Rng& rng, int count);

// What a rank's host spends on one op before the next launch (host-bound
// ranks stall every few ops; see clustersim.cpp).
TimeNs hostOpNs(Rng& rng, Rng& side, bool hostBound, TimeNs kernelNs);

// Per-rank speed (jitter: every kernel of the rank runs up to ±jitter
// longer or shorter) and, with jitter, uneven steps (±15% per step for every rank).
struct Pace
{
    std::vector<double> rankSpeed;
    std::vector<double> stepSpeed;
};

Pace drawPace(const GeneratorOptions& o, Rng& side);

// Data-parallel only (clustersimdata.cpp).
void simulateDataParallel(Cluster& c);
// Pipeline and/or tensor parallel (clustersimparallel.cpp); false when the
// options do not make a valid layout.
bool simulateParallel(Cluster& c);

} // namespace profscope::gen::simdetail
