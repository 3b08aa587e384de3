"""Page chrome shared by the portals_years reconstructions. The data helpers
(streets, slug, page, truth, tracking scripts) come from
testdata/unseen/gen/common.py."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "unseen", "gen"))
from common import *  # noqa: F401,F403


def links(host, items, cls=""):
    """A <ul> of links (host + path, text)."""
    return link_list(host, items, cls)


def pagination(host, path_fmt, n=8, cls="pagination"):
    items = "".join('<li><a href="%s%s">%d</a></li>' % (host, esc(path_fmt % p), p) for p in range(2, n + 1))
    return '<nav class="%s" aria-label="Paginering"><ul>%s</ul><a rel="next" href="%s%s">Volgende</a></nav>' % (
        cls, items, host, esc(path_fmt % 2))


def seo_block(host, heading, items, cls="seo-links"):
    return '<section class="%s"><h3>%s</h3>%s</section>' % (cls, esc(heading), links(host, items))


def footer(host, words):
    return '<footer class="site-footer">%s<p>&copy;</p></footer>' % links(host, [("/%s/" % slug(w), w) for w in words])
