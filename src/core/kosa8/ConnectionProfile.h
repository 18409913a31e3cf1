// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMap>
#include <QProcessEnvironment>
#include <QString>

namespace k8::kosa8 {

// Where kosa8 runs and how to reach it: the executable, and for the Linux / Intel-macOS
// remote clients the worker named by KOSA8_HOST and KOSA8_TOKEN. The token is a secret: it
// goes into the child's environment and nowhere else (previews and logs mask it).
struct ConnectionProfile
{
    QString name = QStringLiteral("local");
    QString executable = QStringLiteral("kosa8"); // a path, or a name looked up on PATH
    QString host;                                 // KOSA8_HOST, empty for a local daemon
    QString token;                                // KOSA8_TOKEN, never logged
    // More variables for the child (tests point the stand-in at its state directory with
    // KOSA8_STANDIN_STATE). Applied last; not shown in previews.
    QMap<QString, QString> extraEnvironment;

    // The process environment for kosa8: the app's own, plus KOSA8_HOST/KOSA8_TOKEN when set.
    QProcessEnvironment
    environment(const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment()) const;
    // The executable resolved against PATH; empty when it cannot be found.
    QString resolvedExecutable() const;
    // Text to show instead of the token.
    static QString maskedToken() { return QStringLiteral("••••••"); }
};

// Renders a command for people: shell-quoted so it can be pasted into a terminal, with the
// remote environment shown as a prefix (KOSA8_HOST=... KOSA8_TOKEN=•••••• kosa8 ...). Never
// contains the token. Long arguments (agent code) are shown in full: the preview is exact.
QString commandPreview(const ConnectionProfile& connection, const QString& program,
                       const QStringList& arguments);
// POSIX shell quoting of one word.
QString shellQuote(const QString& word);
// Replaces every occurrence of the token in `text` (for stderr and logs).
QString maskSecrets(const QString& text, const ConnectionProfile& connection);

} // namespace k8::kosa8
