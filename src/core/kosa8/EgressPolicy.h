// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace k8::kosa8 {

// A sandbox's egress: deny (no network, DNS included), any, fakenet, or an allow-list.
struct EgressPolicy
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::EgressPolicy)
public:
    enum class Mode
    {
        Deny,
        Any,
        Fakenet,
        Allow,
        Unknown
    };
    Mode mode = Mode::Deny;
    QStringList hosts; // only for Allow
    QString raw;       // the text it was parsed from (kept for Unknown)

    // Parses kosa8's EGRESS column: "deny", "any", "fakenet", "allow:HOST,HOST". Other text -> Unknown.
    static EgressPolicy parse(const QString& text);
    static EgressPolicy deny() { return {}; }
    static EgressPolicy allow(const QStringList& hosts);
    // Back to kosa8's column format ("allow:a.com,b.com").
    QString toString() const;
    // Short text for the UI ("No network", "Allow: pypi.org +2").
    QString summary() const;
    // Mode name for --egress ("deny", "any", "fakenet"); empty for Allow/Unknown.
    QString modeName() const;
    // Same mode and hosts; `raw` only counts for Unknown, so parse("deny") == deny().
    bool operator==(const EgressPolicy& other) const;
};

} // namespace k8::kosa8
