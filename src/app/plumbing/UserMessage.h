// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMetaType>
#include <QString>

namespace k8::app {

// A message for the non-modal message area of the main window (never a modal box storm).
struct UserMessage
{
    enum class Severity
    {
        Info,
        Warning,
        Error
    };
    Severity severity = Severity::Error;
    QString title;   // one line: "Could not list sandboxes"
    QString text;    // short explanation; may name the command and exit code
    QString details; // long text shown on request (stderr, unreadable lines), monospace
    // Messages with the same non-empty key replace each other (a failing refresh shows one
    // message with a repeat count, not one per attempt).
    QString key;
};

} // namespace k8::app

Q_DECLARE_METATYPE(k8::app::UserMessage)
