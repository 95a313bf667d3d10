"""tether: an agent harness that never lies about "done".

The public API is re-exported here from small private-ish modules; `__all__` is pinned by a
test, so anything added here is a decision, not an accident.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

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

try:
    __version__ = version("tether")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "AnthropicProvider",
    "ConfigError",
    "ErrorFrame",
    "Event",
    "FaultSpecError",
    "Finish",
    "FirstByteTimeout",
    "ImagePart",
    "Malformed",
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
    "Request",
    "ScriptError",
    "SectionCounts",
    "SilenceTimeout",
    "StreamDropped",
    "StreamEnd",
    "TetherError",
    "TextDelta",
    "TextPart",
    "Timeouts",
    "ToolCall",
    "ToolCallDelta",
    "ToolResultPart",
    "ToolSpec",
    "Turn",
    "TurnBuilder",
    "Usage",
    "UsageError",
    "UsageReport",
    "WireError",
    "__version__",
    "adapter_for",
    "collect",
    "count_request",
    "estimate_tokens",
]
