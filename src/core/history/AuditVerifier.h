// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/ledger/Ledger.h"
#include "kosa8/JobResult.h"
#include "kosa8/Types.h"

#include <QObject>
#include <QPointer>

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
} // namespace k8::kosa8

namespace k8::history {

// Verify, both chains: `kosa8 audit verify` through the app's Kosa8Runner (the profile's
// audit.verify) and the ledger's own check (LedgerReader::verify, on a worker thread: it reads the
// whole file). Each outcome is reported by its own signal as soon as it is known; finished()
// follows both.
class AuditVerifier : public QObject
{
    Q_OBJECT
public:
    explicit AuditVerifier(kosa8::Kosa8Runner* runner, QObject* parent = nullptr);
    ~AuditVerifier() override;

    // An empty ledger path skips the ledger. A verify still running is cancelled first.
    void start(const QString& ledgerPath);
    bool isRunning() const { return m_pending > 0; }

    // The exact `kosa8 audit verify` command start() runs, shown where its outcome is; empty
    // without a runner.
    QString commandPreview() const;

    // One sentence for people on each outcome.
    static QString describe(const kosa8::AuditVerifyResult& result, const kosa8::JobResult& job);
    static QString describe(const agent::LedgerVerifyResult& result);

Q_SIGNALS:
    void kosa8Verified(const k8::kosa8::AuditVerifyResult& result, const k8::kosa8::JobResult& job);
    void ledgerVerified(const k8::agent::LedgerVerifyResult& result);
    void finished();

private:
    void oneDone();
    kosa8::Kosa8Runner* m_runner;
    QPointer<kosa8::Kosa8Job> m_job;
    quint64 m_generation = 0;
    int m_pending = 0;
};

} // namespace k8::history

Q_DECLARE_METATYPE(k8::kosa8::AuditVerifyResult)
Q_DECLARE_METATYPE(k8::agent::LedgerVerifyResult)
