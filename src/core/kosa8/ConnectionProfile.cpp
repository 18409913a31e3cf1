// SPDX-License-Identifier: Apache-2.0
#include "kosa8/ConnectionProfile.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace k8::kosa8 {

QProcessEnvironment ConnectionProfile::environment(const QProcessEnvironment& base) const
{
    QProcessEnvironment env = base;
    if (!host.isEmpty())
        env.insert(QStringLiteral("KOSA8_HOST"), host);
    if (!token.isEmpty())
        env.insert(QStringLiteral("KOSA8_TOKEN"), token);
    for (auto it = extraEnvironment.begin(); it != extraEnvironment.end(); ++it)
        env.insert(it.key(), it.value());
    return env;
}

QString ConnectionProfile::resolvedExecutable() const
{
    const QString program = executable.trimmed();
    if (program.isEmpty())
        return {};
    if (program.contains(QLatin1Char('/'))) {
        const QFileInfo info(QDir::cleanPath(QDir::fromNativeSeparators(program)));
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
        return {};
    }
    // Look the name up on the PATH the child would get, not only the app's own.
    const QString path = environment().value(QStringLiteral("PATH"));
    const QStringList dirs = path.split(QDir::listSeparator(), Qt::SkipEmptyParts);
    return dirs.isEmpty() ? QStandardPaths::findExecutable(program)
                          : QStandardPaths::findExecutable(program, dirs);
}

QString shellQuote(const QString& word)
{
    if (word.isEmpty())
        return QStringLiteral("''");
    bool plain = true;
    for (const QChar c : word) {
        const char16_t u = c.unicode();
        const bool safe = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') ||
                          u == u'_' || u == u'-' || u == u'.' || u == u'/' || u == u':' || u == u',' ||
                          u == u'+' || u == u'=' || u == u'@' || u == u'%';
        if (!safe) {
            plain = false;
            break;
        }
    }
    if (plain)
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString commandPreview(const ConnectionProfile& connection, const QString& program,
                       const QStringList& arguments)
{
    QStringList parts;
    if (!connection.host.isEmpty())
        parts.append(QStringLiteral("KOSA8_HOST=") + shellQuote(connection.host));
    if (!connection.token.isEmpty())
        parts.append(QStringLiteral("KOSA8_TOKEN=") + ConnectionProfile::maskedToken());
    parts.append(shellQuote(program));
    for (const QString& argument : arguments)
        parts.append(shellQuote(maskSecrets(argument, connection)));
    return maskSecrets(parts.join(QLatin1Char(' ')), connection);
}

QString maskSecrets(const QString& text, const ConnectionProfile& connection)
{
    if (connection.token.isEmpty() || !text.contains(connection.token))
        return text;
    QString masked = text;
    masked.replace(connection.token, ConnectionProfile::maskedToken());
    return masked;
}

} // namespace k8::kosa8
