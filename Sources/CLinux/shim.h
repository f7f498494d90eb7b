#ifndef TERMINI_CLINUX_SHIM_H
#define TERMINI_CLINUX_SHIM_H
/* Linux headers the Glibc module leaves out: signals as file-descriptor events, and what the
   speech child is spawned with. */
#include <sys/signalfd.h>
/* Spawning the speech child (glibc 2.34 and later): declared by <spawn.h> only under
   _GNU_SOURCE, which the Glibc module is built without. Closes every descriptor from
   `from` on in the child. */
#include <spawn.h>
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
