#pragma once

#include <QCoreApplication>
#include <QString>

class QTextStream;

namespace k8::agent {

// `kosa8-desk --verify-ledger FILE`: checks the ledger's hash chain and says so on the console.
class LedgerVerifier
{
    Q_DECLARE_TR_FUNCTIONS(LedgerVerifier)

public:
    // Prints "N entries chain" (and skipped torn lines) to `out` and returns 0, or prints the
    // first seq that does not chain (with its line) to `err` and returns 1.
    static int run(const QString& path, QTextStream& out, QTextStream& err);
    // The same, on stdout and stderr.
    static int runOnConsole(const QString& path);
};

} // namespace k8::agent
