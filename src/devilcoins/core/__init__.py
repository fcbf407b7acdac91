"""The core: errors, numbers, the Devil's groups, the Game, class tables, the kernel."""
