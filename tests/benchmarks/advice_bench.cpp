// SPDX-License-Identifier: Apache-2.0
// How far the advice can be trusted, measured: generates many clusters with
// random seeds, sizes, styles, jitter, pipeline layouts and planted anomalies
// (none, a compute-slow rank, a slow link, a host-bound rank, a rank with
// slow data loading, an unbalanced pipeline stage, and any combination),
// loads each like the app does, and scores the root causes
// the advice engine names against what was planted.
//
//   profscope-advice-bench [--clusters N] [--max-ranks N] [--seed S]
//
// A planted anomaly is found when a cause finding of its kind (Warning or
// Critical) names its rank (or both ends of its link). Every other cause
// finding of Warning or Critical is a false positive. Printed: precision and
// recall per cause, Criticals / Warnings on clean clusters, where the true
// cause ranks among the causes, and the time taken.
#include "benchsupport.h"

#include "analysis/advice.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>
#include <map>
#include <random>
#include <set>

using namespace profscope;

namespace {

struct Planted
{
    QString cause; // rule id of the cause finding that should name it
    int a = -1;
    int b = -1; // the other end of a link

    bool matches(const Finding& f) const
    {
        if (f.ruleId != cause)
            return false;
        if (b < 0)
            return f.rankIds().contains(a);
        return f.rankIds().contains(a) && f.rankIds().contains(b);
    }
};

struct Score
{
    int planted = 0;
    int found = 0;
    int reported = 0; // Warning / Critical cause findings of this kind
    int truePositives = 0;
};

int intArg(const QStringList& args, const QString& name, int fallback)
{
    const qsizetype at = args.indexOf(name);
    return at >= 0 && at + 1 < args.size() ? args[at + 1].toInt() : fallback;
}

} // namespace

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int clusters = intArg(args, QStringLiteral("--clusters"), 60);
    const int maxRanks = intArg(args, QStringLiteral("--max-ranks"), 256);
    std::mt19937_64 rng(std::uint64_t(intArg(args, QStringLiteral("--seed"), 2026)));
    auto pick = [&](int lo, int hi) { return lo + int(rng() % std::uint64_t(hi - lo + 1)); };

    std::vector<int> sizes;
    for (const int n : { 8, 16, 32, 64, 128, 256 })
        if (n <= maxRanks)
            sizes.push_back(n);

    std::map<QString, Score> scores;
    int cleanClusters = 0, cleanCritical = 0, cleanWarning = 0;
    std::vector<int> trueCauseRank; // 1-based position among the causes
    QElapsedTimer total;
    total.start();
    std::printf("%-4s %-5s %-3s %-2s %-6s %-30s %-9s %s\n", "#", "ranks", "pp", "st", "jitter", "planted", "result",
        "findings (cause: severity)");
    for (int i = 0; i < clusters; ++i) {
        GeneratorOptions o;
        // Small clusters more often: they are where one rank's jitter shows most.
        o.ranks = sizes[std::size_t(std::min<int>(int(sizes.size()) - 1, pick(0, int(sizes.size()) + 1) / 1))];
        o.steps = pick(3, 5);
        o.ops = 20;
        o.seed = rng();
        o.jitter = std::array<double, 4> { 0.0, 0.02, 0.03, 0.05 }[std::size_t(pick(0, 3))];
        o.style = pick(0, 1) ? GeneratorOptions::Style::PyTorch : GeneratorOptions::Style::MindSpore;
        o.pipelineStages = o.ranks >= 16 && pick(0, 2) == 0 ? 2 : 1;
        o.force = true;
        // Every 4th cluster is clean so that false alarms are measured often;
        // the others get one to all of the anomalies, each with probability 2/5.
        bool slow = false, link = false, host = false, data = false, stage = false;
        if (i % 4 != 0) {
            while (!(slow || link || host || data || stage)) {
                slow = pick(0, 4) < 2;
                link = pick(0, 4) < 2;
                host = pick(0, 4) < 2;
                data = pick(0, 4) < 2;
                stage = o.pipelineStages > 1 && pick(0, 4) < 2;
            }
        }
        const int perStage = o.ranks / o.pipelineStages;
        std::vector<Planted> planted;
        std::set<int> used;
        auto freeRank = [&](int lo, int hi) {
            int r;
            do
                r = pick(lo, hi);
            while (used.count(r));
            used.insert(r);
            return r;
        };
        if (slow) {
            o.slowRank = freeRank(0, o.ranks - 1);
            planted.push_back({ QStringLiteral("compute-slow-rank"), o.slowRank });
        }
        if (data) {
            o.slowDataRank = freeRank(0, o.ranks - 1);
            planted.push_back({ QStringLiteral("data-loading"), o.slowDataRank });
        }
        if (stage) {
            o.slowStage = pick(0, o.pipelineStages - 1);
            planted.push_back({ QStringLiteral("stage-imbalance"), o.slowStage * perStage });
        }
        if (host) {
            o.hostBoundRank = freeRank(0, o.ranks - 1);
            planted.push_back({ QStringLiteral("host-bound"), o.hostBoundRank });
        }
        if (link) {
            // Two ranks of one host inside one stage: a link of the data-parallel collective.
            const int hostsPerStage = std::max(1, perStage / 8);
            const int stage = pick(0, o.pipelineStages - 1);
            const int base = stage * perStage + 8 * pick(0, hostsPerStage - 1);
            const int width = std::min(8, perStage);
            o.slowLinkSrc = base + pick(0, width - 1);
            do
                o.slowLinkDst = base + pick(0, width - 1);
            while (o.slowLinkDst == o.slowLinkSrc);
            planted.push_back({ QStringLiteral("slow-link"), o.slowLinkSrc, o.slowLinkDst });
        }
        QTemporaryDir dir;
        if (args.contains(QStringLiteral("--keep")))
            dir.setAutoRemove(false);
        QString error;
        if (!generateCluster(dir.path(), o, &error)) {
            std::fprintf(stderr, "generate: %s\n", qPrintable(error));
            return 1;
        }
        const ProfilePtr profile = ProfileLoader::load({ dir.path() });
        const std::vector<Finding> findings = computeAdvice(*profile);

        std::vector<const Finding*> causes;
        for (const Finding& f : findings)
            if (f.isCause && f.severity != Finding::Severity::Info)
                causes.push_back(&f);
        QStringList shown;
        for (const Finding* f : causes) {
            shown << QStringLiteral("%1 %2:%3 %4%")
                         .arg(f->ruleId, f->link.isEmpty() ? QString::number(f->rankIds().value(0)) : f->link,
                             severityName(f->severity).left(4))
                         .arg(f->impactShare * 100, 0, 'f', 1);
            Score& s = scores[f->ruleId];
            ++s.reported;
            const bool hit = std::any_of(planted.begin(), planted.end(), [&](const Planted& p) { return p.matches(*f); });
            s.truePositives += hit ? 1 : 0;
        }
        bool allFound = true;
        for (const Planted& p : planted) {
            Score& s = scores[p.cause];
            ++s.planted;
            const auto it = std::find_if(causes.begin(), causes.end(), [&](const Finding* f) { return p.matches(*f); });
            if (it != causes.end()) {
                ++s.found;
                trueCauseRank.push_back(int(it - causes.begin()) + 1);
            } else
                allFound = false;
        }
        if (planted.empty()) {
            ++cleanClusters;
            for (const Finding& f : findings) {
                cleanCritical += f.severity == Finding::Severity::Critical ? 1 : 0;
                cleanWarning += f.severity == Finding::Severity::Warning ? 1 : 0;
            }
        }
        QStringList plantedText;
        for (const Planted& p : planted)
            plantedText << QStringLiteral("%1 %2").arg(p.cause.left(10)).arg(
                p.b < 0 ? QString::number(p.a) : QStringLiteral("%1-%2").arg(p.a).arg(p.b));
        const bool clean = planted.empty() && causes.empty();
        const bool exact = allFound && int(causes.size()) == int(planted.size());
        if (args.contains(QStringLiteral("--keep")))
            std::printf("     %s\n", qPrintable(dir.path()));
        std::printf("%-4d %-5d %-3d %-2d %-6.2f %-30s %-9s %s\n", i, o.ranks, o.pipelineStages, o.steps, o.jitter,
            qPrintable(planted.empty() ? QStringLiteral("clean") : plantedText.join(QStringLiteral(", "))),
            clean || exact ? "ok" : allFound ? "extra" : "MISSED", qPrintable(shown.join(QStringLiteral("; "))));
        std::fflush(stdout);
    }

    std::printf("\n%-18s %8s %6s %9s %10s %7s\n", "cause", "planted", "found", "reported", "precision", "recall");
    for (const auto& [cause, s] : scores)
        std::printf("%-18s %8d %6d %9d %9.1f%% %6.1f%%\n", qPrintable(cause), s.planted, s.found, s.reported,
            s.reported ? 100.0 * s.truePositives / s.reported : 100.0, s.planted ? 100.0 * s.found / s.planted : 100.0);
    double meanRank = 0;
    int worstRank = 0;
    for (const int r : trueCauseRank) {
        meanRank += r;
        worstRank = std::max(worstRank, r);
    }
    std::printf("\nclean clusters: %d, Critical findings on them: %d, Warning findings: %d\n", cleanClusters,
        cleanCritical, cleanWarning);
    std::printf("true cause's place among the causes: mean %.2f, worst %d\n",
        trueCauseRank.empty() ? 0.0 : meanRank / double(trueCauseRank.size()), worstRank);
    std::printf("%d clusters in %.1f s\n", clusters, double(total.elapsed()) / 1000.0);
    return 0;
}
