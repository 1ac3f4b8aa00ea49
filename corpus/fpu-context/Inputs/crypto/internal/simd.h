#ifndef _CRYPTO_INTERNAL_SIMD_H
#define _CRYPTO_INTERNAL_SIMD_H
/* include/crypto/internal/simd.h without the self-tests' switch. */
#include <asm/simd.h>
#define crypto_simd_usable() may_use_simd()
#endif
