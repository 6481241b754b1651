// SPDX-License-Identifier: Apache-2.0
#include "settingswriter.h"

#include <QMutex>
#include <QSettings>
#include <QThreadPool>

#include <map>

namespace profscope {

namespace {

struct Pending
{
    QVariant value; // invalid: remove the key
    quint64 generation = 0;
};

struct Writer
{
    QMutex mutex;
    std::map<QString, Pending> pending; // by key, until written
    quint64 generations = 0;
    QThreadPool pool;

    Writer()
    {
        // QSettings' own process-wide state (its cache of open files) is
        // made before this writer, so that it is destroyed after it: a
        // write still queued when the process ends finds it alive.
        QSettings().status();
        pool.setMaxThreadCount(1); // one writer: the writes stay in order
        pool.setObjectName(QStringLiteral("profscope-settings"));
    }
};

Writer& writer()
{
    static Writer w;
    return w;
}

void queue(const QString& key, const QVariant& value)
{
    Writer& w = writer();
    quint64 generation = 0;
    {
        QMutexLocker lock(&w.mutex);
        generation = ++w.generations;
        w.pending[key] = { value, generation };
    }
    w.pool.start([key, generation] {
        Writer& w = writer();
        QVariant value;
        {
            QMutexLocker lock(&w.mutex);
            const auto it = w.pending.find(key);
            if (it == w.pending.end() || it->second.generation != generation)
                return; // a later write of the key is queued: it writes the last value
            value = it->second.value;
        }
        {
            QSettings settings;
            if (value.isValid())
                settings.setValue(key, value);
            else
                settings.remove(key);
        } // written (and synced to disk) here, on this thread
        QMutexLocker lock(&w.mutex);
        if (const auto it = w.pending.find(key); it != w.pending.end() && it->second.generation == generation)
            w.pending.erase(it);
    });
}

} // namespace

QVariant settingValue(const QString& key, const QVariant& fallback)
{
    {
        Writer& w = writer();
        QMutexLocker lock(&w.mutex);
        if (const auto it = w.pending.find(key); it != w.pending.end())
            return it->second.value.isValid() ? it->second.value : fallback;
    }
    return QSettings().value(key, fallback);
}

void setSettingValue(const QString& key, const QVariant& value)
{
    queue(key, value);
}

void removeSetting(const QString& key)
{
    queue(key, QVariant());
}

void flushSettings()
{
    writer().pool.waitForDone();
}

} // namespace profscope
