# SPDX-License-Identifier: MIT
# junqi - a plain GNU Makefile (see README.md).
#   make              the libraries (lib/: libjunqi and libjunqi-render, shared and
#                     static), the tools (bin/), the benchmarks and the man pages
#   make demo         validate, annotate and draw the bundled real game
#   make check        build and run the test suite (units, tools, Python binding)
#   make asan         the test suite under AddressSanitizer + UBSan (separate build dir)
#   make cluster-check annotate games through a single-node Slurm (scripts/cluster-check)
#   make installcheck install into a temporary prefix, build and run programs
#                     against it with pkg-config alone, uninstall (tests/installcheck)
#   make bench        benchmarks (moves validated per second, perft nodes per second)
#   make fuzz         libFuzzer harnesses (clang); make fuzz-smoke runs them briefly (CI)
#   make pot          po/junqi.pot from the sources po/POTFILES lists; make update-po
#                     merges it into every po/LL.po (docs/i18n.md)
#   make install      PREFIX, DESTDIR, BINDIR, LIBDIR, INCLUDEDIR, MANDIR, DOCDIR, LOCALEDIR,
#                     FORMATIONDIR, PKGCONFIGDIR, PYTHONDIR
#   make uninstall    remove exactly what `make install` put there (same variables)
#
# Distribution builds: CFLAGS, CPPFLAGS and LDFLAGS are the builder's and reach
# every compile and link (make CFLAGS="-O2 -g", or dpkg-buildflags' hardening
# flags); the project's own flags live in JUNQI_CFLAGS and JUNQI_CPPFLAGS.
# WERROR is -Werror in a git checkout (developers, CI) and empty in a release
# tarball; either way `make WERROR=` or `make WERROR=-Werror` decides.

# ---- the one version: man pages, --version, junqi.pc, junqi/version.h ----
VERSION       := 0.1.0
version_parts := $(subst ., ,$(VERSION))
VERSION_MAJOR := $(word 1,$(version_parts))
VERSION_MINOR := $(word 2,$(version_parts))
VERSION_PATCH := $(word 3,$(version_parts))
# The shared libraries' soname number (libjunqi.so.$(SOVERSION)): raise it with
# every change that breaks programs built against an earlier release.
SOVERSION     := $(VERSION_MAJOR)

# ---- where `make install` puts things (GNU names, upper case) ----
PREFIX       ?= /usr/local
DESTDIR      ?=
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
DOCDIR       ?= $(PREFIX)/share/doc/junqi
# named formations (junqi-replay --setup south=銅牆鐵壁): the tools look in
# FORMATIONDIR, found from their own folder as it lies from BINDIR
FORMATIONDIR ?= $(PREFIX)/share/junqi/formations
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
# the message catalogs (LOCALEDIR/LL/LC_MESSAGES/junqi.mo), which libjunqi binds
LOCALEDIR    ?= $(PREFIX)/share/locale
PYTHON       ?= python3
# the interpreter's package directory under PREFIX, else PREFIX/lib/python3.X/site-packages
PYTHONDIR    ?= $(shell $(PYTHON) scripts/python-dir '$(PREFIX)' 2>/dev/null || echo $(PREFIX)/lib/python3/dist-packages)
# from_bindir DIR: the installed folder DIR as a path relative to BINDIR.
# Where the tools look for libjunqi at run time (their RUNPATH): the build
# tree's lib/ beside bin/, and LIBDIR relative to BINDIR, so that an
# installed tree can be moved. Packagers installing into the system library
# directory set RPATH= (empty); make check then puts lib/ on LD_LIBRARY_PATH
# for the tools (tests/cli/lib).
from_bindir   = $(shell realpath -m --relative-to=$(BINDIR) $(1))
RPATH        ?= $$ORIGIN/../lib $$ORIGIN/$(call from_bindir,$(LIBDIR))

# ---- where the build puts things ----
BUILD     ?= build
BUILD_BIN ?= bin
BUILD_LIB ?= lib

