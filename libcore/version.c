/* SPDX-License-Identifier: MIT */
/*
 * version.c - see version.h (generated from version.h.in).
 */
#include "version.h"

const char *junqi_version(void)
{
    return JUNQI_VERSION;
}

int junqi_version_number(void)
{
    return JUNQI_VERSION_NUMBER;
}
