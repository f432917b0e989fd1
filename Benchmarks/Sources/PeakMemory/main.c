// peak-memory OUTFILE COMMAND [ARGUMENT...]: runs COMMAND, writes its peak resident set size in
// kilobytes and the seconds from its start to its exit to OUTFILE, and exits with its status.
//
// A process started by a large parent (the benchmark) reports the parent's resident size as
// its own peak on Linux, which accounts the memory of the process it replaced at exec; started
// from this small program, it reports its own.
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: peak-memory OUTFILE COMMAND [ARGUMENT...]\n");
    return 64;
  }
  // Timed here, around the command alone, so that this helper's own start-up is not counted.
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
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
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  FILE *out = fopen(argv[1], "w");
  if (out != NULL) {
    fprintf(out, "%ld %.9f\n", usage.ru_maxrss, seconds);
    fclose(out);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}
