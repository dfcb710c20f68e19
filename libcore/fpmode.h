/* SPDX-License-Identifier: MIT */
/*
 * fpmode.h - every floating-point operation of the engine rounded to double,
 * on x87 too (internal to libcore: not installed).
 *
 * Why: the engine's values (win probabilities, a chance node's expectation
 * over its outcomes, a sample's mean) are doubles, and its results (the moves
 * it chooses, its node counts, the bench signature a test pins) must be a
 * function of the position and the limits only (docs/engine.md), on every
 * machine. On 32-bit x86 without SSE2 arithmetic (gcc -m32's default, and
 * Debian's i386), the x87 unit keeps 64 bits of mantissa in intermediate
 * results: an expression is rounded to double once, at its end, where SSE2
 * and every 64-bit machine round after each operation, so two values that
 * tie elsewhere differ in the last bit there, and a search breaks the tie the
 * other way (the flip bench signature came to 3,854,267 nodes on i386 against
 * 3,854,243). Setting the x87 precision control to double makes each
 * operation round as SSE2 does (the exponent's range stays wider, which only
 * results beyond 1e308 or below 1e-308 could notice; no engine value is
 * one). Threads created while it is set start with it (POSIX: a new thread
 * inherits its creator's floating-point environment). Elsewhere both
 * functions do nothing.
 *
 * Use: `junqi_fp_mode m = junqi_fp_double_begin(); ... junqi_fp_end(m);`
 * around a public entry point's work, so the caller's own setting is back
 * when it returns.
 */
#ifndef JUNQI_FPMODE_H
#define JUNQI_FPMODE_H

#if defined(__GNUC__) && defined(__i386__) && !defined(__SSE2_MATH__)
#define JUNQI_FP_X87 1
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The floating-point control word before junqi_fp_double_begin(). */
typedef unsigned short junqi_fp_mode;

/* Round every x87 operation to double from now on; returns the setting to
 * give back to junqi_fp_end(). */
static inline junqi_fp_mode junqi_fp_double_begin(void)
{
    junqi_fp_mode saved = 0;
#ifdef JUNQI_FP_X87
    junqi_fp_mode cw;
    __asm__ volatile("fnstcw %0" : "=m"(saved));
    cw = (junqi_fp_mode)((saved & ~0x300u) | 0x200u); /* precision control (bits 8-9): double */
    __asm__ volatile("fldcw %0" : : "m"(cw));
#endif
    return saved;
}

/* Restore the setting junqi_fp_double_begin() returned. */
static inline void junqi_fp_end(junqi_fp_mode saved)
{
#ifdef JUNQI_FP_X87
    __asm__ volatile("fldcw %0" : : "m"(saved));
#else
    (void)saved;
#endif
}

#ifdef __cplusplus
}
#endif

#endif
