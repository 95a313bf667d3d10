"""The four wire formats, both directions, as pure functions and small stateful codecs.

Each module answers one question: what does this API's traffic look like? It turns neutral
requests into the vendor's body and back, and stream events into the vendor's bytes and back.
The client adapters (`tether.providers`), the stand and the proxy all speak through these, so
there is one definition of each format. Nothing here does I/O or decides policy.
"""
