// SPDX-License-Identifier: Apache-2.0
#include "agent/Sha256.h"

#include <QCryptographicHash>

#if defined(K8_HAVE_OPENSSL_SHA256)
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#endif

namespace k8::agent {

#if defined(K8_HAVE_OPENSSL_SHA256)
namespace {

// Looked up once: OpenSSL 3 would otherwise find the algorithm again for every digest.
const EVP_MD* sha256Algorithm()
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    static const EVP_MD* const algorithm = EVP_MD_fetch(nullptr, "SHA256", nullptr);
#else
    static const EVP_MD* const algorithm = EVP_sha256();
#endif
    return algorithm;
}

// Lower-case hex of the 32-byte digest, written straight into the result.
QByteArray hexOfDigest(const unsigned char* digest)
{
    static const char digits[] = "0123456789abcdef";
    QByteArray hex(64, Qt::Uninitialized);
    char* to = hex.data();
    for (int i = 0; i < 32; ++i) {
        *to++ = digits[digest[i] >> 4];
        *to++ = digits[digest[i] & 0xf];
    }
    return hex;
}

} // namespace
#endif

QByteArray sha256HexBytes(QByteArrayView bytes)
{
#if defined(K8_HAVE_OPENSSL_SHA256)
    // Every request hashes its payload, its code and its ledger entry; OpenSSL's SHA-256 (which
    // uses the CPU's SHA instructions where there are some) is several times faster than Qt's.
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (const EVP_MD* algorithm = sha256Algorithm();
        algorithm && EVP_Digest(bytes.data(), size_t(bytes.size()), digest, &size, algorithm, nullptr) == 1 &&
        size == 32)
        return hexOfDigest(digest);
        // OpenSSL without SHA-256 (a restricted provider setup): Qt's gives the same hash.
#endif
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QString sha256Hex(QByteArrayView bytes)
{
    return QString::fromLatin1(sha256HexBytes(bytes));
}

bool isSha256Hex(const QString& text)
{
    if (text.size() != 64)
        return false;
    for (const QChar c : text) {
        const bool hex = (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
        if (!hex)
            return false;
    }
    return true;
}

} // namespace k8::agent
