#include "agent/LedgerVerifier.h"

#include "agent/Ledger.h"

#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace k8::agent {

int LedgerVerifier::run(const QString& path, QTextStream& out, QTextStream& err)
{
    if (path.isEmpty()) {
        err << tr("No ledger file was given.") << Qt::endl;
        return 1;
    }
    if (!QFileInfo::exists(path)) {
        err << tr("%1: no such file.").arg(path) << Qt::endl;
        return 1;
    }
    const LedgerVerifyResult result = Ledger::verify(path);
    if (result.ok) {
        out << tr("%1: %n entries chain", nullptr, int(result.entries)).arg(path) << Qt::endl;
        if (!result.tornLines.isEmpty()) {
            QStringList lines;
            for (int line : result.tornLines)
                lines.append(QString::number(line));
            out << tr("skipped torn lines (not JSON): %1").arg(lines.join(QStringLiteral(", "))) << Qt::endl;
        }
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
