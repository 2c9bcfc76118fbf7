"""The rules of each mode: deal, decide and legal_commands for match3, chain and slide."""
