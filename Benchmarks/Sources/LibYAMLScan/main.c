// libyaml-scan FILE: reads FILE and runs libyaml's event parser over all of it, then exits: the
// reference process `routecfg validate` is measured against (Docs/Performance.md). Written in C,
// so that the reference pays no language runtime's start-up, only libyaml's work and the read.
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <yaml.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: libyaml-scan FILE\n");
    return 64;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 66;
  }
  struct stat info;
  if (fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode)) {
    fprintf(stderr, "%s: not a regular file\n", argv[1]);
    return 66;
  }
  long size = (long)info.st_size;
  unsigned char *bytes = malloc(size > 0 ? (size_t)size : 1);
  if (!bytes) {
    perror("malloc");
    return 71;
  }
  if (fread(bytes, 1, (size_t)size, file) != (size_t)size) {
    fprintf(stderr, "%s: cannot read all of its %ld bytes\n", argv[1], size);
    return 74;
  }
  fclose(file);

  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) return 70;
  yaml_parser_set_input_string(&parser, bytes, (size_t)size);
  long events = 0;
  yaml_event_t event;
  int done = 0;
  while (!done) {
    if (!yaml_parser_parse(&parser, &event)) {
      fprintf(stderr, "%s: libyaml: %s\n", argv[1], parser.problem ? parser.problem : "error");
      return 65;
    }
    done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    events += 1;
  }
  yaml_parser_delete(&parser);
  free(bytes);
  return events > 0 ? 0 : 1;
}
