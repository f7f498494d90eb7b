#ifndef TERMINI_CNCURSES_SHIM_H
#define TERMINI_CNCURSES_SHIM_H

/* Wide-character API (wget_wch, setcchar, cchar_t) must be visible. */
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Macros and C globals that Swift cannot see, or cannot touch under Swift 6
   strict concurrency, exposed as tiny functions. Nothing else lives here. */

static inline WINDOW *termini_stdscr(void) { return stdscr; }
static inline WINDOW *termini_curscr(void) { return curscr; }
static inline int termini_colors(void) { return COLORS; }
static inline int termini_color_pairs(void) { return COLOR_PAIRS; }
static inline int termini_lines(void) { return LINES; }
static inline int termini_cols(void) { return COLS; }
static inline void termini_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }

static inline attr_t termini_a_normal(void) { return A_NORMAL; }
static inline attr_t termini_a_bold(void) { return A_BOLD; }
static inline attr_t termini_a_dim(void) { return A_DIM; }
static inline attr_t termini_a_reverse(void) { return A_REVERSE; }
static inline attr_t termini_a_underline(void) { return A_UNDERLINE; }
static inline attr_t termini_a_italic(void) { return A_ITALIC; }
static inline int termini_color_pair(int n) { return (int)COLOR_PAIR(n); }

static inline int termini_key_code_yes(void) { return KEY_CODE_YES; }
static inline int termini_err(void) { return ERR; }
static inline int termini_ok(void) { return OK; }
static inline int termini_key_f(int n) { return KEY_F(n); }

/* tiparm is variadic, which Swift cannot call: one and two numeric parameters. */
static inline char *termini_tiparm1(const char *s, int a) { return tiparm(s, a); }
static inline char *termini_tiparm2(const char *s, int a, int b) { return tiparm(s, a, b); }

#endif
