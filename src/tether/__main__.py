"""`python -m tether` runs the CLI."""

from tether.cli import main

main()
