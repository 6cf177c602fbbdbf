// Model <endian.h> for the Syclone device pass: glibc's byte-order macros for
// the little-endian x86-64 host, and the conversions as inline functions (in
// plain shifts, so kernels can use them too).
#pragma once
#include <stdint.h>
#define __LITTLE_ENDIAN 1234
#define __BIG_ENDIAN 4321
#define __PDP_ENDIAN 3412
#define __BYTE_ORDER __LITTLE_ENDIAN
#define __FLOAT_WORD_ORDER __BYTE_ORDER
#define LITTLE_ENDIAN __LITTLE_ENDIAN
#define BIG_ENDIAN __BIG_ENDIAN
#define PDP_ENDIAN __PDP_ENDIAN
#define BYTE_ORDER __BYTE_ORDER

inline uint16_t __syclone_bswap16(uint16_t x) { return (uint16_t)((x >> 8) | (x << 8)); }
inline uint32_t __syclone_bswap32(uint32_t x) {
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}
inline uint64_t __syclone_bswap64(uint64_t x) {
    return ((uint64_t)__syclone_bswap32((uint32_t)x) << 32) | __syclone_bswap32((uint32_t)(x >> 32));
}

#define htobe16(x) __syclone_bswap16(x)
#define htole16(x) ((uint16_t)(x))
#define be16toh(x) __syclone_bswap16(x)
#define le16toh(x) ((uint16_t)(x))
#define htobe32(x) __syclone_bswap32(x)
#define htole32(x) ((uint32_t)(x))
#define be32toh(x) __syclone_bswap32(x)
#define le32toh(x) ((uint32_t)(x))
#define htobe64(x) __syclone_bswap64(x)
#define htole64(x) ((uint64_t)(x))
#define be64toh(x) __syclone_bswap64(x)
#define le64toh(x) ((uint64_t)(x))
