"""Writes the unseen search pages and their truth files into testdata/unseen.

The pages are reconstructions, written from knowledge of each site's markup
(see ../MANIFEST.tsv); the truth is what a person reading the rendered page
would call its search results. Run: python3 gen.py"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import sites_uk, sites_eu, sites_more, sites_small

SITES = [sites_uk.spareroom, sites_uk.openrent, sites_uk.zillow, sites_eu.daft, sites_eu.immobiliare, sites_eu.seloger,
         sites_eu.leboncoin, sites_more.hemnet, sites_more.otodom, sites_more.kleinanzeigen, sites_small.willhaben,
         sites_small.homegate, sites_small.houzez, sites_small.table2010]

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
for fn in SITES:
    name, html_, tr = fn()
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(html_)
    with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
        json.dump(tr, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-45s %7d bytes %3d listings %2d excluded" % (name, len(html_.encode()), len(tr["listings"]), len(tr["excluded"])))
