#include "agent/Ledger.h"

namespace k8::agent {

// Initial version: refuses to append (fail closed) until the full implementation lands.
Ledger::~Ledger() = default;
bool Ledger::open(const QString& path, QString*, QString*)
{
    m_path = path;
    return true;
}
bool Ledger::isOpen() const
{
    return false;
}
bool Ledger::append(const LedgerRecord&, QString* error)
{
    if (error)
        *error = QStringLiteral("ledger not implemented yet");
    return false;
}
LedgerVerifyResult Ledger::verify(const QString&)
{
    return {};
}
QList<QJsonObject> Ledger::readRecent(const QString&, int, QString*)
{
    return {};
}
QString Ledger::zeroHash()
{
    return QString(64, u'0');
}
QString Ledger::entryHash(const QJsonObject&)
{
    return {};
}

} // namespace k8::agent
