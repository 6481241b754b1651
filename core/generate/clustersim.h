// SPDX-License-Identifier: Apache-2.0
// The simulated training job behind `profscope-cli generate`: what every rank
// ran, in ns. The text deliverables (textexport.h) and the SQLite export
// (dbwriter.h) are two views of the same simulation, so that a DB import and
// a text import of one generated cluster can be compared row by row.
// Internal to core/generate.
#pragma once

#include "../analysis/intervals.h"
#include "../model/types.h"
#include "clustergenerator.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <random>
#include <vector>

namespace profscope::gen {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Generator)
};

inline constexpr TimeNs kUs = 1000;
inline constexpr TimeNs kStartNs = 1736408883000000000LL; // a plausible wall clock (Jan 2025)
inline constexpr int kRanksPerHost = 8;
inline constexpr int kFirstStep = 1;
// Fixed pids of the device-side processes, as torch_npu / MindSpore write them.
inline constexpr qint64 kCannPid = 3170820320LL;
inline constexpr qint64 kHardwarePid = 3170820512LL;
inline constexpr qint64 kHcclPid = 3170820576LL;
inline constexpr qint64 kOverlapPid = 3170820832LL;
inline constexpr int kComputeStream = 2;
inline constexpr int kSideStream = 3;
inline constexpr int kCommStream = 4;

// Own helpers on the raw engine: std::uniform_*_distribution differ between
// standard libraries, and the output must be the same everywhere for a seed.
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
        : m_engine(seed)
    {
    }
    qint64 range(qint64 lo, qint64 hi)
    {
        return lo + qint64(m_engine() % std::uint64_t(hi - lo + 1));
    }
    double real(double lo, double hi)
    {
        return lo + (hi - lo) * double(m_engine() >> 11) * 0x1.0p-53;
    }
    std::uint64_t raw()
    {
        return m_engine();
    }

private:
    std::mt19937_64 m_engine;
};

struct OpSpec
{
    QByteArray name;
    QByteArray type;
    QByteArray core; // Task Type / Accelerator Core
    TimeNs baseNs = 0;
    int blockDim = 0;
    QByteArray inShape;
    QByteArray outShape;
    bool sideStream = false;
    bool backward = false;
};

struct Kernel
{
    int step = 0;
    int op = 0;
    int stream = kComputeStream;
    TimeNs startNs = 0;
    TimeNs durNs = 0;
    TimeNs waitNs = 0; // since the previous task on the stream ended
    TimeNs hostNs = 0; // the framework op slice on the Python thread
    TimeNs hostDurNs = 0;
    TimeNs launchNs = 0; // the CANN launch slice
    TimeNs launchDurNs = 0;
    qint64 connId = 0;
    qint64 taskId = 0;
};

struct Link
{
    int dst = 0;
    QByteArray transport; // HCCS / RDMA / LOCAL
    double sizeMB = 0;
    TimeNs timeNs = 0;
};

// A communication op besides the step's data-parallel AllReduce: a pipeline
// send / receive or a tensor-parallel AllReduce (pp / tp runs only).
struct ExtraOp
{
    enum Kind
    {
        Send,
        Receive,
        TpAllReduce,
        ModelAllReduce, // the gradient norm over the model-parallel (pp x tp) group at the step end
    };
    Kind kind = Send;
    QByteArray name;
    int lane = 0; // tid of its group's lane on the HCCL process
    int peer = -1; // the other rank of a send / receive
    QByteArray transport;
    double sizeMB = 0;
    TimeNs launchNs = 0;
    qint64 connId = 0;
    TimeNs startNs = 0;
    TimeNs arriveNs = 0; // when the transfer could start (the data / the last rank was there)
    TimeNs endNs = 0;
    TimeNs transitNs = 0;
};

struct StepRec
{
    TimeNs hostStartNs = 0;
    TimeNs hostEndNs = 0;
    TimeNs prepDurNs = 0;
    Kernel copy; // the batch's host-to-device copy (not a compute task)
    TimeNs hcomLaunchNs = 0;
    qint64 hcomConnId = 0;
    TimeNs commStartNs = 0;
    TimeNs arriveNs = 0; // the last rank's arrival: the transfer starts here
    TimeNs commEndNs = 0;
    TimeNs transitNs = 0;
    std::vector<ExtraOp> extra; // in launch order
};

struct RankSim
{
    int rank = 0;
    qint64 pid = 0;
    std::vector<Kernel> kernels;
    std::vector<StepRec> steps;
    std::vector<Link> links; // what this rank sends on, per step
    // Parallel layout (pp / tp runs; the data-parallel default has one group).
    int stage = 0;
    int dpIndex = 0;
    int tpIndex = 0;
    QString dpHash, ppHash, tpHash, mpHash;
    std::vector<int> dpGroup, ppGroup, tpGroup, mpGroup; // global ranks
};

struct Cluster
{
    GeneratorOptions options;
    std::vector<OpSpec> ops;
    std::vector<RankSim> ranks;
    QString groupHash;
    int opBaseId = 0;
    double gradMB = 0;
    bool parallel = false; // pp or tp > 1: the pipeline simulation and its files
    int microBatches = 1;
    int forwardOps = 0; // per micro-batch
};

// The overview of one step: values[0] is the step number, then the
// step_trace_time.csv columns in ns.
struct StepValues
{
    IntervalSet compute, comm, commOnly, busy;
    TimeRange span;
    TimeNs values[10] {};
};

// Runs the simulation for c.options (data parallel, or the pipeline / tensor
// parallel schedule). False only when the pipeline schedule deadlocks, which
// would be a bug.
bool simulateCluster(Cluster& c);

// The overview values of every step of a rank, exactly as
// core/analysis/overview.h defines them (step_trace_time.csv, StepTraceTime).
std::vector<StepValues> rankStepValues(const RankSim& rs);

// The kernels of each step (index = step - kFirstStep), in launch order.
std::vector<std::vector<const Kernel*>> kernelsPerStep(const RankSim& rs);

QByteArray hostName(int rank);
// Device id of a rank: ranks fill the hosts' 8 devices in order.
inline int deviceId(int rank)
{
    return rank % kRanksPerHost;
}
// The step's data-parallel AllReduce.
QByteArray opName(const Cluster& c, int step);
// The group id (communication.json key suffix, parallel_group_info key) of the
// data-parallel AllReduce of a rank.
inline const QString& dpGroupId(const Cluster& c, const RankSim& rs)
{
    return c.parallel ? rs.dpHash : c.groupHash;
}

} // namespace profscope::gen
