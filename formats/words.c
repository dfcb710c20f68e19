/* SPDX-License-Identifier: MIT */
/* words.c - the words the position notations share. See words.h. */
#include "words.h"

#include <stdio.h>

#include "i18n.h"

bool junqi_words_counter(const char *w, size_t n, const char *what, long max, long *out, size_t *at,
                         char *msg, size_t size)
{
    long v = 0;
    for (size_t i = 0; i < n; i++)
        if (w[i] < '0' || w[i] > '9' || (v = v * 10 + w[i] - '0') > max) {
            *at = i;
            snprintf(msg, size, _("the %s must be a number from 0 to %ld"), _(what), max);
            return false;
        }
    if (n > 1 && w[0] == '0') {
        *at = 0;
        snprintf(msg, size, _("the %s is written without leading zeros"), _(what));
        return false;
    }
    *out = v;
    return true;
}

bool junqi_words_rules(const char *w, size_t n, int board, const junqi_rules **rules, char *err,
                       size_t size)
{
    char text[JUNQI_RULES_TEXT_MAX + 2];
    snprintf(text, sizeof text, "%.*s", (int)(n <= JUNQI_RULES_TEXT_MAX ? n : JUNQI_RULES_TEXT_MAX + 1), w);
    return junqi_rules_parse(text, board, rules, err, size);
}
