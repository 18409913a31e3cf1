// SPDX-License-Identifier: Apache-2.0
#include "agent/ledger/LedgerVerifier.h"

#include "agent/ledger/Ledger.h"

#include <QDir>
#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace k8::agent {

int LedgerVerifier::run(const QString& given, QTextStream& out, QTextStream& err)
{
    if (given.isEmpty()) {
        err << tr("No ledger file was given.") << Qt::endl;
        return 1;
    }
    // A data folder stands for the ledger in it (and the state beside it).
    const bool isFolder = QFileInfo(given).isDir();
    const QString path = isFolder ? QDir(given).filePath(QStringLiteral("ledger.jsonl")) : given;
    const bool stateExists = QFileInfo::exists(Ledger::statePath(path));
    if (!QFileInfo::exists(path)) {
        // A ledger the app remembers writing is gone: that is the loudest case of a lost tail.
        const LedgerStateCheck check = Ledger::checkState(path, 0, Ledger::zeroHash());
        err << (check.isAlarm() ? check.message : tr("%1: no such file.").arg(path)) << Qt::endl;
        return 1;
    }
    const LedgerVerifyResult result = Ledger::verify(path);
    if (result.ok) {
        // Scripts read this line ("N entries chain", packaging/check-installed-package.sh): its
        // English plural forms are both this one (translations/kosa8-desk_en.ts).
        out << tr("%1: %n entries chain", nullptr, int(result.entries)).arg(path) << Qt::endl;
        if (!result.tornLines.isEmpty()) {
            QStringList lines;
            for (int line : result.tornLines)
                lines.append(QString::number(line));
            out << tr("skipped torn lines (not JSON): %1").arg(lines.join(QStringLiteral(", "))) << Qt::endl;
        }
        // A chain shows changes inside the file; only the remembered end shows a lost tail or a
        // file rewritten as a whole. A copied ledger has no state beside it: chain only.
        if (!isFolder && !stateExists) {
            out << tr("No remembered end beside it (%1): only the chain was checked.")
                       .arg(Ledger::statePath(path))
                << Qt::endl;
            return 0;
        }
        const LedgerStateCheck check = Ledger::checkState(path, result.entries, result.lastHash);
        if (check.isAlarm()) {
            err << check.message << Qt::endl;
            return 1;
        }
        if (check.outcome == LedgerStateCheck::Outcome::NoState)
            out << check.message << Qt::endl;
        else if (check.rememberedSeq >= 0)
            out << tr("It ends where kosa8 Desk left it (entry %1 as recorded in %2).")
                       .arg(check.rememberedSeq)
                       .arg(Ledger::statePath(path))
                << Qt::endl;
        return 0;
    }
    QString where;
    if (result.firstBadSeq >= 0)
        where = tr("first entry that does not chain: seq %1 (line %2)")
                    .arg(result.firstBadSeq)
                    .arg(result.firstBadLine);
    else if (result.firstBadLine > 0)
        where = tr("first line that does not chain: line %1").arg(result.firstBadLine);
    err << tr("%1: the ledger does not verify; %2 entries chain before the break.")
               .arg(path)
               .arg(result.entries)
        << Qt::endl;
    if (!where.isEmpty())
        err << where << Qt::endl;
    if (!result.message.isEmpty())
        err << result.message << Qt::endl;
    return 1;
}

int LedgerVerifier::runOnConsole(const QString& path)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    return run(path, out, err);
}

} // namespace k8::agent
