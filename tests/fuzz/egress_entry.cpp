// SPDX-License-Identifier: Apache-2.0
// Egress allow-list entries and destinations (policy/EgressEntry): the input is split at its
// first '\n' into an entry and a destination.
// Invariants: a valid entry's sent form (what kosa8 gets) passes Names::checkHost, as
// Kosa8Runner checks it again, and parses back to an entry allowing the same traffic; an entry
// covers itself; an invalid entry says why and sends nothing; a destination allowed by an entry
// with a port has that port.
#include "FuzzSupport.h"

#include "kosa8/Names.h"
#include "policy/EgressEntry.h"

using namespace k8::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = k8fuzz::bytes(data, size);
    const qsizetype newline = input.indexOf('\n');
    const QString entryText = QString::fromUtf8(newline < 0 ? input : input.left(newline));
    const QString destinationText = newline < 0 ? QString() : QString::fromUtf8(input.mid(newline + 1));

    const EgressEntry entry = EgressEntry::parse(entryText);
    if (entry.isValid()) {
        FUZZ_ASSERT(entry.error.isEmpty(), "a valid entry with an error");
        const QString sent = entry.sentForm();
        FUZZ_ASSERT(!sent.isEmpty(), "a valid entry sends nothing");
        FUZZ_ASSERT(k8::kosa8::Names::checkHost(sent).isEmpty(),
                    QStringLiteral("kosa8 would refuse the sent form: ") + sent);
        const EgressEntry again = EgressEntry::parse(sent);
        FUZZ_ASSERT(again.isValid(), QStringLiteral("the sent form does not parse: ") + sent);
        FUZZ_ASSERT(again.key() == entry.key(),
                    QStringLiteral("the sent form allows other traffic: ") + sent);
        FUZZ_ASSERT(entry.covers(entry), "an entry does not cover itself");
        FUZZ_ASSERT(entry.port >= 0 && entry.port <= 65535, "a port out of range");
        if (entry.kind == EgressEntry::Kind::Address || entry.kind == EgressEntry::Kind::Block)
            FUZZ_ASSERT(entry.network.size() == (entry.ipv6 ? 16 : 4), "address bytes of the wrong size");
    } else {
        FUZZ_ASSERT(!entry.error.isEmpty(), "an invalid entry without a reason");
        FUZZ_ASSERT(entry.sentForm().isEmpty(), "an invalid entry sends something");
    }

    const Destination destination =
        Destination::parse(destinationText.isNull() ? entryText : destinationText);
    if (destination.isValid()) {
        FUZZ_ASSERT(destination.port >= 0 && destination.port <= 65535, "a destination port out of range");
        if (destination.isAddress)
            FUZZ_ASSERT(destination.address.size() == (destination.ipv6 ? 16 : 4), "destination bytes wrong");
    }
    if (entryAllows(entry, destination)) {
        FUZZ_ASSERT(entry.isValid() && destination.isValid(), "something invalid lets traffic through");
        FUZZ_ASSERT(entry.port == 0 || entry.port == destination.port, "allowed on another port");
    }
    return 0;
}
