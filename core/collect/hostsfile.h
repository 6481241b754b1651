// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

// One line of a collector hosts file:
//   host | user@host | user@host:port | host port | [v6addr]:port   [alias]
struct HostEntry
{
    QString user; // empty: ssh's own default (ssh_config, then the local user)
    QString host; // name or address; IPv6 without brackets
    int port = 0; // 0: ssh's own default
    QString alias; // empty: derived from the host name
    int line = 0; // 1-based line in the hosts file

    // user@host:port as written back to people (IPv6 in brackets).
    QString display() const;
};

struct HostsFile
{
    std::vector<HostEntry> hosts;
    QStringList errors; // "hosts.txt:3: ..." per bad line; any error makes the file unusable
};

// Parses the text of a hosts file. Comments start with #, blank lines are
// ignored. Host and user names are checked against a strict character set so
// that nothing in the file can be taken as an ssh option or reach a shell.
HostsFile parseHostsFile(const QString& text, const QString& fileName = QString());
HostsFile readHostsFile(const QString& path);

bool isValidHostName(const QString& host);
bool isValidUserName(const QString& user);
// Why an alias cannot be used as a folder name under OUT_DIR; empty when it can.
QString aliasProblem(const QString& alias);

} // namespace profscope
