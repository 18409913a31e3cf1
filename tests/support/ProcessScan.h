// SPDX-License-Identifier: Apache-2.0
#pragma once
// What /proc says about processes (Linux): whether one is dead, which still live in a process
// group or session, and the pids the stand-in wrote down (orphans.pids, hang-child.pid).

#include <QDir>
#include <QFile>
#include <QList>
#include <QString>

#include <unistd.h>

namespace k8::test {

struct ProcStat
{
    char state = '?';
    qint64 parent = 0;
    qint64 group = 0;
    qint64 session = 0;
    qint64 cpuTicks = 0; // user plus system time so far, in clock ticks (fields 14 and 15)
};

// False when the process is gone.
inline bool readProcStat(qint64 pid, ProcStat* stat)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = file.readAll();
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return false;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    if (fields.size() < 13 || fields.at(0).isEmpty())
        return false;
    stat->state = fields.at(0).at(0);
    stat->parent = fields.at(1).toLongLong();
    stat->group = fields.at(2).toLongLong();
    stat->session = fields.at(3).toLongLong();
    stat->cpuTicks = fields.at(11).toLongLong() + fields.at(12).toLongLong();
    return true;
}

// User plus system CPU time of a process so far, in seconds; -1 when it is gone.
inline double processCpuSeconds(qint64 pid)
{
    ProcStat stat;
    return readProcStat(pid, &stat) ? double(stat.cpuTicks) / double(::sysconf(_SC_CLK_TCK)) : -1;
}

// True when the process is gone or only a zombie waiting to be reaped: either way it is dead.
inline bool processIsDead(qint64 pid)
{
    ProcStat stat;
    return !readProcStat(pid, &stat) || stat.state == 'Z' || stat.state == 'X';
}

// Live (not zombie) processes whose process group or session is `id`.
inline QList<qint64> liveInGroupOrSession(qint64 id)
{
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        ProcStat stat;
        if (ok && readProcStat(pid, &stat) && stat.state != 'Z' && stat.state != 'X' &&
            (stat.group == id || stat.session == id))
            found.append(pid);
    }
    return found;
}

// STATE/orphans.pids of the stand-in (KOSA8_STANDIN_ORPHAN): "MODE PID" lines.
inline QList<QPair<QString, qint64>> standinOrphans(const QString& stateDir)
{
    QList<QPair<QString, qint64>> orphans;
    QFile file(stateDir + QStringLiteral("/orphans.pids"));
    if (!file.open(QIODevice::ReadOnly))
        return orphans;
    for (const QByteArray& line : file.readAll().split('\n')) {
        const QList<QByteArray> parts = line.trimmed().split(' ');
        if (parts.size() == 2)
            orphans.append({QString::fromUtf8(parts.at(0)), parts.at(1).toLongLong()});
    }
    return orphans;
}

} // namespace k8::test
