// SPDX-License-Identifier: Apache-2.0
#include "trial/HostMountRecord.h"

#include "files/OwnerOnly.h"

#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <spdlog/spdlog.h>

#include <cstdio>

namespace k8::trial {

namespace {
const QString Mounts = QStringLiteral("mounts");
const QString Created = QStringLiteral("created");
// kosa8 prints a sandbox's creation time; the record is written when `sandbox create` ended,
// after it. A listed time later than the record by more than this was another sandbox's.
constexpr qint64 ClockSlackSeconds = 120;
} // namespace

HostMountRecord::HostMountRecord(const QString& dataDir, QObject* parent)
    : QObject(parent)
    , m_path(QDir(dataDir).filePath(QStringLiteral("sandbox-mounts.json")))
{
    load();
}

void HostMountRecord::watch(kosa8::Kosa8Runner* runner)
{
    connect(runner, &kosa8::Kosa8Runner::jobFinished, this, &HostMountRecord::take);
}

void HostMountRecord::take(const kosa8::JobResult& result)
{
    if (!result.ok())
        return;
    const QString name = result.parameters.value(QStringLiteral("name")).toString();
    if (name.isEmpty())
        return;
    if (result.operation == kosa8::Operation::SandboxCreate) {
        Entry entry;
        entry.mounts = int(result.parameters.value(QStringLiteral("mount_list")).toStringList().size());
        entry.recordedAt = QDateTime::currentDateTimeUtc();
        m_entries.insert(name, entry);
        save();
    } else if (result.operation == kosa8::Operation::SandboxRemove && m_entries.remove(name) > 0) {
        save();
    }
}

QString HostMountRecord::whyNotMountFree(const QString& sandbox, const kosa8::Sandbox* listed) const
{
    const auto it = m_entries.constFind(sandbox);
    if (it == m_entries.constEnd())
        return tr("kosa8 Desk has no record of creating %1 (it records the sandboxes it creates, and "
                  "whether with host folders), so it is not known whether host folders are mounted in it; "
                  "a copy could share them.")
            .arg(sandbox);
    if (it->mounts > 0)
        return tr("%1 has host folders mounted (-v); a copy could share them.").arg(sandbox);
    if (listed && listed->created.isValid() &&
        listed->created.toSecsSinceEpoch() > it->recordedAt.toSecsSinceEpoch() + ClockSlackSeconds)
        return tr("%1 was created again outside kosa8 Desk, so it is not known whether host folders are "
                  "mounted in it.")
            .arg(sandbox);
    return {};
}

void HostMountRecord::load()
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
        const QJsonObject value = it.value().toObject();
        if (!value.value(Mounts).isDouble())
            continue; // not ours, or cut off: not known
        Entry entry;
        entry.mounts = value.value(Mounts).toInt();
        entry.recordedAt = QDateTime::fromString(value.value(Created).toString(), Qt::ISODate);
        if (entry.recordedAt.isValid())
            m_entries.insert(it.key(), entry);
    }
}

void HostMountRecord::save() const
{
    QJsonObject root;
    for (auto it = m_entries.constBegin(); it != m_entries.constEnd(); ++it)
        root.insert(it.key(),
                    QJsonObject{{Mounts, it->mounts}, {Created, it->recordedAt.toString(Qt::ISODate)}});
    // Written beside and renamed over, so a crash leaves the old record or the new one; not
    // flushed (a sandbox create is rare, but the window should not wait for the disk for it).
    const QString temporary = m_path + QStringLiteral(".new");
    QFile file(temporary);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || !files::OwnerOnly::restrictFile(file) ||
        file.write(QJsonDocument(root).toJson(QJsonDocument::Compact)) < 0 || !file.flush()) {
        spdlog::warn("could not write {}", m_path.toStdString());
        return;
    }
    file.close();
    if (std::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(m_path).constData()) != 0)
        spdlog::warn("could not replace {}", m_path.toStdString());
}

} // namespace k8::trial
