/* SPDX-License-Identifier: MIT */
/*
 * i18n.c - see i18n.h.
 */
#include "i18n.h"

#include <libintl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where `make install` puts the catalogs (the Makefile defines it). */
#ifndef JUNQI_LOCALEDIR
#define JUNQI_LOCALEDIR "/usr/local/share/locale"
#endif

static pthread_once_t bound = PTHREAD_ONCE_INIT;

/* bindtextdomain() once: $JUNQI_LOCALEDIR (the build tree's catalogs, for the
 * tests) or the installed LOCALEDIR. A failure (out of memory) leaves the
 * domain unbound, and gettext then answers in English. The messages are
 * UTF-8 whatever the locale's character set: they go into JSON, JGN, HTML
 * pages and Pango's captions, all UTF-8, and the tools escape what is not
 * UTF-8; gettext would convert them to GBK under LANG=zh_CN.GBK. */
static void bind_domain(void)
{
    const char *dir = getenv("JUNQI_LOCALEDIR");
    bindtextdomain(JUNQI_TEXTDOMAIN, dir && *dir ? dir : JUNQI_LOCALEDIR);
    bind_textdomain_codeset(JUNQI_TEXTDOMAIN, "UTF-8");
}

const char *junqi_i18n_gettext(const char *msgid)
{
    if (!*msgid)
        return msgid; /* "" is the catalog's header, not a message */
    pthread_once(&bound, bind_domain);
    return dgettext(JUNQI_TEXTDOMAIN, msgid);
}

const char *junqi_i18n_ngettext(const char *singular, const char *plural, unsigned long n)
{
    pthread_once(&bound, bind_domain);
    return dngettext(JUNQI_TEXTDOMAIN, singular, plural, n);
}

const char *junqi_i18n_pgettext(const char *ctx_msgid, const char *msgid)
{
    const char *t = junqi_i18n_gettext(ctx_msgid);
    return t == ctx_msgid ? msgid : t;
}

char *junqi_i18n_alternatives(char *out, size_t n, const char *const *words, size_t count)
{
    size_t used = 0;
    if (n)
        out[0] = '\0';
    for (size_t i = 0; i < count && used < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 == count ? C_("a list of alternatives", " or ")
                                                        : C_("a list of alternatives", ", ");
        int w = snprintf(out + used, n - used, "%s%s", sep, words[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    return out;
}

char *junqi_i18n_seat_list(char *out, size_t n, unsigned seats)
{
    size_t used = 0;
    if (n)
        out[0] = '\0';
    if (!(seats & ((1u << JUNQI_SEATS) - 1)))
        return junqi_seat_list(seats, out, n);
    for (int s = 0; s < JUNQI_SEATS && used < n; s++) {
        if (!(seats & (1u << s)))
            continue;
        int w = snprintf(out + used, n - used, "%s%s", used ? C_("a list of alternatives", ", ") : "",
                         _(junqi_seat_name((junqi_seat)s)));
        used += w > 0 ? (size_t)w : 0;
    }
    return out;
}

junqi_names junqi_i18n_names(void)
{
    /* TRANSLATORS: the script of the names of pieces and points in your
     * sentences: en, zh (simplified Chinese) or zh-Hant (traditional). */
    const char *script = _("en");
    if (strcmp(script, "zh") == 0)
        return JUNQI_NAMES_ZH;
    return strcmp(script, "zh-Hant") == 0 ? JUNQI_NAMES_ZH_HANT : JUNQI_NAMES_EN;
}
