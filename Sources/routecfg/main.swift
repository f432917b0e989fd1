import RouteCfgCLI

RouteCfgCommand.runFromCommandLine()
