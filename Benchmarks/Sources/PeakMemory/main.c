// peak-memory OUTFILE COMMAND [ARGUMENT...]: runs COMMAND, writes its peak resident set size in
// kilobytes to OUTFILE, and exits with its status.
//
// A process started by a large parent (the benchmark) reports the parent's resident size as
// its own peak on Linux, which accounts the memory of the process it replaced at exec; started
// from this small program, it reports its own.
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: peak-memory OUTFILE COMMAND [ARGUMENT...]\n");
    return 64;
  }
  pid_t pid;
  if (posix_spawn(&pid, argv[2], NULL, NULL, argv + 2, environ) != 0) {
    perror(argv[2]);
    return 127;
  }
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) {
    perror("wait4");
    return 127;
  }
  FILE *out = fopen(argv[1], "w");
  if (out != NULL) {
    fprintf(out, "%ld\n", usage.ru_maxrss);
    fclose(out);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}