# ---- tools and flags ----
CC         ?= cc
CXX        ?= c++
AR         ?= ar
PKG_CONFIG ?= pkg-config
WERROR     ?= $(if $(wildcard .git),-Werror)
CFLAGS     ?= -O2 -g
JUNQI_CPPFLAGS := -D_POSIX_C_SOURCE=200809L -Ilibcore -Iformats -Itools -I$(BUILD)/gen
# One set of objects serves the static and the shared libraries: -fPIC, and no
# semantic interposition so that calls inside the library stay direct.
JUNQI_CFLAGS   := -std=c11 -Wall -Wextra $(WERROR) -fPIC -fno-semantic-interposition -MMD -MP
COMPILE        = $(CC) $(JUNQI_CPPFLAGS) $(CPPFLAGS) $(JUNQI_CFLAGS) $(CFLAGS)
LINK           = $(CC) $(CFLAGS) $(LDFLAGS)
pkg_libs        = $(shell $(PKG_CONFIG) --libs $(1) 2>/dev/null || echo $(2))
pkg_cflags      = $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)

# ---- the core library: libcore/ and formats/ (no cairo) ----
CORE_SRC  := $(wildcard libcore/*.c) $(wildcard formats/*.c)
CORE_OBJ  := $(CORE_SRC:%.c=$(BUILD)/%.o)
CORE_LIBS := $(call pkg_libs,yaml-0.1,-lyaml) -lm -pthread
LIB       := $(BUILD_LIB)/libjunqi.a
LIB_SO    := $(BUILD_LIB)/libjunqi.so.$(VERSION)
VERSION_H := $(BUILD)/gen/version.h
# The umbrella headers are generated: each includes every header of its library.
UMBRELLAS := $(BUILD)/gen/junqi.h $(if $(RENDER_SRC),$(BUILD)/gen/render.h)
# libcore/i18n.h (_(), N_()), libcore/fpmode.h (the engine's rounding on
# x87) and formats/words.h (what the two position notations share) are
# internal: neither installed nor in junqi.h.
HEADERS   := $(filter-out libcore/i18n.h libcore/fpmode.h libcore/sentences.h formats/words.h,$(wildcard libcore/*.h) $(wildcard formats/*.h)) $(VERSION_H) \
             $(BUILD)/gen/junqi.h

# ---- the drawing library: render/ (cairo, pango, libpng, giflib) ----
RENDER_PKGS   := pangocairo cairo libpng
RENDER_SRC    := $(wildcard render/*.c)
RENDER_OBJ    := $(RENDER_SRC:%.c=$(BUILD)/%.o)
RENDER_LIB    := $(BUILD_LIB)/libjunqi-render.a
RENDER_SO     := $(BUILD_LIB)/libjunqi-render.so.$(VERSION)
RENDER_CFLAGS := $(call pkg_cflags,$(RENDER_PKGS))
RENDER_LIBS   := $(call pkg_libs,$(RENDER_PKGS),-lpangocairo-1.0 -lpango-1.0 -lcairo -lpng) -lgif -lm
# render/draw_parts.h (what draw.c and flip_draw.c share) is internal.
RENDER_HEADERS := $(filter-out render/draw_parts.h,$(wildcard render/*.h)) $(BUILD)/gen/render.h
# The installed headers as `make install` lays them out, for the tests' programs.
STAGED_HEADERS := $(addprefix $(BUILD)/include/junqi/,$(notdir $(HEADERS) $(RENDER_HEADERS)))

# ---- programs ----
CLI_OBJ      := $(BUILD)/tools/cli.o $(BUILD)/tools/termtext.o
TOOLS        := junqi-validate junqi-replay junqi-analyze junqi-match $(if $(wildcard tools/junqi-render.c),junqi-render)
TOOL_BINS    := $(TOOLS:%=$(BUILD_BIN)/%)
TOOL_RPATH   := $(foreach p,$(sort $(RPATH)),-Wl,-rpath,'$(p)')
# Tools that draw include the render headers; junqi-render links the render
# library, junqi-analyze loads it only for --graph (dlopen, below).
DRAWING_TOOLS := junqi-render junqi-analyze
BENCH_BINS   := $(BUILD)/bench/bench $(BUILD)/bench/engine_study $(BUILD)/bench/infer_study $(BUILD)/bench/eval_study $(BUILD)/bench/flip_bench $(BUILD)/bench/flip_match $(if $(RENDER_SRC),$(BUILD)/bench/render_bench)
MAN_SRC      := $(wildcard docs/man/*.[0-9])
MANS         := $(MAN_SRC:docs/man/%=$(BUILD)/man/%)
PC_FILES     := $(BUILD)/pkgconfig/junqi.pc $(if $(RENDER_SRC),$(BUILD)/pkgconfig/junqi-render.pc)
# the message catalogs: po/LL.po for each language of po/LINGUAS, built into
# $(BUILD)/locale/LL/LC_MESSAGES/junqi.mo (JUNQI_LOCALEDIR=$(BUILD)/locale)
LINGUAS      := $(shell cat po/LINGUAS)
# Chinese locales with no catalog of their own get a copy of their script's
# (gettext falls back from zh_XX to plain zh, and from there to English):
# Hong Kong, Macau and zh_Hant traditional (zh_TW's); plain zh, and so
# every other Chinese (zh_SG), simplified (zh_CN's).
TRADITIONAL_ALIASES := zh_HK zh_MO zh_Hant
SIMPLIFIED_ALIASES  := zh
CATALOGS     := $(LINGUAS) $(TRADITIONAL_ALIASES) $(SIMPLIFIED_ALIASES)
MO_FILES     := $(CATALOGS:%=$(BUILD)/locale/%/LC_MESSAGES/junqi.mo)

TEST_SRC      := $(wildcard tests/test_*.c)
TEST_BINS     := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
FUZZ_DRIVERS  := $(patsubst tests/fuzz/fuzz_%.c,$(BUILD)/fuzz/fuzz_%,$(wildcard tests/fuzz/fuzz_*.c))
CMOCKA_CFLAGS := $(call pkg_cflags,cmocka)
CMOCKA_LIBS   := $(call pkg_libs,cmocka,-lcmocka)
JSONC_CFLAGS  := $(call pkg_cflags,json-c)
JSONC_LIBS    := $(call pkg_libs,json-c,-ljson-c)

all: $(LIB) $(LIB_SO) $(if $(RENDER_SRC),$(RENDER_LIB) $(RENDER_SO)) $(TOOL_BINS) $(BENCH_BINS) \
     $(MANS) $(PC_FILES) $(STAGED_HEADERS) $(MO_FILES)

# ---- generated files ----
# Stamps hold the values that built files depend on besides their sources,
# each rewritten only when its value changes: the .pc files follow PREFIX,
# LIBDIR and INCLUDEDIR, the tools follow RPATH and FORMATIONDIR (from BINDIR)
# and the build tree's catalogs (BUILD/locale from BUILD_BIN), libjunqi follows
# LOCALEDIR, and nothing else is rebuilt.
STAMP_VERSION := $(VERSION)
STAMP_PATHS    = $(PREFIX)|$(LIBDIR)|$(INCLUDEDIR)
STAMP_RPATH    = $(RPATH)
STAMP_LOCALEDIR = $(LOCALEDIR)
STAMP_FORMATIONDIR = $(call from_bindir,$(FORMATIONDIR))
STAMP_BUILDLOCALE = $(shell realpath -m --relative-to=$(BUILD_BIN) $(BUILD)/locale)
STAMP_HEADERS := $(sort $(notdir $(HEADERS) $(RENDER_HEADERS)))
$(BUILD)/stamp-%: FORCE
	@mkdir -p $(BUILD)
	@echo '$(STAMP_$*)' | cmp -s - $@ || echo '$(STAMP_$*)' > $@

VERSION_SED := -e 's|@VERSION@|$(VERSION)|g' -e 's|@VERSION_MAJOR@|$(VERSION_MAJOR)|g' \
    -e 's|@VERSION_MINOR@|$(VERSION_MINOR)|g' -e 's|@VERSION_PATCH@|$(VERSION_PATCH)|g'
# In the .pc files, paths under PREFIX are written relative to ${prefix}.
PC_SED := $(VERSION_SED) -e 's|@PREFIX@|$(PREFIX)|g' \
    -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|g' \
    -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|g'

$(VERSION_H): libcore/version.h.in $(BUILD)/stamp-VERSION
	@mkdir -p $(dir $@)
	sed $(VERSION_SED) $< > $@

# umbrella TEMPLATE, HEADERS: the template with @INCLUDES@ replaced by an
# #include of each header (but the umbrella itself).
define umbrella
	@mkdir -p $(dir $@)
	{ sed '/@INCLUDES@/,$$d' $(1); \
	  printf '#include "%s"\n' $(filter-out $(notdir $@),$(sort $(notdir $(2)))); \
	  sed '1,/@INCLUDES@/d' $(1); } > $@
endef

$(BUILD)/gen/junqi.h: libcore/junqi.h.in $(BUILD)/stamp-HEADERS
	$(call umbrella,$<,$(HEADERS))

$(BUILD)/gen/render.h: render/render.h.in $(BUILD)/stamp-HEADERS
	$(call umbrella,$<,$(RENDER_HEADERS))

$(BUILD)/pkgconfig/%.pc: %.pc.in $(BUILD)/stamp-VERSION $(BUILD)/stamp-PATHS
	@mkdir -p $(dir $@)
	sed $(PC_SED) $< > $@

$(BUILD)/man/%: docs/man/% $(BUILD)/stamp-VERSION
	@mkdir -p $(dir $@)
	sed $(VERSION_SED) $< > $@

# The installed headers laid out as installed, in $(BUILD)/include/junqi/:
# the programs of the tests include <junqi/junqi.h> from there.
$(BUILD)/include/junqi/%.h: $(BUILD)/gen/%.h
	@mkdir -p $(dir $@)
	cp $< $@
$(BUILD)/include/junqi/%.h: libcore/%.h
	@mkdir -p $(dir $@)
	cp $< $@
$(BUILD)/include/junqi/%.h: formats/%.h
	@mkdir -p $(dir $@)
	cp $< $@
$(BUILD)/include/junqi/%.h: render/%.h
	@mkdir -p $(dir $@)
	cp $< $@

# ---- compiling ----
# Every object may include version.h: it exists before any is compiled.
$(BUILD)/%.o: %.c | $(VERSION_H)
	@mkdir -p $(dir $@)
	$(COMPILE) -c $< -o $@

$(BUILD)/render/%.o $(DRAWING_TOOLS:%=$(BUILD)/tools/%.o) $(BUILD)/bench/render_bench.o: \
    JUNQI_CPPFLAGS += -Irender $(RENDER_CFLAGS)

# The HTML page's script and style sheet, as C strings for render/html.c.
$(BUILD)/render/html_assets.h: render/html.js render/html.css scripts/embed-assets
	@mkdir -p $(dir $@)
	sh scripts/embed-assets page_script=render/html.js page_style=render/html.css > $@
$(BUILD)/render/html.o: $(BUILD)/render/html_assets.h
$(BUILD)/render/html.o: JUNQI_CPPFLAGS += -I$(BUILD)/render

# The library binds its text domain to LOCALEDIR (libcore/i18n.h).
$(BUILD)/libcore/i18n.o: $(BUILD)/stamp-LOCALEDIR
$(BUILD)/libcore/i18n.o: JUNQI_CPPFLAGS += -DJUNQI_LOCALEDIR='"$(LOCALEDIR)"'

# The tools find the named formations from their own folder (tools/cli.c).
$(BUILD)/tools/cli.o: $(BUILD)/stamp-FORMATIONDIR
$(BUILD)/tools/cli.o: JUNQI_CPPFLAGS += -DJUNQI_FORMATIONDIR='"$(STAMP_FORMATIONDIR)"'
$(BUILD)/tools/cli.o: $(BUILD)/stamp-BUILDLOCALE
$(BUILD)/tools/cli.o: JUNQI_CPPFLAGS += -DJUNQI_BUILD_LOCALEDIR='"$(STAMP_BUILDLOCALE)"'

# ---- messages (docs/i18n.md): po/junqi.pot, po/LL.po, LL/LC_MESSAGES/junqi.mo ----
# The formats passed to junqi_diags_add() and junqi_cli_usage() and to the
# files' own reporting functions are translated where they are used, so those
# functions are keywords too; the code table's meanings are the 4th argument
# of diag.h's X() rows.
XGETTEXT_KEYWORDS := -k_ -kN_ -kNC_:1c,2 -kP_:1,2 -kC_:1c,2 -kjunqi_diags_add:5 -kjunqi_cli_usage:2 -kreport:4 -kreport_at:4 \
    -kproblem:4 -kfail:3 -kadd:6 -kerror:3 -knote:2
XGETTEXT := xgettext --from-code=UTF-8 --language=C --add-comments=TRANSLATORS: --sort-by-file \
    --package-name=junqi --package-version=$(VERSION) --msgid-bugs-address=
POT ?= po/junqi.pot
pot:
	$(XGETTEXT) -k $(XGETTEXT_KEYWORDS) -f po/POTFILES -o $(POT)
	$(XGETTEXT) -k -kX:4 -j -o $(POT) libcore/diag.h
update-po: pot
	$(foreach l,$(LINGUAS),msgmerge --quiet --update --backup=none po/$(l).po po/junqi.pot &&) true
$(BUILD)/locale/%/LC_MESSAGES/junqi.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<
$(TRADITIONAL_ALIASES:%=$(BUILD)/locale/%/LC_MESSAGES/junqi.mo): $(BUILD)/locale/zh_TW/LC_MESSAGES/junqi.mo
	@mkdir -p $(dir $@)
	cp $< $@
$(SIMPLIFIED_ALIASES:%=$(BUILD)/locale/%/LC_MESSAGES/junqi.mo): $(BUILD)/locale/zh_CN/LC_MESSAGES/junqi.mo
	@mkdir -p $(dir $@)
	cp $< $@

# ---- libraries ----
$(LIB): $(CORE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(RENDER_LIB): $(RENDER_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# shared_lib NAME, OBJECTS, MAP, LIBS: the real name lib/libNAME.so.VERSION with
# soname libNAME.so.SOVERSION, exporting what the version script MAP lists,
# and the soname and development links beside it.
define shared_lib
	@mkdir -p $(dir $@)
	$(LINK) -shared -Wl,-soname,lib$(1).so.$(SOVERSION) -Wl,--version-script=$(3) -Wl,--no-undefined \
	    -o $@ $(2) $(4)
	ln -sf lib$(1).so.$(VERSION) $(BUILD_LIB)/lib$(1).so.$(SOVERSION)
	ln -sf lib$(1).so.$(SOVERSION) $(BUILD_LIB)/lib$(1).so
endef

$(LIB_SO): $(CORE_OBJ) libcore/junqi.map $(BUILD)/stamp-VERSION
	$(call shared_lib,junqi,$(CORE_OBJ),libcore/junqi.map,$(CORE_LIBS))

$(RENDER_SO): $(RENDER_OBJ) render/junqi-render.map $(LIB_SO) $(BUILD)/stamp-VERSION
	$(call shared_lib,junqi-render,$(RENDER_OBJ),render/junqi-render.map,-L$(BUILD_LIB) -ljunqi $(RENDER_LIBS))

# ---- tools: linked against the shared libraries ----
TOOL_LINK = $(LINK) $(TOOL_RPATH) -o $@ $(filter %.o,$^) -L$(BUILD_LIB)

$(BUILD_BIN)/junqi-render: $(BUILD)/tools/junqi-render.o $(CLI_OBJ) $(RENDER_SO) $(LIB_SO) $(BUILD)/stamp-RPATH
	@mkdir -p $(dir $@)
	$(TOOL_LINK) -ljunqi-render -ljunqi $(call pkg_libs,cairo,-lcairo)

# junqi-analyze loads the render library only for --graph (dlopen): it runs
# without cairo and pango otherwise. It still needs it built, to draw.
$(BUILD_BIN)/junqi-analyze: $(BUILD)/tools/junqi-analyze.o $(BUILD)/tools/engine.o $(CLI_OBJ) $(LIB_SO) \
    $(if $(RENDER_SRC),$(RENDER_SO)) $(BUILD)/stamp-RPATH
	@mkdir -p $(dir $@)
	$(TOOL_LINK) -ljunqi -ldl -lm -pthread

$(BUILD)/tools/junqi-analyze.o: JUNQI_CPPFLAGS += -DJUNQI_CORE_SONAME='"libjunqi.so.$(SOVERSION)"' \
    -DJUNQI_RENDER_SONAME='"libjunqi-render.so.$(SOVERSION)"'

$(BUILD_BIN)/%: $(BUILD)/tools/%.o $(CLI_OBJ) $(LIB_SO) $(BUILD)/stamp-RPATH
	@mkdir -p $(dir $@)
	$(TOOL_LINK) -ljunqi $(TOOL_LIBS)

# junqi-match runs its games on threads and computes the Elo estimate with
# pow() (which -O2 may fold away, but -O0 calls).
$(BUILD_BIN)/junqi-match: TOOL_LIBS := -lm -pthread

# ---- tests and benchmarks: linked against the static libraries ----
TESTS_LIBS := $(if $(RENDER_SRC),$(RENDER_LIB)) $(LIB)
$(BUILD)/tests/%: $(BUILD)/tests/%.o $(CLI_OBJ) $(TESTS_LIBS)
	$(LINK) -o $@ $^ $(CMOCKA_LIBS) $(JSONC_LIBS) $(if $(RENDER_SRC),$(RENDER_LIBS)) $(CORE_LIBS)

$(BUILD)/tests/%.o: JUNQI_CPPFLAGS += $(CMOCKA_CFLAGS) $(JSONC_CFLAGS) -Irender $(RENDER_CFLAGS) \
    -DJUNQI_SOURCE_DIR='"$(CURDIR)"'

# The fuzz harnesses without libFuzzer (tests/fuzz/driver.c), run by
# tests/cli/fuzz-inputs.sh on the seed corpus and the committed crashers.
$(BUILD)/fuzz/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/driver.o $(LIB)
	@mkdir -p $(dir $@)
	$(LINK) -o $@ $^ $(CORE_LIBS)

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(LIB)
	$(LINK) -o $@ $^ $(CORE_LIBS)

$(BUILD)/bench/render_bench: $(BUILD)/bench/render_bench.o $(RENDER_LIB) $(LIB)
	$(LINK) -o $@ $^ $(RENDER_LIBS) $(CORE_LIBS)

# ---- running ----
# The README's first command, the main job on a bundled real game: check it,
# annotate it (demo.jgn, and its evaluation graph demo-eval.png), and draw it
# (demo.png: the final position with the caption; demo.gif: the whole game;
# demo.html: the annotated game as a page to replay in a browser).
DEMO_GAME := samples/qq/jgs-000689.jgs
demo: all
	$(BUILD_BIN)/junqi-validate $(DEMO_GAME)
	$(BUILD_BIN)/junqi-replay $(DEMO_GAME)
	$(BUILD_BIN)/junqi-analyze --threads 2 $(DEMO_GAME) -o demo.jgn --graph demo-eval.png
	$(BUILD_BIN)/junqi-render --caption $(DEMO_GAME) -o demo.png
	$(BUILD_BIN)/junqi-render --size 480 --delay 150 $(DEMO_GAME) -o demo.gif
	$(BUILD_BIN)/junqi-render demo.jgn -o demo.html
	@grep -E '^\[(North|East|South|West)(Accuracy|Blunders) ' demo.jgn
	@echo "demo: wrote demo.jgn (the annotated game), demo-eval.png, demo.png, demo.gif, demo.html"

check: all $(TEST_BINS) $(BUILD)/tests/headers-c.o $(BUILD)/tests/headers-cxx.o $(FUZZ_DRIVERS)
	@bash tests/run-tests $(BUILD) $(BUILD_BIN)

# LeakSanitizer: tests/lsan.supp lists the leaks that are not ours (fontconfig's caches).
asan:
	JUNQI_SANITIZE=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	$(MAKE) BUILD=build-asan BUILD_BIN=build-asan/bin BUILD_LIB=build-asan/lib \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check

# A real Slurm scheduler on this machine (scripts/cluster-check): annotate short
# games through a job array and compare with the serial run. Needs Debian's munge,
# slurmctld, slurmd and slurm-client; not part of make check.
cluster-check: all
	sh scripts/cluster-check $(BUILD_BIN)

installcheck: all
	@bash tests/installcheck

bench: $(BUILD)/bench/bench $(BUILD)/bench/flip_bench
	$(BUILD)/bench/bench
	$(BUILD)/bench/flip_bench

render-bench: $(BUILD)/bench/render_bench
	$(BUILD)/bench/render_bench

bench: $(if $(RENDER_SRC),render-bench)

FUZZ_CC := clang
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,build-fuzz/fuzz_%,$(wildcard tests/fuzz/fuzz_*.c))
fuzz: $(FUZZ_TARGETS)
# CI's fuzz smoke run: each harness a fixed number of runs on the committed corpus.
fuzz-smoke: $(FUZZ_TARGETS)
	scripts/fuzz-smoke
# The core is compiled once (instrumented, not linked with libFuzzer's main) for every harness.
FUZZ_FLAGS := -std=c11 -g -O1 $(JUNQI_CPPFLAGS) $(CPPFLAGS)
build-fuzz/obj/%.o: %.c | $(VERSION_H)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined -MMD -MP -c $< -o $@
build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(CORE_SRC:%.c=build-fuzz/obj/%.o)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined $(LDFLAGS) -o $@ $^ $(CORE_LIBS)

# ---- install and uninstall ----
# What is installed, as paths under the install directories: install puts
# exactly these there, uninstall removes exactly these.
PY_SRC         := $(wildcard python/junqi/*.py)
DOCS           := LICENSE NEWS README.md $(wildcard docs/*.md)
FORMATIONS     := $(wildcard samples/formations/*.yaml)
SHARED_LIBS    := $(if $(RENDER_SRC),junqi-render) junqi
INSTALLED = \
    $(TOOLS:%=$(BINDIR)/%) \
    $(foreach l,$(SHARED_LIBS),$(LIBDIR)/lib$(l).a $(LIBDIR)/lib$(l).so.$(VERSION) \
        $(LIBDIR)/lib$(l).so.$(SOVERSION) $(LIBDIR)/lib$(l).so) \
    $(PC_FILES:$(BUILD)/pkgconfig/%=$(PKGCONFIGDIR)/%) \
    $(addprefix $(INCLUDEDIR)/junqi/,$(notdir $(HEADERS) $(if $(RENDER_SRC),$(RENDER_HEADERS)))) \
    $(foreach m,$(MANS),$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(notdir $(m))) \
    $(addprefix $(DOCDIR)/,$(notdir $(DOCS))) \
    $(addprefix $(FORMATIONDIR)/,$(notdir $(FORMATIONS))) \
    $(CATALOGS:%=$(LOCALEDIR)/%/LC_MESSAGES/junqi.mo) \
    $(if $(PY_SRC),$(PY_SRC:python/junqi/%=$(PYTHONDIR)/junqi/%) $(PYTHONDIR)/junqi/_installed.py)

# The Python package's record of where make install put libjunqi (python/junqi/_native.py).
PY_INSTALLED := $(BUILD)/python/_installed.py
$(PY_INSTALLED): $(BUILD)/stamp-PATHS $(BUILD)/stamp-VERSION
	@mkdir -p $(dir $@)
	echo 'LIBRARY = "$(LIBDIR)/libjunqi.so.$(SOVERSION)"' > $@

install: all $(if $(PY_SRC),$(PY_INSTALLED))
	install -d $(addprefix $(DESTDIR),$(sort $(dir $(INSTALLED))))
	install -m 755 $(TOOL_BINS) $(DESTDIR)$(BINDIR)/
	install -m 644 $(LIB) $(LIB_SO) $(if $(RENDER_SRC),$(RENDER_LIB) $(RENDER_SO)) $(DESTDIR)$(LIBDIR)/
	$(foreach l,$(SHARED_LIBS),ln -sf lib$(l).so.$(VERSION) $(DESTDIR)$(LIBDIR)/lib$(l).so.$(SOVERSION) && \
	    ln -sf lib$(l).so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/lib$(l).so;)
	install -m 644 $(PC_FILES) $(DESTDIR)$(PKGCONFIGDIR)/
	install -m 644 $(HEADERS) $(if $(RENDER_SRC),$(RENDER_HEADERS)) $(DESTDIR)$(INCLUDEDIR)/junqi/
	$(foreach m,$(MANS),install -m 644 $(m) $(DESTDIR)$(MANDIR)/man$(subst .,,$(suffix $(m)))/;)
	install -m 644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	install -m 644 $(FORMATIONS) $(DESTDIR)$(FORMATIONDIR)/
	$(foreach l,$(CATALOGS),install -m 644 $(BUILD)/locale/$(l)/LC_MESSAGES/junqi.mo \
	    $(DESTDIR)$(LOCALEDIR)/$(l)/LC_MESSAGES/;)
	$(if $(PY_SRC),install -m 644 $(PY_SRC) $(PY_INSTALLED) $(DESTDIR)$(PYTHONDIR)/junqi/)

# Every installed header in one C and one C++ translation unit (tests/headers.c, .cpp).
HEADER_FLAGS = -Wall -Wextra $(WERROR) -pedantic -I$(BUILD)/tests $(JUNQI_CPPFLAGS) -Irender $(RENDER_CFLAGS) \
    $(CPPFLAGS)
$(BUILD)/tests/all-headers.h: $(HEADERS) $(RENDER_HEADERS) Makefile
	@mkdir -p $(dir $@)
	printf '#include "%s"\n' $(notdir $(HEADERS) $(RENDER_HEADERS)) > $@
$(BUILD)/tests/headers-c.o: tests/headers.c $(BUILD)/tests/all-headers.h
	$(CC) -std=c11 $(HEADER_FLAGS) $(CFLAGS) -c $< -o $@
$(BUILD)/tests/headers-cxx.o: tests/headers.cpp $(BUILD)/tests/all-headers.h
	$(CXX) -std=c++11 $(HEADER_FLAGS) $(CXXFLAGS) -c $< -o $@

# The folders that are junqi's own go too once empty; shared ones (bin, lib, ...) stay.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rm -rf $(DESTDIR)$(PYTHONDIR)/junqi/__pycache__
	-rmdir $(DESTDIR)$(INCLUDEDIR)/junqi $(DESTDIR)$(DOCDIR) $(DESTDIR)$(PYTHONDIR)/junqi \
	    $(DESTDIR)$(FORMATIONDIR) $(dir $(DESTDIR)$(FORMATIONDIR)) \
	    $(foreach l,$(CATALOGS),$(DESTDIR)$(LOCALEDIR)/$(l)/LC_MESSAGES $(DESTDIR)$(LOCALEDIR)/$(l)) 2>/dev/null

# The build named by BUILD, BUILD_BIN and BUILD_LIB (by default build/, bin/, lib/), and
# make asan's, make fuzz's and make demo's.
clean:
	rm -rf $(BUILD) $(BUILD_BIN) $(BUILD_LIB) build-asan build-fuzz demo.jgn demo-eval.png demo.png demo.gif \
	    demo.html

.PHONY: all demo check asan cluster-check installcheck bench render-bench fuzz fuzz-smoke pot update-po install \
    uninstall clean FORCE
.SECONDARY:

-include $(shell find $(BUILD) build-fuzz -name '*.d' 2>/dev/null)
