"""Everything around one model call: judge, guard, breakers, the failover chain."""
