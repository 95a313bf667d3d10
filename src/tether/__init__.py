"""tether: an agent harness that never lies about "done".

The public API is re-exported here from small private-ish modules; `__all__` is pinned by a
test, so anything added here is a decision, not an accident.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from tether.context.tokens import SectionCounts, count_request, estimate_tokens
from tether.errors import (
    ConfigError,
    FaultSpecError,
    FirstByteTimeout,
    ProviderConnectError,
    ProviderError,
    ProviderStatusError,
    ProviderTimeout,
    ScriptError,
    SilenceTimeout,
    StreamDropped,
    TetherError,
    UsageError,
    WireError,
)
from tether.messages import (
    ErrorFrame,
    Event,
    Finish,
    ImagePart,
    Malformed,
    Message,
    ReasoningDelta,
    ReasoningPart,
    Request,
    StreamEnd,
    TextDelta,
    TextPart,
    ToolCall,
    ToolCallDelta,
    ToolResultPart,
    ToolSpec,
    Turn,
    TurnBuilder,
    Usage,
    UsageReport,
    collect,
)
from tether.providers import (
    AnthropicProvider,
    OllamaProvider,
    OpenAIProvider,
    Provider,
    Timeouts,
    adapter_for,
)

# The agent's names load on first use: the CLI (and every `tether stand` a test starts) should
# not pay for the agent, the tools and pydantic models it does not touch.
_LAZY = {
    "AgentRuntime": "tether.agent.runtime",
    "Candidate": "tether.reliability.chain",
    "Chain": "tether.reliability.chain",
    "CheckResult": "tether.checks",
    "McpServer": "tether.tools.mcp.servers",
    "Receipt": "tether.agent.receipt",
    "Rule": "tether.tools.rules",
    "Rules": "tether.tools.rules",
    "RuntimeConfig": "tether.agent.runtime",
    "Tool": "tether.tools.base",
    "ToolContext": "tether.tools.base",
    "Verdict": "tether.reliability.judge",
    "create_agent_runtime": "tether.agent.runtime",
    "judge": "tether.reliability.judge",
    "load_config": "tether.agent.runtime",
    "run_checks": "tether.checks",
    "tool": "tether.tools.base",
}

if TYPE_CHECKING:
    from tether.agent.receipt import Receipt
    from tether.agent.runtime import AgentRuntime, RuntimeConfig, create_agent_runtime, load_config
    from tether.checks import CheckResult, run_checks
    from tether.reliability.chain import Candidate, Chain
    from tether.reliability.judge import Verdict, judge
    from tether.tools.base import Tool, ToolContext, tool
    from tether.tools.mcp.servers import McpServer
    from tether.tools.rules import Rule, Rules


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tether' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


try:
    __version__ = version("tether")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "AgentRuntime",
    "AnthropicProvider",
    "Candidate",
    "Chain",
    "CheckResult",
    "ConfigError",
    "ErrorFrame",
    "Event",
    "FaultSpecError",
    "Finish",
    "FirstByteTimeout",
    "ImagePart",
    "Malformed",
    "McpServer",
    "Message",
    "OllamaProvider",
    "OpenAIProvider",
    "Provider",
    "ProviderConnectError",
    "ProviderError",
    "ProviderStatusError",
    "ProviderTimeout",
    "ReasoningDelta",
    "ReasoningPart",
    "Receipt",
    "Request",
    "Rule",
    "Rules",
    "RuntimeConfig",
    "ScriptError",
    "SectionCounts",
    "SilenceTimeout",
    "StreamDropped",
    "StreamEnd",
    "TetherError",
    "TextDelta",
    "TextPart",
    "Timeouts",
    "Tool",
    "ToolCall",
    "ToolCallDelta",
    "ToolContext",
    "ToolResultPart",
    "ToolSpec",
    "Turn",
    "TurnBuilder",
    "Usage",
    "UsageError",
    "UsageReport",
    "Verdict",
    "WireError",
    "__version__",
    "adapter_for",
    "collect",
    "count_request",
    "create_agent_runtime",
    "estimate_tokens",
    "judge",
    "load_config",
    "run_checks",
    "tool",
]
