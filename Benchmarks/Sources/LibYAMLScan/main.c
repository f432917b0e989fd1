// libyaml-scan FILE: reads FILE and runs libyaml's event parser over all of it, then exits: the
// reference process `routecfg validate` is measured against (Docs/Performance.md). Written in C,
// so that the reference pays no language runtime's start-up, only libyaml's work and the read.
#include <stdio.h>
#include <stdlib.h>
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
  if (fseek(file, 0, SEEK_END) != 0) return 74;
  long size = ftell(file);
  if (size < 0 || fseek(file, 0, SEEK_SET) != 0) return 74;
  unsigned char *bytes = malloc(size > 0 ? (size_t)size : 1);
  if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) return 74;
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
