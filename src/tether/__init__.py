"""tether: an agent harness that never lies about "done".

The public API is re-exported here from small private-ish modules; `__all__` is pinned by a
test, so anything added here is a decision, not an accident.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Every name loads on first use: a command (`tether check` in a CI step, every `tether stand` a
# test starts) pays only for the modules it touches, not for the providers, pydantic models,
# the agent and the tools behind the others.
_LAZY = {
    "AgentRuntime": "tether.agent.runtime",
    "AnthropicProvider": "tether.providers",
    "Candidate": "tether.reliability.chain",
    "Chain": "tether.reliability.chain",
    "CheckResult": "tether.checks",
    "ConfigError": "tether.errors",
    "ErrorFrame": "tether.messages",
    "Event": "tether.messages",
    "FaultSpecError": "tether.errors",
    "Finish": "tether.messages",
    "FirstByteTimeout": "tether.errors",
    "ImagePart": "tether.messages",
    "Malformed": "tether.messages",
    "McpServer": "tether.tools.mcp.servers",
    "Message": "tether.messages",
    "NativeDelta": "tether.messages",
    "NativePart": "tether.messages",
    "OllamaProvider": "tether.providers",
    "OpenAIProvider": "tether.providers",
    "Provider": "tether.providers",
    "ProviderConnectError": "tether.errors",
    "ProviderError": "tether.errors",
    "ProviderStatusError": "tether.errors",
    "ProviderTimeout": "tether.errors",
    "ReasoningDelta": "tether.messages",
    "ReasoningPart": "tether.messages",
    "Receipt": "tether.agent.receipt",
    "Request": "tether.messages",
    "Rule": "tether.tools.rules",
    "Rules": "tether.tools.rules",
    "RuntimeConfig": "tether.agent.runtime",
    "ScriptError": "tether.errors",
    "SectionCounts": "tether.context.tokens",
    "SilenceTimeout": "tether.errors",
    "StreamDropped": "tether.errors",
    "StreamEnd": "tether.messages",
    "TetherError": "tether.errors",
    "TextDelta": "tether.messages",
    "TextPart": "tether.messages",
    "Timeouts": "tether.providers",
    "Tool": "tether.tools.base",
    "ToolCall": "tether.messages",
    "ToolCallDelta": "tether.messages",
    "ToolContext": "tether.tools.base",
    "ToolResultPart": "tether.messages",
    "ToolSpec": "tether.messages",
    "Turn": "tether.messages",
    "TurnBuilder": "tether.messages",
    "Usage": "tether.messages",
    "UsageError": "tether.errors",
    "UsageReport": "tether.messages",
    "Verdict": "tether.reliability.judge",
    "WireError": "tether.errors",
    "adapter_for": "tether.providers",
    "collect": "tether.messages",
    "count_request": "tether.context.tokens",
    "create_agent_runtime": "tether.agent.runtime",
    "estimate_tokens": "tether.context.tokens",
    "judge": "tether.reliability.judge",
    "load_config": "tether.agent.runtime",
    "run_checks": "tether.checks",
    "tool": "tether.tools.base",
}

if TYPE_CHECKING:
    from tether.agent.receipt import Receipt
    from tether.agent.runtime import AgentRuntime, RuntimeConfig, create_agent_runtime, load_config
    from tether.checks import CheckResult, run_checks
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
        NativeDelta,
        NativePart,
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
    from tether.reliability.chain import Candidate, Chain
    from tether.reliability.judge import Verdict, judge
    from tether.tools.base import Tool, ToolContext, tool
    from tether.tools.mcp.servers import McpServer
    from tether.tools.rules import Rule, Rules

    __version__: str


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value: Any = version("tether")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            value = "0.0.0"
    else:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'tether' has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
    "NativeDelta",
    "NativePart",
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
