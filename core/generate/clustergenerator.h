// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <cstdint>

namespace profscope {

// A synthetic training job written in the file formats of a MindSpore /
// Ascend profiler run, so that demos, screenshots and tests have a realistic
// multi-rank cluster without real hardware. Data parallel by default; with
// pipelineStages > 1 each step runs a 1F1B pipeline schedule (send/receive
// between adjacent stages, receive waits are the bubble), and with
// tensorParallel > 1 every micro-batch pass ends with an AllReduce in its
// tensor-parallel group. Rank order is Megatron's: tp fastest, then dp, then
// pp (stage = rank / (ranks / pipelineStages)).
struct GeneratorOptions
{
    // What each rank folder gets: the text deliverables (trace_view.json and
    // the CSV / JSON files), the SQLite export of the same workload
    // (ascend_mindspore_profiler_{rank}.db + analysis.db), or both side by
    // side, as torch_npu writes them with export_type [text, db].
    enum class Format
    {
        Text,
        Db,
        Both,
    };
    int ranks = 8;
    int steps = 3;
    int ops = 20; // compute kernels per step and rank (per micro-batch with pipelineStages > 1)
    int pipelineStages = 1; // pp; ranks must be divisible by pipelineStages * tensorParallel
    int tensorParallel = 1; // tp
    int microBatches = 0; // per step with pp > 1; 0: max(4, 2 * pipelineStages)
    std::uint64_t seed = 1;
    int slowRank = -1; // its kernels run 30% longer; -1: none
    int slowLinkSrc = -1; // the link slowLinkSrc-slowLinkDst runs at ~0.4x bandwidth; -1: none
    int slowLinkDst = -1;
    int slowDataRank = -1; // its data loading delivers each batch 1.5–2.5 ms late; -1: none
    int slowStage = -1; // with pipelineStages > 1: this stage's layers take 30% longer; -1: none
    int hostBoundRank = -1; // its host launches just in time with periodic stalls, the device idles; -1: none
    // Per-rank speed spread: each rank's kernels run up to ±jitter (0.05 = 5%)
    // longer or shorter, and steps differ by up to ±15%; 0: ±2% per kernel only.
    double jitter = 0;
    // Who wrote the folders: MindSpore ({host}_{pid}_{ts}_ascend_ms,
    // ascend_mindspore_profiler_{rank}.db) or torch_npu (…_ascend_pt,
    // ascend_pytorch_profiler_{rank}.db). The files inside are the same.
    enum class Style
    {
        MindSpore,
        PyTorch,
    };
    Style style = Style::MindSpore;
    bool force = false; // write into a non-empty folder
    Format format = Format::Text;
};

// Writes OUT/node{host}_{pid}_{timestamp}_ascend_ms/ for every rank. The
// output depends only on the options (same seed: identical bytes, the
// databases included). Returns false with a translated message when the
// options are invalid or a file cannot be written.
bool generateCluster(const QString& out, const GeneratorOptions& options, QString* error);

// The demo cluster of Help → Open Demo Cluster: 8 ranks, 3 steps, 20 ops, a
// slow rank (5), a slow link (2 → 3) and a host-bound rank (6); the tests
// that check what the demo plants generate the same.
GeneratorOptions demoClusterOptions();

} // namespace profscope
