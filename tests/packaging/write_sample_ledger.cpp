// SPDX-License-Identifier: Apache-2.0
// Writes a small ledger with the app's own writer (agent::Ledger): three decisions of the kinds
// the app records (a person's approval of a run, a rule's rejection, a timeout).
//   write_sample_ledger OUT.jsonl
// tests/packaging/sample-ledger.jsonl was made with it; the package check
// (packaging/check-installed-package.sh) runs the installed kosa8-desk --verify-ledger on that
// file, and the ctest packaging_sample_ledger_current checks that a ledger written by today's
// writer still verifies the same way, so the committed one cannot silently go stale.

#include "agent/canonical/Sha256.h"
#include "agent/ledger/Ledger.h"
#include "agent/request/Request.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

namespace {

k8::agent::LedgerRecord record(const QString& id, k8::agent::Method method, const QString& code,
                               k8::agent::DecisionKind decision, const QString& decidedBy,
                               const QString& title)
{
    k8::agent::LedgerRecord entry;
    entry.requestId = id;
    entry.agent = QStringLiteral("sample-agent");
    entry.method = k8::agent::methodName(method);
    entry.payloadSha256 = k8::agent::sha256Hex(QStringLiteral("{\"code\":\"%1\"}").arg(code).toUtf8());
    entry.codeSha256 = k8::agent::sha256Hex(code.toUtf8());
    entry.decision = k8::agent::decisionName(decision);
    entry.decidedBy = decidedBy;
    entry.title = title;
    return entry;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2) {
        err << "usage: write_sample_ledger OUT.jsonl\n";
        return 2;
    }
    // A fresh chain: the writer continues an existing file, which is not wanted here.
    QFile::remove(args.at(1));
    QFile::remove(k8::agent::Ledger::statePath(args.at(1)));

    using k8::agent::DecisionKind;
    using k8::agent::Method;
    k8::agent::LedgerRecord run =
        record(QStringLiteral("1"), Method::Run, QStringLiteral("print(6 * 7)"), DecisionKind::Approve,
               QStringLiteral("person"), QStringLiteral("Multiply two numbers"));
    run.sandbox = QStringLiteral("code-runner");
    run.image = QStringLiteral("python:3.12-slim");
    run.language = QStringLiteral("python");
    run.checkpointLabel = QStringLiteral("before-run-1");
    run.actionSha256 = run.codeSha256;
    k8::agent::LedgerRecord ruled =
        record(QStringLiteral("2"), Method::Review, QStringLiteral("rm -rf /"), DecisionKind::Reject,
               QStringLiteral("rule:no-rm"), QStringLiteral("Clean up"));
    ruled.reason = QStringLiteral("Rejected by rule no-rm");
    const k8::agent::LedgerRecord timedOut =
        record(QStringLiteral("3"), Method::Review, QStringLiteral("ls"), DecisionKind::Reject,
               QStringLiteral("timeout"), QStringLiteral("List the files"));

    k8::agent::Ledger ledger;
    QString error;
    if (!ledger.open(args.at(1), &error)) {
        err << "write_sample_ledger: " << error << '\n';
        return 1;
    }
    for (const k8::agent::LedgerRecord& entry : {run, ruled, timedOut}) {
        if (!ledger.append(entry, &error)) {
            err << "write_sample_ledger: " << error << '\n';
            return 1;
        }
    }
    return 0;
}
