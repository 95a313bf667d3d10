"""Attribute names from the OpenTelemetry GenAI semantic conventions, kept in one place.

https://opentelemetry.io/docs/specs/semconv/gen-ai/ (names only; tether adds its own under
`tether.*`).
"""

from __future__ import annotations

GEN_AI_OPERATION_NAME = "gen_ai.operation.name"
GEN_AI_PROVIDER_NAME = "gen_ai.provider.name"
GEN_AI_REQUEST_MODEL = "gen_ai.request.model"
GEN_AI_RESPONSE_MODEL = "gen_ai.response.model"
GEN_AI_REQUEST_MAX_TOKENS = "gen_ai.request.max_tokens"
GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons"
GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens"
GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens"
GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS = "gen_ai.usage.cache_read.input_tokens"
GEN_AI_TOOL_NAME = "gen_ai.tool.name"
GEN_AI_TOOL_CALL_ID = "gen_ai.tool.call.id"
# Both capped (TOOL_TEXT_CAP characters): enough to see what was asked and answered in a viewer.
GEN_AI_TOOL_CALL_ARGUMENTS = "gen_ai.tool.call.arguments"
GEN_AI_TOOL_CALL_RESULT = "gen_ai.tool.call.result"
TOOL_TEXT_CAP = 2000
SERVER_ADDRESS = "server.address"
ERROR_TYPE = "error.type"

TETHER_CANDIDATE = "tether.candidate"
TETHER_ATTEMPT = "tether.attempt"
TETHER_VERDICT = "tether.verdict"
TETHER_VERDICT_DETAIL = "tether.verdict.detail"
TETHER_DETECTOR = "tether.detector"
TETHER_TERMINATION = "tether.termination"
TETHER_FIRST_BYTE_S = "tether.first_byte_s"
TETHER_CITES_TOOL_IDS = "cites_tool_ids"  # the run JSON's name, read by the gate
