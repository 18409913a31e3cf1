// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

class QTextStream;

namespace k8::agent {

// `kosa8-desk --verify-ledger [FILE | DATA_FOLDER]`: checks the ledger's hash chain, and compares
// its end with the one the app remembers beside it (Ledger::statePath()), and says so on the console.
class LedgerVerifier
{
    Q_DECLARE_TR_FUNCTIONS(LedgerVerifier)

public:
    // `path` is the ledger file or the data folder that holds ledger.jsonl. Prints "N entries
    // chain" (and skipped torn lines, and whether the ledger ends where the app left it) to `out`
    // and returns 0; or prints the first seq that does not chain (with its line), or how the
    // ledger is shorter than or different from what the app wrote, to `err` and returns 1.
    static int run(const QString& path, QTextStream& out, QTextStream& err);
    // The same, on stdout and stderr.
    static int runOnConsole(const QString& path);
};

} // namespace k8::agent
