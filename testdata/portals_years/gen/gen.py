"""Writes the portals_years search pages and their truth files into
testdata/portals_years. The pages are reconstructions written from
knowledge of each named portal's markup in that year (see ../MANIFEST.tsv);
the truth is what a person reading the rendered page calls its search
results. Run: python3 gen.py"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sites_nl, sites_es_uk, sites_de  # noqa: E402

SITES = [sites_nl.funda2019, sites_nl.funda2024, sites_nl.pararius2019, sites_nl.pararius2024, sites_nl.kamernet2018,
         sites_nl.kamernet2024, sites_es_uk.idealista2016, sites_es_uk.idealista2023, sites_es_uk.rightmove2016,
         sites_es_uk.rightmove2023, sites_es_uk.zoopla2018, sites_es_uk.zoopla2024, sites_de.wggesucht2019,
         sites_de.is24_2019, sites_de.is24_2024, sites_de.immowelt2024]

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
for fn in SITES:
    name, html_, tr = fn()
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(html_)
    with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
        json.dump(tr, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-52s %7d bytes %3d listings %2d excluded" % (name, len(html_.encode()), len(tr["listings"]), len(tr["excluded"])))
