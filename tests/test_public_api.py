"""The public API is a decision: this test pins it."""

from __future__ import annotations

import tether

EXPECTED = [
    "AgentRuntime", "AnthropicProvider", "Candidate", "Chain", "CheckResult", "ConfigError",
    "ErrorFrame", "Event", "FaultSpecError", "Finish", "FirstByteTimeout", "ImagePart",
    "Malformed", "McpServer", "Message", "NativeDelta", "NativePart", "OllamaProvider", "OpenAIProvider", "Provider", "ProviderConnectError",
    "ProviderError", "ProviderStatusError", "ProviderTimeout", "ReasoningDelta", "ReasoningPart",
    "Receipt", "Request", "Rule", "Rules", "RuntimeConfig", "ScriptError", "SectionCounts",
    "SilenceTimeout", "StreamDropped", "StreamEnd", "TetherError", "TextDelta", "TextPart",
    "Timeouts", "Tool", "ToolCall", "ToolCallDelta", "ToolContext", "ToolResultPart", "ToolSpec",
    "Turn", "TurnBuilder", "Usage", "UsageError", "UsageReport", "Verdict", "WireError",
    "__version__", "adapter_for", "collect", "count_request", "create_agent_runtime",
    "estimate_tokens", "judge", "load_config", "run_checks", "tool",
]  # fmt: skip


def test_all_is_sorted_and_pinned() -> None:
    assert tether.__all__ == sorted(tether.__all__)
    assert tether.__all__ == EXPECTED


def test_every_name_resolves() -> None:
    for name in tether.__all__:
        assert getattr(tether, name) is not None, name


def test_errors_form_one_tree() -> None:
    errors = [
        getattr(tether, n) for n in tether.__all__ if n.endswith(("Error", "Timeout", "Dropped"))
    ]
    for cls in errors:
        assert issubclass(cls, tether.TetherError), cls
