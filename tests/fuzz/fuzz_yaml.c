/* SPDX-License-Identifier: MIT */
/*
 * fuzz_yaml.c - libFuzzer harness for YAML formations: reading and checking
 * any input must not crash, leak or hang.
 */
#include <stddef.h>
#include <stdint.h>

#include "formation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    junqi_formations list = {0};
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_formation_read_yaml(data, len, &list, &d);
    for (size_t i = 0; i < list.n; i++)
        junqi_formation_check(&list.items[i], list.items[i].name, &d);
    junqi_formations_free(&list);
    junqi_diags_free(&d);
    return 0;
}
