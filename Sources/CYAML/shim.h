#ifndef ROUTECFG_CYAML_SHIM_H
#define ROUTECFG_CYAML_SHIM_H
#include <yaml.h>
#endif
