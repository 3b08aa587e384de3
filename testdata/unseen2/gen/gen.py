"""Writes the round-2 unseen search pages and their truth files into
testdata/unseen2. The pages are reconstructions (see ../MANIFEST.tsv); the
truth is what a person reading the rendered page would call its search
results. Shared helpers come from ../../unseen/gen/common.py. Run: python3 gen.py"""

import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "unseen", "gen"))
sys.path.insert(0, here)
import pages_a, pages_b, pages_c

PAGES = [pages_a.table_agent_cells, pages_a.url_variants, pages_a.query_id_object_php, pages_a.index_php_oid,
         pages_a.webflow_slugs, pages_a.onclick_divs, pages_b.two_blocks, pages_b.strips, pages_b.bootstrap_rows,
         pages_b.web_components, pages_b.angular_app, pages_b.jsonld_script_cards, pages_c.mobile_short,
         pages_c.cyrillic_1251, pages_c.map_sidebar]

out = os.path.join(here, "..")
for fn in PAGES:
    got = fn()
    name, html_, tr = got[:3]
    enc = got[3] if len(got) > 3 else "utf-8"
    with open(os.path.join(out, name), "wb") as f:
        f.write(html_.encode(enc))
    with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
        json.dump(tr, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-40s %7d bytes %3d listings %2d excluded" % (name, len(html_.encode(enc)), len(tr["listings"]), len(tr["excluded"])))
