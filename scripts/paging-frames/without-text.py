#!/usr/bin/env python3
"""A scan without its text layer: IN (qpdf --qdf output) to OUT (for fix-qdf), every text
object (BT … ET) taken out of the page contents and form XObjects, the pictures, fonts and
everything else byte for byte. For paging-frames.sh: a scan that came with an earlier OCR's
text is not recognised again by Quire, and so could not be measured recognising."""
import re
import sys

data = open(sys.argv[1], 'rb').read()


def without_text(match):
    head, body, tail = match.group(1), match.group(2), match.group(3)
    # Still-encoded streams (pictures) and font programs are not content.
    if b'/Subtype /Image' in head or b'/Filter' in head or b'/Length1' in head:
        return match.group(0)
    return head + re.sub(rb'\bBT\b.*?\bET\b', b'', body, flags=re.S) + tail


stream = rb'(\n\d+ 0 obj\n<<(?:(?!\nendobj).)*?\n>>\nstream\n)(.*?)(\nendstream)'
open(sys.argv[2], 'wb').write(re.sub(stream, without_text, data, flags=re.S))
