// SPDX-License-Identifier: Apache-2.0
#pragma once

// The real kosa8-desk binary and the kosa8 stand-in that the end-to-end tests start, as ctest
// names them in the environment (tests/e2e/CMakeLists.txt).

#include <QFile>
#include <QString>
#include <QtGlobal>

namespace k8::test {

class E2eBinaries
{
protected:
    // Reads both paths; returns what is missing (empty when both exist), for initTestCase's check.
    QString locateBinaries()
    {
        m_binary = qEnvironmentVariable("KOSA8_DESK_BINARY");
        m_standin = qEnvironmentVariable("KOSA8_STANDIN");
        if (!QFile::exists(m_binary))
            return QStringLiteral("KOSA8_DESK_BINARY must name the built kosa8-desk");
        if (!QFile::exists(m_standin))
            return QStringLiteral("KOSA8_STANDIN must name the kosa8 stand-in");
        return {};
    }

    QString m_binary;
    QString m_standin;
};

} // namespace k8::test
