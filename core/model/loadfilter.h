// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "types.h"

#include <QString>

#include <optional>
#include <vector>

namespace profscope {

// Partial import of a huge run: a subset of ranks and/or a window of steps,
// chosen before loading (`--ranks 0-7,12`, `--steps 3-5`, the GUI's "Open
// Part of a Profile…"). What is outside is skipped while reading.
struct LoadFilter
{
    std::vector<int> rankIds; // sorted, unique; empty: every rank
    qint64 firstStep = -1;    // ProfilerStep numbers, inclusive; -1: every step
    qint64 lastStep = -1;

    bool hasRanks() const
    {
        return !rankIds.empty();
    }
    bool hasSteps() const
    {
        return firstStep >= 0;
    }
    bool isActive() const
    {
        return hasRanks() || hasSteps();
    }
    bool keepsRank(int rankId) const;
    bool keepsStep(qint64 step) const
    {
        return !hasSteps() || (step >= firstStep && step <= lastStep);
    }
};

// "0-7,12" -> {0..7, 12}: comma-separated ids and inclusive ranges, spaces
// allowed. nullopt with `error` set for anything else (empty items,
// negative numbers, reversed ranges, more than `maxCount` ids).
std::optional<std::vector<int>> parseIdList(const QString& text, QString* error, int maxCount = 1 << 20);
// "3-5" or "7": an inclusive window of step numbers.
bool parseStepWindow(const QString& text, qint64& first, qint64& last, QString* error);
// {0..7, 12} -> "0–7, 12" (runs of consecutive ids as ranges).
QString formatIdList(const std::vector<int>& ids);
QString formatIdList(const std::vector<qint64>& ids);

// What a partial profile holds, for the pages, `inspect` and the status bar.
struct PartialProfile
{
    LoadFilter filter;
    int ranksFound = 0;             // discovered before the rank filter
    std::vector<qint64> stepsFound; // every step number the quick scan found, sorted, unique
    bool stepsSought = false;       // some rank's markers were sought: stepsFound is not every step
    std::vector<qint64> stepsKept;  // of those, the ones inside the window

    bool isPartial() const
    {
        return filter.isActive();
    }
    // "steps 3–5 of 1–20, ranks 0–7, 12 of 64"; empty for a whole profile.
    QString describe(int ranksLoaded) const;
};

} // namespace profscope
