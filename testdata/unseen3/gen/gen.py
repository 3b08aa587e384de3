"""Writes the round-3 unseen search pages (embedded results, card titles,
price ranges, text encoding, a menu tile, UTF-16 files, script links)
and their truth files into testdata/unseen3. The pages are
reconstructions (see ../README.md); the truth is what a person reading
the rendered page would call its search results. Run: python3 gen.py"""

import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import pages_json, pages_cards

PAGES = [pages_json.next_pages_router, pages_json.next_ids_and_one_card, pages_json.nuxt3_devalue, pages_json.nuxt2_iife,
         pages_json.initial_state_redux, pages_json.apollo_state, pages_json.json_block_portal_pattern,
         pages_json.json_unreadable, pages_cards.carousel_counter, pages_cards.price_badge_line, pages_cards.postcode_line,
         pages_cards.whole_card_link, pages_cards.address_facts, pages_cards.price_ranges, pages_cards.partial_mojibake,
         pages_cards.menu_promo_card, pages_cards.utf16le, pages_cards.utf16be, pages_cards.javascript_links]

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
    print("%-40s %7d bytes %3d listings" % (name, len(html_.encode(enc)), len(tr["listings"])))
