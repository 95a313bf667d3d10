"""Tools: declared with @tool, run by the runner under timeouts, caps, rules and fences."""
