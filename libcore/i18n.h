/* SPDX-License-Identifier: MIT */
/*
 * i18n.h - the messages' language: GNU gettext for the library, the drawing
 * library and the tools, in one text domain, "junqi" (docs/i18n.md).
 *
 * Internal: this header is not installed (the Makefile leaves it out of the
 * installed headers and of the umbrella junqi.h), so that `_` and `N_` never
 * reach a program that includes <junqi/junqi.h>. Its two functions are
 * exported by libjunqi.so (junqi_ prefix) for libjunqi-render and the tools.
 *
 * Translated text follows the program's LC_MESSAGES locale and GNU's
 * LANGUAGE list, as gettext(3) says; a program that never calls
 * setlocale() runs in the "C" locale and gets the English msgids. The tools
 * call junqi_cli_set_locale() (tools/cli.h) first thing. What never changes
 * with the language: JSON keys, diagnostic codes, tag names, the notation,
 * and any value a program reads back.
 *
 * The domain is bound on first use, once for the process (pthread_once, so
 * any thread may translate first), to $JUNQI_LOCALEDIR when that is set and
 * not empty (the tests run the build tree's catalogs, build/locale), else to
 * the LOCALEDIR the library was built with (make install's
 * $(PREFIX)/share/locale).
 *
 * Marking (po/POTFILES lists the files xgettext reads; `make pot`):
 *   _("text")               translate now
 *   N_("text")              a string in a table, translated where it is used
 *   P_(s, p, n)             a message that counts n things: the plural form for n
 *   C_("context", "text")   translate text as meant in context (msgctxt): one
 *                           English text with two meanings gets two translations
 * A message is a whole sentence with printf conversions (translators reorder
 * them with %1$s); never glue a sentence from fragments. Strings passed as
 * the format of junqi_diags_add() and junqi_cli_usage() are translated by
 * those functions and need no mark (`make pot` extracts them by keyword).
 */
#ifndef JUNQI_I18N_H
#define JUNQI_I18N_H

#include "piece.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The text domain of every junqi message (po/junqi.pot, junqi.mo). */
#define JUNQI_TEXTDOMAIN "junqi"

/**
 * msgid translated in domain "junqi" for the current LC_MESSAGES (the msgid
 * itself when there is no translation), in UTF-8 whatever the locale's
 * character set (a GBK locale too). The result is static (the catalog's,
 * or msgid) and must not be freed. Binds the domain on first use. Safe from
 * any thread. format_arg: the compiler checks a printf format given through
 * _() against its arguments, as with a literal.
 */
const char *junqi_i18n_gettext(const char *msgid) __attribute__((format_arg(1)));

/**
 * The singular or plural translation of a message that counts n things,
 * by the catalog's plural rule (English: singular when n == 1). Static, as
 * junqi_i18n_gettext().
 */
const char *junqi_i18n_ngettext(const char *singular, const char *plural, unsigned long n)
    __attribute__((format_arg(1))) __attribute__((format_arg(2)));

/**
 * msgid as meant in a context (gettext's msgctxt): ctx_msgid is the context,
 * "\004" and msgid glued (C_() builds it); msgid itself when there is no
 * translation. Static, as junqi_i18n_gettext().
 */
const char *junqi_i18n_pgettext(const char *ctx_msgid, const char *msgid) __attribute__((format_arg(2)));

/**
 * The script that piece and point names take inside translated sentences
 * (terms.h, junqi_point_phrase()): the catalog's answer to the msgid "en"
 * ("zh" or "zh-Hant"), JUNQI_NAMES_EN without a translation.
 */
junqi_names junqi_i18n_names(void);

/**
 * The `count` words as a list of alternatives for a message, into out (n
 * bytes, always terminated; cut short when too small): "a", "a or b", "a, b
 * or c", in the catalog's words (the separators are messages of the context
 * "a list of alternatives": zh_CN gives "a、b 或 c"). Every message that
 * lists the values an option or switch takes builds its list here. Returns out.
 */
char *junqi_i18n_alternatives(char *out, size_t n, const char *const *words, size_t count);

/**
 * The seats of mask `seats` in seat order, in the catalog's words, for a
 * message: "north, south" (zh_CN: "北家、南家"; the separator is the ", "
 * of the context "a list of alternatives"), into out (n bytes, always
 * terminated; cut short when too small); junqi_seat_list() gives the
 * English. Returns out.
 */
char *junqi_i18n_seat_list(char *out, size_t n, unsigned seats);

#define _(msgid) junqi_i18n_gettext(msgid)
#define C_(context, msgid) junqi_i18n_pgettext(context "\004" msgid, msgid)
#define N_(msgid) msgid
/* A msgid of `context` marked for the catalog (xgettext -kNC_:1c,2), translated where it is used:
 * junqi_i18n_pgettext() of the two glued as C_() glues them. */
#define NC_(context, msgid) msgid
#define P_(singular, plural, n) junqi_i18n_ngettext(singular, plural, n)

#ifdef __cplusplus
}
#endif

#endif
