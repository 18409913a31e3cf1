// SPDX-License-Identifier: Apache-2.0
// LedgerFlushThread (src/core/agent/ledger/LedgerFlushThread.h): a batch is written and flushed on its
// own thread, the owner is told from that thread, and the state record goes in place only after
// the entries. Real files and descriptors in a temporary folder.
#include "agent/ledger/LedgerFlushThread.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

using namespace k8::agent;

namespace {

QByteArray contentsOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestLedgerFlushThread : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesOffTheCallersThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const QString statePath = dir.filePath(QStringLiteral("ledger.state"));
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        const int stateFd = ::open(QFile::encodeName(statePath).constData(), O_RDWR | O_CREAT, 0600);
        QVERIFY(fd >= 0 && stateFd >= 0);
        QVERIFY(::write(stateFd, "an older, longer state record\n", 30) == 30);

        LedgerFlushThread flusher;
        QVERIFY(flusher.isDone()); // nothing in flight yet
        std::atomic<bool> told = false;
        std::thread::id toldOn;
        LedgerFlushJob job;
        job.fd = fd;
        job.bytes = "{\"seq\":1}\n{\"seq\":2}\n";
        job.stateFd = stateFd;
        job.state = "{\"seq\":2}\n";
        job.sizeState = true;
        flusher.start(job, [&] {
            toldOn = std::this_thread::get_id();
            told = true;
        });
        const FlushOutcome outcome = flusher.wait();
        QTRY_VERIFY(told.load());
        QVERIFY(toldOn != std::this_thread::get_id());
        QVERIFY(flusher.isDone());
        QCOMPARE(outcome.writeErrno, 0);
        QCOMPARE(outcome.syncResult, 0);
        QCOMPARE(outcome.stateErrno, 0);
        QVERIFY(outcome.syncNs >= 0);
        QCOMPARE(contentsOf(path), job.bytes);
        QCOMPARE(contentsOf(statePath), job.state); // rewritten in place and cut to one record

        // The next batch appends.
        LedgerFlushJob next;
        next.fd = fd;
        next.bytes = "{\"seq\":3}\n";
        flusher.start(next, {});
        QCOMPARE(flusher.wait().writeErrno, 0);
        QCOMPARE(contentsOf(path), job.bytes + next.bytes);
        ::close(fd);
        ::close(stateFd);
    }

    // A write that fails is reported with its errno, and the state is left alone.
    void failedWriteLeavesTheStateAlone()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const QString statePath = dir.filePath(QStringLiteral("ledger.state"));
        QFile create(path);
        QVERIFY(create.open(QIODevice::WriteOnly));
        create.close();
        const int readOnlyFd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
        const int stateFd = ::open(QFile::encodeName(statePath).constData(), O_RDWR | O_CREAT, 0600);
        QVERIFY(readOnlyFd >= 0 && stateFd >= 0);

        LedgerFlushJob job;
        job.fd = readOnlyFd;
        job.bytes = "{\"seq\":1}\n";
        job.stateFd = stateFd;
        job.state = "{\"seq\":1}\n";
        const FlushOutcome outcome = writeAndSync(job); // the same work, on this thread
        QCOMPARE(outcome.writeErrno, EBADF);
        QVERIFY(contentsOf(statePath).isEmpty());

        LedgerFlushThread flusher;
        flusher.start(job, {});
        QCOMPARE(flusher.wait().writeErrno, EBADF);
        QVERIFY(contentsOf(path).isEmpty());
        QVERIFY(contentsOf(statePath).isEmpty());
        ::close(readOnlyFd);
        ::close(stateFd);
    }

    // Ending the thread finishes the batch in flight first.
    void endingFinishesTheBatchInFlight()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        QVERIFY(fd >= 0);
        LedgerFlushJob job;
        job.fd = fd;
        job.bytes = QByteArray(1024 * 1024, 'x') + '\n';
        {
            LedgerFlushThread flusher;
            flusher.start(job, {});
        }
        QCOMPARE(contentsOf(path).size(), job.bytes.size());
        ::close(fd);
    }
};

QTEST_GUILESS_MAIN(TestLedgerFlushThread)
#include "tst_ledgerflushthread.moc"
