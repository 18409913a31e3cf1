// SPDX-License-Identifier: Apache-2.0
#include "plumbing/Logging.h"

#include "files/OwnerOnly.h"

#include <QDir>
#include <QtGlobal>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <memory>
#include <vector>

namespace k8::app {

namespace {

constexpr std::size_t MaxLogFileBytes = 5 * 1024 * 1024;
constexpr std::size_t MaxLogFiles = 3;

void routeQtMessage(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    const std::string text = message.toStdString();
    const char* category = context.category ? context.category : "qt";
    switch (type) {
    case QtDebugMsg:
        spdlog::debug("[{}] {}", category, text);
        break;
    case QtInfoMsg:
        spdlog::info("[{}] {}", category, text);
        break;
    case QtWarningMsg:
        spdlog::warn("[{}] {}", category, text);
        break;
    case QtCriticalMsg:
        spdlog::error("[{}] {}", category, text);
        break;
    case QtFatalMsg:
        spdlog::critical("[{}] {}", category, text);
        spdlog::default_logger()->flush();
        std::abort();
    }
}

} // namespace

QString logFilePath(const QString& dataDir)
{
    return QDir(dataDir).filePath(QStringLiteral("logs/kosa8-desk.log"));
}

bool initLogging(const QString& dataDir, bool verbose, QString* error)
{
    std::vector<spdlog::sink_ptr> sinks;
    bool fileOk = true;
    const QString path = logFilePath(dataDir);
    if (!files::OwnerOnly::makeFolder(QFileInfo(path).absolutePath())) {
        fileOk = false;
        if (error)
            *error = QStringLiteral("cannot create the log folder %1").arg(QFileInfo(path).absolutePath());
    } else {
        // The log holds agent text: each file it opens (also after a rotation) is the owner's alone.
        spdlog::file_event_handlers ownerOnly;
        ownerOnly.after_open = [](const spdlog::filename_t&, std::FILE* stream) {
            files::OwnerOnly::restrictDescriptor(fileno(stream));
        };
        try {
            sinks.push_back(std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
                QFile::encodeName(path).toStdString(), MaxLogFileBytes, MaxLogFiles, false, ownerOnly));
        } catch (const spdlog::spdlog_ex& ex) {
            fileOk = false;
            if (error)
                *error = QString::fromStdString(ex.what());
        }
    }
    // Without a file, standard error is the only place problems can go.
    if (verbose || !fileOk) {
        auto stderrSink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
        sinks.push_back(stderrSink);
    }
    auto logger = std::make_shared<spdlog::logger>("kosa8-desk", sinks.begin(), sinks.end());
    logger->set_level(verbose ? spdlog::level::debug : spdlog::level::info);
    logger->set_pattern("%Y-%m-%d %H:%M:%S.%e [%l] %v");
    // Warnings and errors reach the file at once: they are what people look for after a crash.
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    qInstallMessageHandler(routeQtMessage);
    return fileOk;
}

void shutdownLogging()
{
    qInstallMessageHandler(nullptr);
    if (auto logger = spdlog::default_logger())
        logger->flush();
}

} // namespace k8::app
