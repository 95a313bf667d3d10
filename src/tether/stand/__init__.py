"""The stand: simulated providers as real HTTP servers speaking the three wire formats."""

from tether.stand.app import Stand
from tether.stand.faults import FAULTS, GATEWAY_TEXT, Fault, parse_fault
from tether.stand.plan import CONVERSATION_HEADER, Planner
from tether.stand.script import Script, load_script
from tether.stand.server import StandThread, build_stand

__all__ = [
    "CONVERSATION_HEADER",
    "FAULTS",
    "GATEWAY_TEXT",
    "Fault",
    "Planner",
    "Script",
    "Stand",
    "StandThread",
    "build_stand",
    "load_script",
    "parse_fault",
]
