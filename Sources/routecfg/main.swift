import CMallocTuning
import RouteCfgCLI

routecfg_tune_malloc()
RouteCfgCommand.runFromCommandLine()
