// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/EgressPolicy.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace k8::kosa8 {

// Domain types read from kosa8's list output. `extra` keeps columns the app does not know,
// keyed by their lower-case name, so nothing kosa8 printed is lost.

struct Sandbox
{
    QString name;
    QString status; // running, stopped, creating, error, or other text as printed
    EgressPolicy egress;
    QStringList images;
    QDateTime created; // invalid when missing or unparseable
    QString createdText;
    QVariantMap extra;
};

struct Checkpoint
{
    QString label;
    QString id;
    QDateTime created;
    QString createdText;
    QString size;
    bool current = false;
    QVariantMap extra;
};

struct Snapshot
{
    QString id;
    QDateTime created;
    QString createdText;
    QString size;
    QVariantMap extra;
};

struct Image
{
    QString repository;
    QString tag;
    QString size;
    QVariantMap extra;
    QString reference() const { return tag.isEmpty() ? repository : repository + QLatin1Char(':') + tag; }
};

struct AuditEntry
{
    qint64 seq = -1;
    QDateTime time;
    QString timeText;
    QString actor; // human or agent
    QString action;
    QString sandbox;
    QString detail;
    QString hash;
    QVariantMap extra;
};

// `kosa8 version`: client version on the first line, daemon/worker version on a later line.
struct VersionInfo
{
    QString client;       // e.g. "0.4.2"
    QString server;       // empty when no daemon or worker answered
    QString serverLabel;  // "daemon" or "worker" or the word kosa8 printed
    QStringList rawLines; // everything printed, for the status tooltip
};

// `kosa8 audit verify`
struct AuditVerifyResult
{
    bool ok = false;
    qint64 verifiedCount = -1; // when ok
    qint64 brokenSeq = -1;     // when not ok and kosa8 named it
    QString message;           // the line kosa8 printed
};

} // namespace k8::kosa8
