// SPDX-License-Identifier: Apache-2.0
#pragma once

// JSON text written by hand where a DOM would cost too much (args made from
// database rows, the Chrome Trace export): one escaper for both.

#include <QByteArray>

#include <string_view>

namespace profscope {

// Appends s as a JSON string literal: quotes, backslashes and control
// characters escaped; UTF-8 passes through.
inline void appendJsonString(QByteArray& out, std::string_view s)
{
    out += '"';
    for (const char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20)
                out += "\\u00" + QByteArray::number(int(c), 16).rightJustified(2, '0');
            else
                out += c;
        }
    }
    out += '"';
}

} // namespace profscope
