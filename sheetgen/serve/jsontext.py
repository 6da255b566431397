"""How deep a JSON text nests, found without parsing it: the request bodies and the undo
histories are refused past their depth before ``json.loads`` (whose recursion a text of
a few kilobytes of ``[`` overruns). Pure."""

from __future__ import annotations


def json_depth(raw: bytes, limit: int) -> int:
    """How deep the arrays and objects of the JSON text ``raw`` nest (brackets inside
    strings do not count), found without parsing it; the count stops past ``limit``."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest
