// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelineStore.h"

#include "agent/ledger/Ledger.h"
#include "agent/request/Request.h"
#include "files/OwnerOnly.h"
#include "timeline/JsonLines.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace k8::timeline {

namespace {
const QString KeySandboxes = QStringLiteral("sandboxes");
const QString KeyForks = QStringLiteral("forks");
const QString KeyBase = QStringLiteral("base");
const QString KeyReset = QStringLiteral("reset_after_run");

} // namespace

TimelineStore::TimelineStore(const QString& dataDir)
    : m_path(dataDir.isEmpty() ? QString() : QDir(dataDir).filePath(QStringLiteral("timeline.json")))
{}

bool TimelineStore::load(QString* error)
{
    m_sandboxes = {};
    m_forks.clear();
    m_loadFailed = false;
    if (m_path.isEmpty() || !QFile::exists(m_path))
        return true;
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_loadFailed = true;
        *error = tr("Cannot read %1: %2").arg(m_path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        m_loadFailed = true;
        *error =
            tr("%1 is not a JSON object (%2); timeline settings are not saved until it is fixed or removed.")
                .arg(m_path, parseError.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    m_sandboxes = root.value(KeySandboxes).toObject();
    for (const QJsonValue& value : root.value(KeyForks).toArray()) {
        const QJsonObject o = value.toObject();
        ForkRecord fork;
        fork.time = JsonLines::time(o.value(QStringLiteral("time")));
        fork.sandbox = o.value(QStringLiteral("sandbox")).toString();
        fork.fromCheckpoint = o.value(QStringLiteral("from")).toString();
        for (const QJsonValue& name : o.value(QStringLiteral("forked")).toArray())
            fork.forkedSandboxes.append(name.toString());
        if (!fork.sandbox.isEmpty() && !fork.forkedSandboxes.isEmpty())
            m_forks.append(fork);
    }
    return true;
}

QString TimelineStore::baseCheckpoint(const QString& sandbox) const
{
    return m_sandboxes.value(sandbox).toObject().value(KeyBase).toString();
}

bool TimelineStore::setBaseCheckpoint(const QString& sandbox, const QString& label, QString* error)
{
    QJsonObject entry = m_sandboxes.value(sandbox).toObject();
    if (label.isEmpty())
        entry.remove(KeyBase);
    else
        entry.insert(KeyBase, label);
    m_sandboxes.insert(sandbox, entry);
    return save(error);
}

bool TimelineStore::resetAfterRun(const QString& sandbox) const
{
    return m_sandboxes.value(sandbox).toObject().value(KeyReset).toBool();
}

bool TimelineStore::setResetAfterRun(const QString& sandbox, bool on, QString* error)
{
    QJsonObject entry = m_sandboxes.value(sandbox).toObject();
    entry.insert(KeyReset, on);
    m_sandboxes.insert(sandbox, entry);
    return save(error);
}

QStringList TimelineStore::sandboxesResettingAfterRun() const
{
    QStringList names;
    for (auto it = m_sandboxes.constBegin(); it != m_sandboxes.constEnd(); ++it) {
        if (it.value().toObject().value(KeyReset).toBool())
            names.append(it.key());
    }
    return names;
}

bool TimelineStore::addFork(const ForkRecord& fork, QString* error)
{
    m_forks.append(fork);
    return save(error);
}

bool TimelineStore::save(QString* error)
{
    if (m_path.isEmpty())
        return true; // in memory only (tests, or no data folder)
    if (m_loadFailed) {
        *error = tr("%1 could not be read, so it is not overwritten.").arg(m_path);
        return false;
    }
    QJsonArray forks;
    for (const ForkRecord& fork : std::as_const(m_forks)) {
        forks.append(
            QJsonObject{{QStringLiteral("time"), fork.time.toUTC().toString(Qt::ISODateWithMs)},
                        {QStringLiteral("sandbox"), fork.sandbox},
                        {QStringLiteral("from"), fork.fromCheckpoint},
                        {QStringLiteral("forked"), QJsonArray::fromStringList(fork.forkedSandboxes)}});
    }
    const QJsonObject root{{KeySandboxes, m_sandboxes}, {KeyForks, forks}};
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || !files::OwnerOnly::restrictFile(file) ||
        file.write(QJsonDocument(root).toJson()) < 0 || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(m_path, file.errorString());
        return false;
    }
    return true;
}

// ---- run results ----

QString RunResultLog::pathIn(const QString& dataDir)
{
    return QDir(dataDir).filePath(QStringLiteral("run-results.jsonl"));
}

bool RunResultLog::append(const QString& path, const RunResult& result, QString* error)
{
    QJsonObject o{{QStringLiteral("time"), result.time.toUTC().toString(Qt::ISODateWithMs)},
                  {QStringLiteral("sandbox"), result.sandbox},
                  {QStringLiteral("request"), result.requestId},
                  {QStringLiteral("agent"), result.agent},
                  {QStringLiteral("checkpoint"), result.checkpointLabel},
                  {QStringLiteral("ran"), result.ran}};
    if (result.ran)
        o.insert(QStringLiteral("exit_code"), result.exitCode);
    if (!result.error.isEmpty())
        o.insert(QStringLiteral("error"), result.error);
    if (!result.reset.isEmpty())
        o.insert(QStringLiteral("reset"), result.reset);
    if (result.cutOff)
        o.insert(QStringLiteral("cut_off"), true);
    // Written through to the kernel, not synced to the disk: this runs on the UI thread after every
    // run, and nothing waits on it (a power cut may lose the newest exit codes; the timeline then
    // says "result not recorded"). The decision itself is in the ledger, which is synced.
    return JsonLines::append(path, o, error);
}

QList<RunResult> RunResultLog::read(const QString& path, int* skipped)
{
    QList<RunResult> results;
    int bad = 0;
    for (const QJsonObject& o : JsonLines::read(path, &bad)) {
        if (o.value(QStringLiteral("sandbox")).toString().isEmpty()) {
            ++bad;
            continue;
        }
        RunResult r;
        r.time = JsonLines::time(o.value(QStringLiteral("time")));
        r.sandbox = o.value(QStringLiteral("sandbox")).toString();
        r.requestId = o.value(QStringLiteral("request")).toString();
        r.agent = o.value(QStringLiteral("agent")).toString();
        r.checkpointLabel = o.value(QStringLiteral("checkpoint")).toString();
        r.ran = o.value(QStringLiteral("ran")).toBool();
        r.exitCode = o.value(QStringLiteral("exit_code")).toInt(-1);
        r.error = o.value(QStringLiteral("error")).toString();
        r.reset = o.value(QStringLiteral("reset")).toObject();
        r.cutOff = o.value(QStringLiteral("cut_off")).toBool();
        results.append(r);
    }
    if (skipped)
        *skipped = bad;
    return results;
}

// ---- runs from the ledger ----

QList<RunRecord> LedgerRuns::fromLedger(const QList<QJsonObject>& entries, const QList<RunResult>& results)
{
    QHash<QString, int> byCheckpoint; // sandbox + '\n' + label -> result index
    for (int i = 0; i < results.size(); ++i) {
        if (!results[i].checkpointLabel.isEmpty())
            byCheckpoint.insert(results[i].sandbox + QLatin1Char('\n') + results[i].checkpointLabel, i);
    }
    QList<bool> used(results.size(), false);
    QList<RunRecord> runs;
    for (const QJsonObject& entry : entries) {
        if (agent::methodFrom(entry.value(QStringLiteral("method")).toString()) != agent::Method::Run)
            continue;
        const QString decision = entry.value(QStringLiteral("decision")).toString();
        const std::optional<agent::DecisionKind> kind = agent::decisionKindFrom(decision);
        if (!kind || !agent::goesAhead(*kind))
            continue; // rejected runs did not run: nothing happened to the machine
        RunRecord run;
        run.time = JsonLines::time(entry.value(QStringLiteral("time")));
        run.requestId = entry.value(QStringLiteral("request")).toString();
        run.agent = entry.value(QStringLiteral("agent")).toString();
        run.title = entry.value(QStringLiteral("title")).toString();
        run.decision = *kind;
        run.decidedBy = entry.value(QStringLiteral("decided_by")).toString();
        run.sandbox = entry.value(QStringLiteral("sandbox")).toString();
        run.image = entry.value(QStringLiteral("image")).toString();
        run.language = entry.value(QStringLiteral("language")).toString();
        run.checkpointLabel = entry.value(QStringLiteral("checkpoint")).toString();
        if (run.sandbox.isEmpty())
            continue;
        int found = -1;
        if (!run.checkpointLabel.isEmpty()) {
            found = byCheckpoint.value(run.sandbox + QLatin1Char('\n') + run.checkpointLabel, -1);
        } else {
            for (int i = 0; i < results.size(); ++i) {
                const RunResult& r = results[i];
                if (!used[i] && r.checkpointLabel.isEmpty() && r.sandbox == run.sandbox &&
                    r.requestId == run.requestId && r.agent == run.agent &&
                    (!run.time.isValid() || !r.time.isValid() || r.time >= run.time)) {
                    found = i;
                    break;
                }
            }
        }
        if (found >= 0) {
            used[found] = true;
            const RunResult& r = results[found];
            run.hasResult = true;
            run.ran = r.ran;
            run.exitCode = r.exitCode;
            run.error = r.error;
            run.cutOff = r.cutOff;
        }
        runs.append(run);
    }
    return runs;
}

QList<RunRecord> LedgerRuns::read(const QString& ledgerPath, const QString& resultsPath, int limit,
                                  QString* warning)
{
    const QList<QJsonObject> entries = agent::Ledger::readRecent(ledgerPath, limit, warning);
    return fromLedger(entries, RunResultLog::read(resultsPath));
}

} // namespace k8::timeline
