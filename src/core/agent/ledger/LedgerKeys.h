// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

// The keys of a ledger entry that chain it (protocol.md "Ledger"), for the code that reads entries
// back (LedgerReader, and Ledger for the hash and the state record). Ledger::chainStaged() writes
// entries byte by byte in canonical key order and spells the keys there itself.

namespace k8::agent::ledgerkeys {

inline const QString Seq = QStringLiteral("seq");
inline const QString Prev = QStringLiteral("prev");
inline const QString Hash = QStringLiteral("hash");

} // namespace k8::agent::ledgerkeys
