// SPDX-License-Identifier: Apache-2.0
#include "files/OwnerOnly.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace k8::files {

namespace {
constexpr mode_t FolderMode = S_IRWXU;
constexpr mode_t FileMode = S_IRUSR | S_IWUSR;
constexpr mode_t GroupAndOthers = S_IRWXG | S_IRWXO;

// Clears the group's and others' bits of one entry, never through a symbolic link. 1 when it
// changed, 0 when there was nothing to do, -1 when it could not be read or changed.
int tightenEntry(const QByteArray& path)
{
    struct stat st = {};
    if (::lstat(path.constData(), &st) != 0)
        return -1;
    if (S_ISLNK(st.st_mode) || (st.st_mode & GroupAndOthers) == 0)
        return 0;
    return ::chmod(path.constData(), st.st_mode & ~GroupAndOthers & 07777) == 0 ? 1 : -1;
}
} // namespace

bool OwnerOnly::makeFolder(const QString& path, QString* error)
{
    if (!QDir().mkpath(path)) {
        if (error)
            *error = QStringLiteral("cannot create the folder %1").arg(path);
        return false;
    }
    if (::chmod(QFile::encodeName(path).constData(), FolderMode) != 0) {
        if (error)
            *error = QStringLiteral("cannot make the folder %1 owner-only: %2")
                         .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    return true;
}

bool OwnerOnly::restrictFile(QFileDevice& file)
{
    return file.setPermissions(FilePermissions);
}

bool OwnerOnly::restrictFile(const QString& path)
{
    const QByteArray name = QFile::encodeName(path);
    // Even a chmod that changes nothing marks the file changed (its ctime); the settings are
    // restricted after every sync, most of which wrote nothing.
    struct stat st = {};
    if (::stat(name.constData(), &st) == 0 && (st.st_mode & 07777) == FileMode && st.st_uid == ::geteuid())
        return true;
    return ::chmod(name.constData(), FileMode) == 0 || errno == ENOENT;
}

bool OwnerOnly::ensureFile(const QString& path)
{
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, FileMode);
    if (fd >= 0)
        return ::close(fd) == 0;
    return errno == EEXIST;
}

bool OwnerOnly::restrictDescriptor(int fd)
{
    return ::fchmod(fd, FileMode) == 0;
}

int OwnerOnly::tightenTree(const QString& folder)
{
    const int top = tightenEntry(QFile::encodeName(folder));
    if (top < 0)
        return -1;
    int changed = top;
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        changed += qMax(0, tightenEntry(QFile::encodeName(it.next())));
    return changed;
}

} // namespace k8::files
