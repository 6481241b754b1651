// SPDX-License-Identifier: Apache-2.0
#pragma once

// communication_matrix.json read as a stream of SAX events straight into
// links, without building its DOM (matrixstream.cpp says why and when).

#include "jsonfile.h"

#include <vector>

namespace profscope::jsonfile {

struct MatrixCounts
{
    qint64 steps = 0;
    qint64 ops = 0;
    qint64 links = 0;
};

// Appends the file's links to `out` and returns true when the file has the
// exact shape the DOM path reads without a warning (the same links, in the
// same order, with the same values). Otherwise leaves `out` and the report
// as they were and returns false: the caller reads the file with the DOM.
bool streamCommunicationMatrix(JsonFile& file, std::vector<CommMatrixLink>& out, MatrixCounts& counts);

} // namespace profscope::jsonfile
