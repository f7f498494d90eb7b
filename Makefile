# Termini: build and install.
#   make                      release build
#   make install              into $(PREFIX) (default /usr/local); DESTDIR for staging
#   make uninstall            removes exactly what install put there (the binary, themes,
#                             manual and the bash, zsh and fish completions)
# The six themes are built into the binary; their files are installed as well, to be copied
# into ~/.config/termini/themes/ and changed (a file there wins over the built-in copy).
#   make test                 the README's test command
#   make bench                the benchmark (scripts/bench)
#
# TERMINI_BIN=path installs a binary built already instead of building the release one
# (the end-to-end test installs the debug build this way: a release build takes minutes).

PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/termini
MANDIR   = $(PREFIX)/share/man/man1
BASHDIR  = $(PREFIX)/share/bash-completion/completions
ZSHDIR   = $(PREFIX)/share/zsh/site-functions
FISHDIR  = $(PREFIX)/share/fish/vendor_completions.d
THEMES   = $(notdir $(wildcard themes/*.theme))
SWIFT   ?= swift
TERMINI_BIN ?=

.PHONY: all build install uninstall test bench clean

all: build

build:
	$(SWIFT) build -c release --product termini

install: $(if $(TERMINI_BIN),,build)
	install -d -m 755 "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)/themes" "$(DESTDIR)$(MANDIR)" \
		"$(DESTDIR)$(BASHDIR)" "$(DESTDIR)$(ZSHDIR)" "$(DESTDIR)$(FISHDIR)"
	install -m 755 -s "$(or $(TERMINI_BIN),$$($(SWIFT) build -c release --show-bin-path)/termini)" "$(DESTDIR)$(BINDIR)/termini"
	install -m 644 $(addprefix themes/,$(THEMES)) "$(DESTDIR)$(DATADIR)/themes/"
	install -m 644 man/termini.1 "$(DESTDIR)$(MANDIR)/termini.1"
	# The completion scripts, made by the installed binary from its options table.
	"$(DESTDIR)$(BINDIR)/termini" --completions bash > "$(DESTDIR)$(BASHDIR)/termini"
	"$(DESTDIR)$(BINDIR)/termini" --completions zsh > "$(DESTDIR)$(ZSHDIR)/_termini"
	"$(DESTDIR)$(BINDIR)/termini" --completions fish > "$(DESTDIR)$(FISHDIR)/termini.fish"
	chmod 644 "$(DESTDIR)$(BASHDIR)/termini" "$(DESTDIR)$(ZSHDIR)/_termini" "$(DESTDIR)$(FISHDIR)/termini.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/termini" "$(DESTDIR)$(MANDIR)/termini.1"
	rm -f $(addprefix "$(DESTDIR)$(DATADIR)/themes/,$(addsuffix ",$(THEMES)))
	rm -f "$(DESTDIR)$(BASHDIR)/termini" "$(DESTDIR)$(ZSHDIR)/_termini" "$(DESTDIR)$(FISHDIR)/termini.fish"
	-rmdir "$(DESTDIR)$(DATADIR)/themes" "$(DESTDIR)$(DATADIR)" 2>/dev/null

test:
	$(SWIFT) test

bench:
	scripts/bench

clean:
	$(SWIFT) package clean
