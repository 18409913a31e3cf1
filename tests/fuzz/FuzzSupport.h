// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

// Shared by the harnesses in tests/fuzz: each one is an LLVMFuzzerTestOneInput() that either
// libFuzzer (KOSA8DESK_FUZZ=ON, clang) or StandaloneRunner.cpp (every build, over the seed corpus)
// calls once per input.

// Aborts with a message when an invariant of the code under test does not hold, so libFuzzer
// records the input as a crash and the ctest run fails.
#define FUZZ_ASSERT(condition, message)                                                                      \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "FUZZ_ASSERT failed at %s:%d: %s\n  %s\n", __FILE__, __LINE__, #condition,  \
                         k8fuzz::text(message).constData());                                                 \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (false)

namespace k8fuzz {

inline QByteArray text(const char* message)
{
    return QByteArray(message);
}
inline QByteArray text(const QString& message)
{
    return message.toUtf8();
}
inline QByteArray text(const QByteArray& message)
{
    return message;
}

inline QByteArray bytes(const uint8_t* data, size_t size)
{
    return QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
}

// Some code under test uses timers or tr(); they want an application object. One for the process.
inline void ensureApp()
{
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "k8fuzz";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
}

// A folder for the files of harnesses whose code under test takes paths (rules, ledger): one
// per process, removed at exit.
inline QString scratchFolder()
{
    static QTemporaryDir dir;
    FUZZ_ASSERT(dir.isValid(), "no temporary folder");
    return dir.path();
}

// Replaces the file at `path` with `content`.
inline void writeFile(const QString& path, const QByteArray& content)
{
    QFile file(path);
    FUZZ_ASSERT(file.open(QIODevice::WriteOnly | QIODevice::Truncate),
                QStringLiteral("cannot write ") + path);
    file.write(content);
}

} // namespace k8fuzz
