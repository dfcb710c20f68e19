/* SPDX-License-Identifier: MIT */
/*
 * termtext.h - text onto a terminal whose character set is not UTF-8, and
 * text typed on one.
 *
 * Every message, every name and every file the tools write is UTF-8 in
 * every locale (i18n.c; docs/i18n.md, "Character sets"): a file, a pipe, a
 * JSON document or an HTML page is the same bytes under LANG=zh_CN.GBK as
 * under zh_CN.UTF-8. A terminal is read by a person, not a program: under a
 * locale of another character set (zh_CN.GBK, zh_TW.BIG5 on older Chinese
 * systems) it shows UTF-8 as mojibake. So standard output and standard error
 * that are terminals get the locale's character set: their FILE is replaced
 * by one that converts (iconv) what is written into it, on its way to the
 * same descriptor. A character the set lacks is transliterated where iconv
 * can, else written as '?'.
 */
#ifndef JUNQI_TERMTEXT_H
#define JUNQI_TERMTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/**
 * Convert what stdout and stderr write to the locale's character set
 * (nl_langinfo(CODESET), after setlocale()) when each is a terminal and
 * that set is neither UTF-8 nor ASCII (the C locale, whose terminals are
 * taken to show UTF-8 as they do today). Call once, before anything is
 * written. A stream is left as it is when its conversion cannot be opened
 * (iconv lacks the set) or memory runs out: the text is then UTF-8, as
 * before. Only once: a second call does nothing. At exit the converting
 * streams are closed and the standard ones given back (atexit; stdout
 * earlier by junqi_cli_give_back_stdout(), if called). Until then
 * a replaced stream has no descriptor of its own (fileno() is -1): ask
 * junqi_cli_stream_fd() for it.
 */
void junqi_cli_terminal_charset(void);

/**
 * Close the converting stream junqi_cli_terminal_charset() made stdout, if
 * any, which writes what it holds, and make stdout the standard stream
 * again (a tool's last check of its output closes that one: coreutils'
 * close_stdout). Returns 0, or EOF when the write failed (errno says why).
 */
int junqi_cli_give_back_stdout(void);

/**
 * Text the user typed in an argument (`arg`: --select's names, a
 * formation's name) as UTF-8, the character set of every record, into buf
 * (n bytes): under a locale of another set (zh_CN.GBK) the terminal typed
 * it in that set, and compared as it is, 小明 in GBK matched no record's
 * 小明. ASCII, and any text under a UTF-8 or ASCII locale, is copied as it
 * is. False when the text is not in the locale's set (buf then holds what
 * was converted before the bad byte) or does not fit, errno then E2BIG (the
 * UTF-8 may be half as long again as the GBK typed): a usage error.
 * Not for file names, which are the file system's bytes.
 */
bool junqi_cli_locale_text(const char *arg, char *buf, size_t n);

/**
 * The descriptor `stream` writes to: 1 and 2 for stdout and stderr (also
 * when junqi_cli_terminal_charset() replaced them), else fileno(stream).
 */
int junqi_cli_stream_fd(FILE *stream);

#endif
