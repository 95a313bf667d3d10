"""A reply that opens by saying what a picture shows: a caption, the description asked for.

Alt-text generators, photo describers and manuals caption a picture: "This image shows an
error message box.", "The screenshot depicts a login dialog." The words of a failure in it
("error", "failed") are what the picture holds, not the reply's own state: a notice never
describes a picture. Only an opening that names the picture, a verb of showing and the thing
shown (an article or a number before it) counts; "The image shows nothing" or "The image
failed to load" say no thing shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.reply import Reply, Signal

_SHOWS = re.compile(
    r"^(?:this|the|an?) (?:image|picture|photo|photograph|screenshot|screen shot|figure|"
    r"illustration|diagram|drawing|graphic|chart)s? (?:above |below |here )?"
    r"(?:shows|depicts|displays|illustrates|features|presents|is of|captures)"
    r"\s+(?:an?|the|two|three|four|several|some|\d+)\s+\w"
)


def describes_picture(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply opens by saying what a picture shows ("This image shows an error message
    box."): a caption, the answer of a describer; its failure words are the picture's."""
    m = _SHOWS.match(r.low.lstrip())
    if m is None or not r.written:
        return ()
    return (Signal("describes_picture", -w["describes_picture"], m.group(0)),)
