# SPDX-License-Identifier: MIT
# junqi - a plain GNU Makefile (see README.md).
#   make            library (lib/libjunqi.a) and tools (bin/)
#   make demo       validate the bundled real game and print its final position
#   make check      build and run the test suite
#   make asan       the test suite under AddressSanitizer + UBSan (separate build dir)
#   make bench      benchmarks (moves validated per second, perft nodes per second)
#   make fuzz       libFuzzer harnesses (clang)
#   make install PREFIX=/usr/local

PREFIX    ?= /usr/local
DESTDIR   ?=
BUILD     ?= build
BINDIR    ?= bin
LIBDIR    ?= lib
CC        ?= cc
PKG_CONFIG ?= pkg-config
WERROR    ?= -Werror
OPT       ?= -O2 -g
CFLAGS    ?= $(OPT)
CFLAGS    += -std=c11 -Wall -Wextra $(WERROR) -D_POSIX_C_SOURCE=200809L -MMD -MP \
             -Ilibcore -Iformats -Itools
LDLIBS_CORE := -lyaml -lm -pthread
VERSION   := 0.1.0

CORE_SRC    := $(wildcard libcore/*.c) $(wildcard formats/*.c)
CORE_OBJ    := $(CORE_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ     := $(BUILD)/tools/cli.o
TOOLS       := junqi-validate junqi-replay junqi-analyze
TOOL_BINS   := $(TOOLS:%=$(BINDIR)/%)
LIB         := $(LIBDIR)/libjunqi.a

# Drawing (render/): its own library, so that the core never needs cairo.
RENDER_PKGS   := pangocairo cairo libpng
RENDER_SRC    := $(wildcard render/*.c)
RENDER_OBJ    := $(RENDER_SRC:%.c=$(BUILD)/%.o)
RENDER_LIB    := $(LIBDIR)/libjunqi-render.a
RENDER_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(RENDER_PKGS) 2>/dev/null)
RENDER_LIBS   := $(shell $(PKG_CONFIG) --libs $(RENDER_PKGS) 2>/dev/null) -lgif -lm
RENDER_TOOLS  := $(if $(wildcard tools/junqi-render.c),$(BINDIR)/junqi-render)

TEST_SRC    := $(wildcard tests/test_*.c)
TEST_BINS   := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)
JSONC_CFLAGS  := $(shell $(PKG_CONFIG) --cflags json-c 2>/dev/null)
JSONC_LIBS    := $(shell $(PKG_CONFIG) --libs json-c 2>/dev/null || echo -ljson-c)

all: $(LIB) $(TOOL_BINS) $(if $(RENDER_SRC),$(RENDER_LIB)) $(RENDER_TOOLS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIB): $(CORE_OBJ)
	@mkdir -p $(LIBDIR)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/render/%.o: render/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Irender $(RENDER_CFLAGS) -c $< -o $@

$(RENDER_LIB): $(RENDER_OBJ)
	@mkdir -p $(LIBDIR)
	rm -f $@
	$(AR) rcs $@ $^

# Tools that draw (junqi-render; junqi-analyze for --graph) link the render
# library and cairo, pango, libpng, giflib.
$(BINDIR)/junqi-render: $(BUILD)/tools/junqi-render.o $(CLI_OBJ) $(RENDER_LIB) $(LIB)
	@mkdir -p $(BINDIR)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(RENDER_LIBS) $(LDLIBS_CORE)

$(BINDIR)/junqi-analyze: $(BUILD)/tools/junqi-analyze.o $(CLI_OBJ) $(RENDER_LIB) $(LIB)
	@mkdir -p $(BINDIR)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(RENDER_LIBS) $(LDLIBS_CORE)

$(BUILD)/tools/junqi-render.o $(BUILD)/tools/junqi-analyze.o: $(BUILD)/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Irender $(RENDER_CFLAGS) -c $< -o $@

$(BINDIR)/%: $(BUILD)/tools/%.o $(CLI_OBJ) $(LIB)
	@mkdir -p $(BINDIR)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_CORE)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(CLI_OBJ) $(if $(RENDER_SRC),$(RENDER_LIB)) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(JSONC_LIBS) $(if $(RENDER_SRC),$(RENDER_LIBS)) $(LDLIBS_CORE)

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CMOCKA_CFLAGS) $(JSONC_CFLAGS) -Irender $(RENDER_CFLAGS) -DJUNQI_SOURCE_DIR='"$(CURDIR)"' -c $< -o $@

# The README's first command, the main job on a bundled real game: check it,
# annotate it (demo.jgn, and its evaluation graph demo-eval.png), and draw it
# (demo.png: the final position with the caption; demo.gif: the whole game).
DEMO_GAME := samples/qq/jgs-000689.jgs
demo: all
	bin/junqi-validate $(DEMO_GAME)
	bin/junqi-replay $(DEMO_GAME)
	bin/junqi-analyze --threads 2 $(DEMO_GAME) -o demo.jgn --graph demo-eval.png
	bin/junqi-render --caption $(DEMO_GAME) -o demo.png
	bin/junqi-render --size 480 --delay 150 $(DEMO_GAME) -o demo.gif
	@grep -E '^\[(North|East|South|West)(Accuracy|Blunders) ' demo.jgn
	@echo "demo: wrote demo.jgn (the annotated game), demo-eval.png, demo.png, demo.gif"

check: all $(TEST_BINS)
	@bash tests/run-tests $(BUILD) $(BINDIR)

asan:
	JUNQI_SANITIZE=1 $(MAKE) BUILD=build-asan BINDIR=build-asan/bin LIBDIR=build-asan/lib OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check

$(BUILD)/bench/bench: $(BUILD)/bench/bench.o $(LIB)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS_CORE)

bench: $(BUILD)/bench/bench
	$(BUILD)/bench/bench

FUZZ_CC := clang
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,build-fuzz/fuzz_%,$(wildcard tests/fuzz/fuzz_*.c))
fuzz: $(FUZZ_TARGETS)
build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(CORE_SRC)
	@mkdir -p build-fuzz
	$(FUZZ_CC) -std=c11 -g -O1 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined \
	    -Ilibcore -Iformats -o $@ $^ -lyaml -lm -pthread

HEADERS := $(wildcard libcore/*.h) $(wildcard formats/*.h) $(wildcard render/*.h)
MANS    := $(wildcard docs/man/*.1)

junqi.pc: junqi.pc.in Makefile
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

install: all junqi.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/include/junqi $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(TOOL_BINS) $(RENDER_TOOLS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(LIB) $(if $(RENDER_SRC),$(RENDER_LIB)) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(HEADERS) $(DESTDIR)$(PREFIX)/include/junqi/
	install -m 644 junqi.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/
	$(if $(MANS),install -m 644 $(MANS) $(DESTDIR)$(PREFIX)/share/man/man1/)
	install -d $(DESTDIR)$(PREFIX)/share/junqi/formations
	install -m 644 samples/formations/*.yaml $(DESTDIR)$(PREFIX)/share/junqi/formations/

clean:
	rm -rf build build-asan build-fuzz bin lib junqi.pc demo.jgn demo-eval.png demo.png demo.gif

.PHONY: all demo check asan bench fuzz install clean
.SECONDARY:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- render benchmark (junqi-render, issue 4): PNG and GIF frames per second ----
$(BUILD)/bench/render_bench.o: bench/render_bench.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Irender $(RENDER_CFLAGS) -c $< -o $@

$(BUILD)/bench/render_bench: $(BUILD)/bench/render_bench.o $(RENDER_LIB) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(RENDER_LIBS) $(LDLIBS_CORE)

render-bench: $(BUILD)/bench/render_bench
	$(BUILD)/bench/render_bench

bench: render-bench
.PHONY: render-bench
# ---- end of render benchmark ----
