"""Pages reconstructed from the structure public scrapers document for a
named portal's live pages (keys, nesting, the blocks beside the results),
written after the round-4 reader changes and measured once before any
change for them. Run: python3 documented.py"""

import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "unseen3", "gen"))
from common import nav, footer, listing, truth  # noqa: E402
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("round4", os.path.join(here, "gen.py"))
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


def zoopla_listing(lid, title, address, pcm, beds, kind, listing_type):
    return {"listingId": str(lid), "listingUris": {"contact": "/to-rent/details/%d/contact/" % lid, "detail": "/to-rent/details/%d/" % lid,
                                                   "success": "/to-rent/details/%d/contact/success/" % lid},
            "title": title, "address": address, "price": "£%s pcm" % "{:,}".format(pcm), "priceUnformatted": pcm,
            "alternativeRentFrequencyLabel": "£%s pw" % "{:,}".format(round(pcm * 12 / 52)),
            "features": [{"content": beds, "iconId": "bed"}, {"content": 1, "iconId": "bath"}, {"content": 1, "iconId": "chair"}],
            "image": {"src": "https://lid.zoocdn.com/645/430/%x.jpg" % (lid * 7919), "caption": None, "responsiveImgList": []},
            "publishedOn": "26th Sep 2026", "propertyType": kind, "listingType": listing_type, "isPremium": listing_type == "featured",
            "branch": {"name": "Dockside Lettings", "logoUri": "https://st.zoocdn.com/zoopla_static_agent_logo_(1).png",
                       "branchDetailsUri": "/find-agents/branch/dockside-lettings-e14-12345/"}, "tags": [{"content": "Available now"}]}


def zoopla_app_router():
    """Zoopla to-rent search as an App Router page (2023 on): the flight
    data holds regularListingsFormatted (the district's results),
    featuredListingsFormatted (promoted) and extendedListingsFormatted
    (a widened radius, more of them than results); the cards are
    rendered on the client here."""
    host = "https://www.zoopla.co.uk"
    regular, want = [], []
    streets = ["Westferry Road", "Manchester Road", "Marsh Wall", "Limeharbour", "East Ferry Road"]
    for i in range(5):
        lid = 67120400 + i * 13
        beds = [1, 2, 2, 3, 1][i]
        pcm = [2150, 2600, 2795, 3400, 1995][i]
        l = zoopla_listing(lid, "%d bed flat to rent" % beds, "%s, London E14" % streets[i], pcm, beds, "flat", "regular")
        regular.append(l)
        want.append(listing(host + "/to-rent/details/%d/" % lid, l["title"], l["price"]))
    featured = [zoopla_listing(66990000 + i, "2 bed flat to rent", "Canary Wharf, London E14", 3900, 2, "flat", "featured") for i in range(2)]
    extended = [zoopla_listing(67000000 + i * 7, "%d bed flat to rent" % (1 + i % 3), "Bow Road, London E3", 1900 + 50 * i, 1 + i % 3, "flat", "regular")
                for i in range(9)]
    props = {"regularListingsFormatted": regular, "featuredListingsFormatted": featured, "extendedListingsFormatted": extended,
             "pagination": {"pageNumber": 1, "pageNumberMax": 1, "totalResults": 5}, "searchLocation": "E14",
             "analyticsTaxonomy": {"searchIdentifier": "e14", "section": "to-rent", "listingsCategory": "residential"}}
    rows = ["1:\"$Sreact.fragment\"\n",
            "2:I[82031,[\"4021\",\"static/chunks/4021-6b1e.js\",\"6490\",\"static/chunks/app/to-rent/property/%5B...slug%5D/page-3c.js\"],\"SearchResultsLayout\"]\n",
            "3:HL[\"/_next/static/css/a8c2e.css\",\"style\"]\n",
            gen.row("0", {"P": None, "b": "zpl-7f2c", "p": "", "c": ["", "to-rent", "property", "e14"], "i": False,
                          "f": [[["", {"children": ["to-rent", {}]}, "$undefined", "$undefined", True], ["", ["$", "$1", "c", {"children": ["$", "$L4", None, {}]}], None], None]], "S": False}),
            gen.row("4", ["$", "main", None, {"id": "main-content", "children": ["$", "$L2", None, props]}])]
    body = (gen.next_app_head("Property to rent in E14 - Zoopla") + "<body>" +
            nav([("/to-rent/", "To rent"), ("/for-sale/", "For sale"), ("/house-prices/", "House prices"), ("/find-agents/", "Find agents")]) +
            '<main id="main-content"><h1>Property to rent in E14</h1><div data-testid="regular-listings"><!--$?--><template id="B:0"></template>'
            '<div class="_1xzlj2v0"></div><!--/$--></div></main>' + footer([("/privacy/", "Privacy"), ("/terms/", "Terms")]) +
            gen.flight_scripts(rows, cut=2000) + "</body></html>\n")
    return "zoopla_app_router_flight_2024.html", body, truth("zoopla_app_router_flight_2024.html", host + "/to-rent/property/e14/?results_sort=newest_listings", want,
                                                             excluded=[host + l["listingUris"]["detail"] for l in featured + extended])


PAGES = [zoopla_app_router]
out = os.path.join(here, "..", "documented")
for fn in PAGES:
    name, html_, tr = fn()
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(html_)
    with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
        json.dump(tr, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-44s %7d bytes %3d listings" % (name, len(html_.encode()), len(tr["listings"])))
