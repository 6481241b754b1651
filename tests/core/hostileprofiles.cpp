// SPDX-License-Identifier: Apache-2.0
// The damaged profiles of tst_hostileinputs: each base copied once per damage
// (hostilemutations.cpp), files replaced by what is not a file, odd paths.
#include "hostilemutations.h"

#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace profscope::test::hostile {

namespace {

struct Lcg
{
    quint32 state;
    quint32 next()
    {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    }
};

quint32 seedOf(const QString& text, quint32 salt)
{
    quint32 h = 2166136261u ^ salt;
    for (const QChar c : text) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return h;
}

// --- the mutations ----------------------------------------------------------

struct Mutation
{
    QString name;
    // Applied to every file of the profile (`index`: the file's position).
    std::function<void(const QString& path, int index)> apply;
    bool checkMainFile = false; // the main file must be reported, with a location if broken
};

// --- files replaced by what is not a file ------------------------------------

struct Replacement
{
    QString name;
    std::function<bool(const QString& path)> make;
    bool needsNonRoot = false;
    QString reasonHas; // what the file's reason in the import report must say
};

QList<Replacement> replacements()
{
    return {
        { QStringLiteral("fifo"), [](const QString& p) { return makeFifo(p); }, false,
            QStringLiteral("not a regular file") },
        { QStringLiteral("folder"), [](const QString& p) { return QDir().mkpath(p + QStringLiteral("/inner")); }, false,
            {} },
        { QStringLiteral("symlink loop"), [](const QString& p) { return QFile::link(p, p); }, false, {} },
        { QStringLiteral("dangling symlink"),
            [](const QString& p) { return QFile::link(p + QStringLiteral(".missing"), p); }, false, {} },
        { QStringLiteral("/dev/zero"), [](const QString& p) { return QFile::link(QStringLiteral("/dev/zero"), p); },
            false, QStringLiteral("not a regular file") },
        { QStringLiteral("empty"), [](const QString& p) { return QFile(p).open(QIODevice::WriteOnly); }, false, {} },
        { QStringLiteral("unreadable"),
            [](const QString& p) {
                writeAll(p, "{}");
                return QFile::setPermissions(p, QFileDevice::Permissions());
            },
            true, {} },
    };
}

// The file of a base that carries the most (the trace, the database, the
// kernel table, the MindInsight step trace).
QString mainFile(const QString& root)
{
    const QStringList files = filesUnder(root);
    // The database first: where a rank has both, it is the source read.
    for (const QString& want : { QStringLiteral("_profiler_0.db"), QStringLiteral("trace_view.json"),
             QStringLiteral("kernel_details.csv"), QStringLiteral("step_trace_raw_0_detail_time.csv") })
        for (const QString& f : files)
            if (f.endsWith(want))
                return f;
    return files.value(0);
}

// The largest file of each kind (10 MB lines go there only: a profile stays small).
QStringList largestPerKind(const QString& root)
{
    QHash<int, QPair<qint64, QString>> best;
    for (const QString& f : filesUnder(root)) {
        const int k = int(kindOf(f));
        const qint64 size = QFileInfo(f).size();
        if (!best.contains(k) || best[k].first < size)
            best[k] = { size, f };
    }
    QStringList out;
    for (const auto& v : std::as_const(best))
        out << v.second;
    return out;
}

} // namespace

bool makeFifo(const QString& path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

void makeWritable(const QString& root)
{
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (info.isSymLink())
            continue;
        ::chmod(QFile::encodeName(info.filePath()).constData(), info.isDir() ? 0700 : 0600);
    }
}

void removeTree(const QString& root)
{
    // Bytes, not QStrings: a name made of invalid UTF-8 survives the round trip.
    const QByteArray path = QFile::encodeName(root);
    const auto removeOne = [](const char* p, const struct stat*, int, struct FTW*) {
        std::remove(p); // what cannot go stays; the walk goes on
        return 0;
    };
    nftw(path.constData(), removeOne, 16, FTW_DEPTH | FTW_PHYS);
}

