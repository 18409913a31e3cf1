// SPDX-License-Identifier: Apache-2.0
#include "history/AuditVerifier.h"

#include "agent/ledger/LedgerReader.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"

#include <QThread>

namespace k8::history {

AuditVerifier::AuditVerifier(kosa8::Kosa8Runner* runner, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
{
    qRegisterMetaType<k8::kosa8::AuditVerifyResult>();
    qRegisterMetaType<k8::agent::LedgerVerifyResult>();
}

AuditVerifier::~AuditVerifier()
{
    if (m_job)
        m_job->cancel();
}

void AuditVerifier::oneDone()
{
    if (--m_pending == 0)
        Q_EMIT finished();
}

void AuditVerifier::start(const QString& ledgerPath)
{
    if (m_job) {
        m_job->disconnect(this);
        m_job->cancel();
    }
    const quint64 generation = ++m_generation;
    m_pending = (ledgerPath.isEmpty() ? 0 : 1) + (m_runner ? 1 : 0);
    if (m_pending == 0)
        return;

    // Without a runner (a ledger-only history) there is no kosa8 log to verify.
    if (m_runner)
        m_job = m_runner->start(kosa8::Operation::AuditVerify);
    if (m_job)
        connect(m_job, &kosa8::Kosa8Job::finished, this, [this, generation](const kosa8::JobResult& job) {
            if (generation != m_generation)
                return;
            kosa8::AuditVerifyResult result;
            if (job.outcome == kosa8::JobResult::Outcome::Finished)
                result = kosa8::ListParser::auditVerify(job.exitCode, job.stdoutData, job.stderrData);
            else
                result.message = job.describeFailure();
            Q_EMIT kosa8Verified(result, job);
            oneDone();
        });

    if (ledgerPath.isEmpty())
        return;
    QPointer<AuditVerifier> self(this);
    QThread* thread = QThread::create([self, ledgerPath, generation] {
        const agent::LedgerVerifyResult result = agent::LedgerReader::verify(ledgerPath);
        // Delivered on the verifier's thread; dropped when the verifier is gone.
        if (!self)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, result, generation] {
                if (!self || generation != self->m_generation)
                    return;
                Q_EMIT self->ledgerVerified(result);
                self->oneDone();
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

QString AuditVerifier::commandPreview() const
{
    return m_runner ? m_runner->preview(kosa8::Operation::AuditVerify, {}) : QString();
}

QString AuditVerifier::describe(const kosa8::AuditVerifyResult& result, const kosa8::JobResult& job)
{
    if (job.outcome != kosa8::JobResult::Outcome::Finished)
        return tr("kosa8's audit log could not be verified: %1").arg(job.describeFailure());
    if (result.ok) {
        if (result.verifiedCount >= 0)
            return tr("kosa8's audit log chains: %n entries verified.", nullptr,
                      int(qMin<qint64>(result.verifiedCount, INT_MAX)));
        return tr("kosa8's audit log chains (%1).").arg(result.message);
    }
    if (result.brokenSeq >= 0)
        return tr("kosa8's audit log does NOT chain: the first entry that does not is SEQ %1 (%2).")
            .arg(result.brokenSeq)
            .arg(result.message);
    return tr("kosa8's audit log does NOT chain (exit code %1): %2").arg(job.exitCode).arg(result.message);
}

QString AuditVerifier::describe(const agent::LedgerVerifyResult& result)
{
    if (result.ok)
        return tr("The app's ledger chains: %n entries verified.", nullptr,
                  int(qMin<qint64>(result.entries, INT_MAX)));
    if (result.firstBadSeq >= 0)
        return tr("The app's ledger does NOT chain: the first entry that does not is seq %1 (line "
                  "%2). %3")
            .arg(result.firstBadSeq)
            .arg(result.firstBadLine)
            .arg(result.message);
    return tr("The app's ledger does NOT chain: %1").arg(result.message);
}

} // namespace k8::history
