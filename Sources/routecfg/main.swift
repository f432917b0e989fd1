import RouteCfgCLI
RouteCfgCommand.main()
