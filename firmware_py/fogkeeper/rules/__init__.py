"""Pure rules engines, one package per game; standard library only, no I/O, no clock."""
