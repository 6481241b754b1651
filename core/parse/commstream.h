// SPDX-License-Identifier: Apache-2.0
#pragma once

// communication.json and communication_matrix.json read as streams of SAX
// events straight into records, without building their DOM (commstream.cpp
// says why and when).

#include "jsonfile.h"

#include <vector>

namespace profscope::jsonfile {

struct CommStreamCounts
{
    qint64 steps = 0;
    qint64 ops = 0;
    qint64 links = 0;  // communication_matrix.json
    qint64 totals = 0; // communication.json's "Total Op Info" aggregates
};

// Each appends the file's records to `out` and returns true when the file has
// the exact shape the DOM path reads without a warning (the same records, in
// the same order, with the same values). Otherwise leaves `out` and the
// report as they were and returns false: the caller reads the file with the
// DOM, which reports what is wrong.
bool streamCommunicationMatrix(JsonFile& file, std::vector<CommMatrixLink>& out, CommStreamCounts& counts);
bool streamCommunication(JsonFile& file, std::vector<CommOpRecord>& out, CommStreamCounts& counts);

} // namespace profscope::jsonfile
