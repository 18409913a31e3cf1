// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/payload/PayloadShapes.h"
#include "agent/request/Request.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace k8::agent {

// What a standing approve rule binds for one action (protocol.md "Standing rules"): the whole
// action, hashed so that anyone can recompute it.
//  - run:             {"method":"run","language","code","sandbox","image","checkpoint"} with the
//                     sandbox and image the run really uses (defaults resolved);
//  - HITL (batched or per-call)/Agent Inbox: {"method":"review","name","args"} with the complete
//                     args;
//  - any other payload: {"method":"review","payload"} with the whole payload.
struct ActionBinding
{
    // The object above. For a plain payload only the payload is kept and the object is built when
    // asked for: putting a payload into a QJsonObject copies it whole, on every request a rule
    // decides, while only a person's "always approve" reads the object.
    QJsonObject bound() const;
    QJsonObject boundObject; // run and tool actions: the object (empty for a plain payload)
    QJsonValue boundPayload; // a plain payload: the payload
    bool boundIsPayload = false;
    QString actionSha256; // SHA-256 of its RFC 8785 canonical JSON, lower-case hex
    QString codeSha256;   // SHA-256 of the action's code (UTF-8); empty: the action holds none
    // The action holds nothing but its code, so a rule naming only code_sha256 may approve it: a
    // plain payload whose other keys are the strings question/title/description; a tool action
    // whose args are exactly its code argument; a python run in the app's default sandbox with
    // the default image and a checkpoint.
    bool codeOnly = false;
    // False when the hash cannot stand for exactly what the agent sent: a string with a lone
    // surrogate (UTF-8 has no form for it, so distinct strings would hash the same) or an integer
    // beyond 2^53 (JSON parsers disagree on it). Such an action is never approved by a rule.
    bool exact = true;
    // With a person's decision applied: false for an action the person did not approve (reject,
    // respond); its hashes are then empty.
    bool approved = true;
};

// Every action of a request as the agent sent it, in order. `defaults` are the app's run
// defaults now (the default sandbox and image decide whether a run is codeOnly). Computed once
// per request and shared by the rules and the ledger.
QList<ActionBinding> actionBindings(const Request& request, const RunDefaults& defaults);

// The same with a person's decision applied: edited args (or the edited code of a run) and, for
// a run, the sandbox and image the person chose. One entry per action; actions the decision does
// not approve or edit have approved == false. A decision that does not fit the request (wrong
// number of actions) gives an empty list.
QList<ActionBinding> approvedActionBindings(const Request& request, const PersonDecision& decision,
                                            const RunDefaults& defaults);

// The binding of exactly the run `spec` describes (the code, sandbox and image that run).
ActionBinding runBinding(const RunSpec& spec, const RunDefaults& defaults);

// The ledger's action_sha256: one entry per action in order, comma-joined, an empty entry for an
// action that was not approved; empty when no action was approved.
QString approvedActionSha256s(const QList<ActionBinding>& bindings);

// Why `value` cannot be hashed faithfully (see ActionBinding::exact), or empty.
QString inexactReason(const QJsonValue& value);

// Why no standing rule may approve the action of `binding`, though a rule's hash matches it: one
// of its strings (or keys) holds text that can hide code from the person reading it or make an
// interpreter read other code than shown (HiddenText::canHideCode: a bidi control, an invisible
// or control character, a lone CR, a line separator, a source-encoding declaration other than
// UTF-8). Empty when there is none. A person decides such an action, with the warning in view.
QString hidingReason(const ActionBinding& binding);
// The same for one JSON value (a run's code, a rule's code).
QString hidingReason(const QJsonValue& value);

} // namespace k8::agent
