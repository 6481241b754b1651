// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the libFuzzer targets: the parsers read files, so every input is
// written to a file (or a folder tree) under one temporary folder per
// process, never inside the repository, and handed to the real entry point.

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace profscope::fuzz {

// The per-process scratch folder (created on first use, removed at exit).
QString scratchDir();
// Writes `size` bytes to scratchDir()/relativePath (creating its folders) and
// returns the absolute path. Aborts when the scratch folder is not writable:
// a fuzzer that silently parses nothing would report no findings.
QString writeInput(const QString& relativePath, const std::uint8_t* data, std::size_t size);
QString writeInput(const QString& relativePath, const QByteArray& bytes);
// Removes everything below scratchDir() (after a target built a folder tree).
void clearScratch();

// Splits an input as "selector byte, payload": the targets that cover
// several file kinds choose the kind from the first byte, so one corpus
// reaches every entry point and libFuzzer can move an input between kinds.
struct Selected
{
    unsigned selector = 0;
    const std::uint8_t* data = nullptr;
    std::size_t size = 0;
};
Selected select(const std::uint8_t* data, std::size_t size);

} // namespace profscope::fuzz
