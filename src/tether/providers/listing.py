"""Which models a server lists, whatever format it speaks (`tether models`)."""

from __future__ import annotations

import httpx2

from tether.errors import ProviderConnectError, ProviderError, UsageError
from tether.wire.apis import APIS, ModelRow, read_models


def list_models(base_url: str, api_key: str | None, timeout: float = 10.0) -> list[ModelRow]:
    """The models at `base_url` (a server's root or an SDK base such as `.../v1`): each known
    format's listing path is tried in turn, the first listing that reads wins."""
    if not base_url.startswith(("http://", "https://")):
        raise UsageError(
            f"--base-url {base_url!r}: give an http:// or https:// URL "
            "(e.g. http://127.0.0.1:8765 or https://api.openai.com/v1)"
        )
    headers = {"authorization": f"Bearer {api_key}"} if api_key else {}
    root = base_url.rstrip("/")
    urls: list[str] = []
    for api in APIS.values():
        for url in (root + api.client_models_path, root + api.models_path):
            if url not in urls:
                urls.append(url)
    for url in urls:
        try:
            resp = httpx2.get(url, headers=headers, timeout=timeout)
        except httpx2.TransportError as exc:
            raise ProviderConnectError(
                f"cannot reach {url}: {exc}; is the server running? (try `tether stand`)"
            ) from exc
        if resp.status_code != 200:
            continue
        try:
            rows = read_models(resp.json())
        except ValueError:
            continue
        if rows is not None:
            return rows
    tried = ", ".join(u.removeprefix(root) for u in urls)
    raise ProviderError(f"{root} does not list models at {tried}; check --base-url")
