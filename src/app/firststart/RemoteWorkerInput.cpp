// SPDX-License-Identifier: Apache-2.0
#include "firststart/RemoteWorkerInput.h"

namespace k8::app {

namespace {

bool hasControlCharacter(const QString& text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            return true;
    }
    return false;
}

bool hasSpace(const QString& text)
{
    for (const QChar c : text) {
        if (c.isSpace())
            return true;
    }
    return false;
}

} // namespace

RemoteWorkerInput RemoteWorkerInput::normalized() const
{
    return {name.trimmed(), host.trimmed(), token.trimmed()};
}

QString RemoteWorkerInput::problem() const
{
    const RemoteWorkerInput input = normalized();
    if (input.name.isEmpty())
        return tr("Give the worker a name, such as “studio mac”.");
    if (input.name.size() > MaxNameLength)
        return tr("The name is too long: at most %n characters.", nullptr, MaxNameLength);
    if (hasControlCharacter(input.name))
        return tr("The name must not contain control or invisible characters.");
    if (input.host.isEmpty())
        return tr("Enter the worker's host, such as worker.example.com or worker.example.com:7443.");
    // The same rule as the settings' remote host (SettingsDialog), plus what an environment
    // variable cannot carry safely.
    if (hasSpace(input.host))
        return tr("The host must not contain spaces.");
    if (hasControlCharacter(input.host))
        return tr("The host must not contain control or invisible characters.");
    if (input.host.size() > MaxHostLength)
        return tr("The host is too long: at most %n characters.", nullptr, MaxHostLength);
    if (input.token.isEmpty())
        return tr("Enter the worker's token (its owner gives it to you).");
    if (hasSpace(input.token) || hasControlCharacter(input.token))
        return tr("The token must not contain spaces, line breaks or invisible characters; paste it "
                  "again without them.");
    return {};
}

} // namespace k8::app
