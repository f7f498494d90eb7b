#ifndef TERMINI_CLINUX_SHIM_H
#define TERMINI_CLINUX_SHIM_H
/* Linux headers the Glibc module leaves out: signals as file-descriptor events. */
#include <sys/signalfd.h>
#endif
