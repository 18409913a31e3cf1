// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>

#include <functional>

namespace k8::secrets {

// Where secrets (connection tokens) are kept, one per key (a profile id). Every operation is
// asynchronous: it returns at once and calls `done` later from the event loop (never from inside
// the call), and not at all once `context` is gone. A secret is never logged.
class SecretStore : public QObject
{
    Q_OBJECT
public:
    enum class Error
    {
        None,
        NoBackend,    // no keychain answers (no secret service, locked and cannot be unlocked, ...)
        NotFound,     // the store works, but holds nothing under this key
        AccessDenied, // the person or the system refused
        Other,
    };
    Q_ENUM(Error)

    struct Result
    {
        Error error = Error::None;
        QString secret;  // read() only
        QString message; // the backend's own words, for the person (never contains the secret)
        bool ok() const { return error == Error::None; }
    };
    using Callback = std::function<void(const Result&)>;

    using QObject::QObject;

    virtual void read(const QString& key, QObject* context, Callback done) = 0;
    virtual void write(const QString& key, const QString& secret, QObject* context, Callback done) = 0;
    // Removing a key that is not there is not an error.
    virtual void remove(const QString& key, QObject* context, Callback done) = 0;
    // For people: "the system keychain", "memory (this session only)".
    virtual QString description() const = 0;
    // False when secrets kept here are lost at quit.
    virtual bool isPersistent() const = 0;

    // A sentence for the person about an error ("No keychain is available", ...).
    static QString describe(Error error);
};

} // namespace k8::secrets