std::vector<Damaged> makeDamagedProfiles(
    const QString& root, const QStringList& bases, const std::function<QString(const QString&)>& basePath)
{
    std::vector<Damaged> out;
    QList<Mutation> mutations;
    for (const quint32 seed : { 1u, 2u })
        mutations << Mutation { QStringLiteral("byte flips %1").arg(seed),
            [seed](const QString& path, int) {
                QByteArray b = readAll(path);
                if (b.isEmpty())
                    return;
                Lcg lcg { seedOf(QFileInfo(path).fileName(), seed) };
                const int flips = int(std::clamp<qsizetype>(b.size() / 512, 4, 64));
                for (int i = 0; i < flips; ++i)
                    b[qsizetype(lcg.next() % quint32(b.size()))] ^= char(1 + lcg.next() % 255);
                writeAll(path, b);
            },
            true };
    for (const int percent : { 0, 37, 91 })
        mutations << Mutation { percent == 0 ? QStringLiteral("truncated to 1 byte")
                                             : QStringLiteral("truncated at %1%").arg(percent),
            [percent](const QString& path, int) {
                QFile f(path);
                f.resize(percent == 0 ? qMin<qint64>(1, f.size()) : f.size() * percent / 100);
            },
            true };
    for (const char* value : { "1e308", "-1e308", "9223372036854775807", "1e48", "NaN" })
        mutations << Mutation { QStringLiteral("huge %1").arg(QLatin1String(value)),
            [value](const QString& path, int) { hugeNumbers(path, value); } };
    mutations << Mutation { QStringLiteral("ids in the billions"), [](const QString& path, int) { billionIds(path); } };
    for (int variant = 0; variant < 4; ++variant)
        mutations << Mutation { QStringLiteral("wrong types %1").arg(variant),
            [variant](const QString& path, int) { wrongTypes(path, variant); } };
    mutations << Mutation { QStringLiteral("100000-deep nesting"), [](const QString& path, int) { deepNesting(path); } };
    mutations << Mutation { QStringLiteral("non-UTF-8"), [](const QString& path, int) { nonUtf8(path); } };
    mutations << Mutation { QStringLiteral("UTF-16"), [](const QString& path, int) { utf16(path); } };
    mutations << Mutation { QStringLiteral("duplicate keys and headers"),
        [](const QString& path, int) { duplicates(path); } };

    int counter = 0;
    int mutationIndex = 0;
    auto fresh = [&](const QString& baseName, const QString& mutation) {
        Damaged d;
        d.baseIndex = int(bases.indexOf(baseName));
        d.mutationIndex = mutationIndex++;
        d.name = baseName + QLatin1Char('/') + mutation;
        d.base = baseName;
        d.path = QDir(root).filePath(QStringLiteral("%1").arg(++counter, 3, 10, QLatin1Char('0')));
        copyTree(basePath(baseName), d.path);
        makeWritable(d.path);
        return d;
    };

    for (const QString& b : bases) {
        mutationIndex = 0;
        for (const Mutation& m : std::as_const(mutations)) {
            Damaged d = fresh(b, m.name);
            const QStringList files = filesUnder(d.path);
            for (int i = 0; i < files.size(); ++i)
                m.apply(files[i], i);
            if (m.checkMainFile) {
                d.rejected = QDir(d.path).relativeFilePath(mainFile(d.path));
                d.mayBeUsed = true;
                // SQLite names the table it failed in, never a byte offset.
                d.needsLocation = !d.rejected.endsWith(QLatin1String(".db"));
            }
            out.push_back(d);
        }
        {
            Damaged d = fresh(b, QStringLiteral("10 MB lines"));
            for (const QString& f : largestPerKind(d.path))
                longLine(f);
            out.push_back(d);
        }
        for (const Replacement& r : replacements()) {
            Damaged d = fresh(b, QStringLiteral("main file is ") + r.name);
            const QString target = mainFile(d.path);
            d.rejected = QDir(d.path).relativeFilePath(target);
            d.needsNonRoot = r.needsNonRoot;
            // The report's entry names the file; its reason says what is wrong.
            if (!r.reasonHas.isEmpty())
                d.reasonHas << r.reasonHas;
            QFile::remove(target);
            r.make(target);
            out.push_back(d);
        }
    }

    // Profile paths that are not profiles at all.
    const QString text = bases.value(0);
    mutationIndex = 0;
    const std::size_t firstFolderLevel = out.size();
    {
        Damaged d = fresh(text, QStringLiteral("path is a fifo"));
        QDir(d.path).removeRecursively();
        makeFifo(d.path);
        d.rejected = QStringLiteral("*");
        out.push_back(d);
    }
    {
        Damaged d = fresh(text, QStringLiteral("path is a symlink loop"));
        QDir(d.path).removeRecursively();
        QFile::link(d.path, d.path);
        d.rejected = QStringLiteral("*");
        out.push_back(d);
    }
    {
        Damaged d = fresh(text, QStringLiteral("path is a garbage file"));
        QDir(d.path).removeRecursively();
        QByteArray garbage(4096, '\0');
        Lcg lcg { 7 };
        for (char& c : garbage)
            c = char(lcg.next());
        writeAll(d.path, garbage);
        d.rejected = QStringLiteral("*");
        out.push_back(d);
    }
    {
        // Symlinks back up the tree inside the rank folders.
        Damaged d = fresh(text, QStringLiteral("symlink loops inside"));
        for (const QFileInfo& rank : QDir(d.path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile::link(rank.filePath(), rank.filePath() + QStringLiteral("/loop"));
            QFile::link(d.path, rank.filePath() + QStringLiteral("/ASCEND_PROFILER_OUTPUT/up"));
        }
        out.push_back(d);
    }
    {
        // A rank folder whose name is not UTF-8 and holds a newline.
        Damaged d = fresh(text, QStringLiteral("non-UTF-8 folder name"));
        const QFileInfoList ranks = QDir(d.path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        if (!ranks.isEmpty()) {
            const QByteArray from = QFile::encodeName(ranks.first().filePath());
            const QByteArray to = QFile::encodeName(d.path) + "/rank\xff\xfe\n0_ascend_ms";
            ::rename(from.constData(), to.constData());
        }
        out.push_back(d);
    }
    {
        // The ranks 1000 folders down.
        Damaged d = fresh(text, QStringLiteral("1000-deep folders"));
        QString deep = d.path;
        for (int i = 0; i < 1000; ++i)
            deep += QStringLiteral("/d");
        QDir().mkpath(deep);
        for (const QFileInfo& rank : QDir(d.path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (rank.fileName() != QLatin1String("d"))
                QDir().rename(rank.filePath(), deep + QLatin1Char('/') + rank.fileName());
        out.push_back(d);
    }
    for (std::size_t i = firstFolderLevel; i < out.size(); ++i)
        out[i].baseIndex = -1; // not a damaged copy of one base: the whole path is the damage
    return out;
}

} // namespace profscope::test::hostile
