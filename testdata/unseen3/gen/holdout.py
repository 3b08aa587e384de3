"""Holdout pages for round 3, written after the reader changes and
measured once without tuning: the same classes in other shapes.
Run: python3 holdout.py"""

import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from common import head, nav, footer, listing, truth, js, esc
from pages_json import devalue


def algolia_hits():
    """Next.js whose results are search hits wrapping the listing."""
    host = "https://www.flatmatch.ie"
    hits, want = [], []
    for i in range(6):
        lid = 70411 + i * 5
        area = ["Rathmines", "Ranelagh", "Phibsborough", "Drumcondra", "Smithfield", "Portobello"][i]
        rent = [1850, 2100, 1650, 1700, 2250, 1950][i]
        hits.append({"score": 1.0 - i / 10, "listing": {"listingId": lid, "headline": "2 bed apartment in %s" % area,
                     "monthlyRent": {"amount": rent, "currency": "EUR"}, "seoPath": "/rent/dublin/%s/%d" % (area.lower(), lid),
                     "bedrooms": 2}})
        want.append(listing("%s/rent/dublin/%s/%d" % (host, area.lower(), lid), "2 bed apartment in %s" % area, "€%d" % rent, rent))
    data = {"props": {"pageProps": {"searchResult": {"nbHits": 6, "hits": hits}}}, "page": "/rent/[city]"}
    body = (head("Flats to rent in Dublin") + "<body>" + nav([("/rent/dublin", "Rent"), ("/post-ad", "Post an ad")]) +
            '<div id="__next"><main><h1>6 flats in Dublin</h1></main></div>' +
            '<script id="__NEXT_DATA__" type="application/json">%s</script></body></html>\n' % js(data))
    return "nextjs_hits_wrapping_listing.html", body, truth("nextjs_hits_wrapping_listing.html", host + "/rent/dublin", want)


def preloaded_json_parse():
    """window.__PRELOADED_STATE__ = JSON.parse("...") with the JSON escaped
    in a string, absolute URLs and prices as text."""
    host = "https://www.wohnungsboerse.example.de"
    items, want = [], []
    for i in range(5):
        oid = 88100 + i
        title = ["Wohnung mit Balkon in Linden", "Altbau in der List", "Neubau am Maschsee", "Kleine Wohnung in Hainholz",
                 "Maisonette in der Südstadt"][i]
        rent = [780, 920, 1450, 540, 1190][i]
        items.append({"expose_id": oid, "titel": title, "title": title, "price": "%s € kalt" % "{:,}".format(rent).replace(",", "."),
                      "url": "%s/expose/%d" % (host, oid), "wohnflaeche": 50 + 10 * i})
        want.append(listing("%s/expose/%d" % (host, oid), title, "%s €" % "{:,}".format(rent).replace(",", "."), rent,
                            "%d m²" % (50 + 10 * i), 50 + 10 * i))
    state = json.dumps({"results": {"items": items}}, ensure_ascii=False)
    body = (head("Wohnungen Hannover") + "<body>" + '<div id="app"></div>' +
            '<script>window.__PRELOADED_STATE__ = JSON.parse(%s);</script></body></html>\n' % json.dumps(state))
    return "preloaded_json_parse_string.html", body, truth("preloaded_json_parse_string.html", host + "/hannover", want)


def nuxt3_reactive_strings():
    host = "https://www.appartamenti-affitto.it"
    items, want = [], []
    for i in range(7):
        lid = 95500 + i * 3
        via = ["Via Tortona", "Via Padova", "Viale Monza", "Corso Lodi", "Via Savona", "Via Novara", "Viale Certosa"][i]
        rent = [1100, 950, 1300, 1250, 1600, 880, 1020][i]
        items.append({"id": lid, "titolo": "Bilocale %s" % via, "title": "Bilocale %s" % via,
                      "prezzo": "€ %s/mese" % "{:,}".format(rent).replace(",", "."), "superficie": "%d m²" % (45 + i * 5),
                      "locali": 2, "link": "/annunci/%d/" % lid, "foto": ["https://img.appartamenti-affitto.it/%d/a.jpg" % lid]})
        want.append(listing("%s/annunci/%d/" % (host, lid), "Bilocale %s" % via, "€ %s/mese" % "{:,}".format(rent).replace(",", "."),
                            rent, "%d m²" % (45 + i * 5), 45 + i * 5, None, "https://img.appartamenti-affitto.it/%d/a.jpg" % lid))
    arr = devalue({"data": {"annunci": {"lista": items}}, "state": {}})
    body = (head("Appartamenti in affitto a Milano") + "<body>" + '<div id="__nuxt"></div>' +
            '<script type="application/json" id="__NUXT_DATA__">%s</script></body></html>\n' % js(arr))
    return "nuxt3_italian_keys.html", body, truth("nuxt3_italian_keys.html", host + "/milano", want)


def apollo2_refs():
    host = "https://www.roomspot.co.uk"
    cache, refs, want = {}, [], []
    for i in range(6):
        rid = "r%04d" % (3100 + i)
        street = ["Mare Street", "Essex Road", "Holloway Road", "Green Lanes", "Old Kent Road", "Brixton Hill"][i]
        pcm = [850, 900, 780, 950, 720, 880][i]
        cache["Room:%s" % rid] = {"__typename": "Room", "id": rid, "title": "Double room on %s" % street, "rentPcm": pcm,
                                  "url": "/rooms/%s" % rid}
        refs.append({"type": "id", "id": "Room:%s" % rid, "generated": False, "typename": "Room"})
        want.append(listing("%s/rooms/%s" % (host, rid), "Double room on %s" % street, "%d" % pcm, pcm))
    cache["ROOT_QUERY"] = {'rooms({"area":"london"})': {"type": "id", "id": "$ROOT_QUERY.rooms", "generated": True}}
    cache["$ROOT_QUERY.rooms"] = {"__typename": "RoomList", "items": refs}
    body = (head("Rooms to rent in London") + "<body><div id=\"root\"></div>" +
            '<script>window.__APOLLO_STATE__ = %s;</script></body></html>\n' % js(cache))
    return "apollo2_generated_refs.html", body, truth("apollo2_generated_refs.html", host + "/rooms/london", want)


def aria_label_cards():
    """The card link carries the title in aria-label; its visible text is
    a counter, the price heading and a badge."""
    host = "https://www.homefinder.se"
    cards, want = [], []
    for i in range(5):
        lid = 20011 + i
        street = ["Hornsgatan 12", "Götgatan 40", "Ringvägen 88", "Odengatan 5", "Folkungagatan 61"][i]
        kr = [12500, 14200, 11800, 16900, 13400][i]
        url = "/bostad/%d" % lid
        cards.append('<div class="hit"><a href="%s" aria-label="%s"><span class="pager">1 / %d</span><img src="/p/%d.jpg" alt=""></a>'
                     '<h3>%s kr/mån</h3><span class="pill">Top</span><p>%d rum · %d m²</p></div>' %
                     (url, street, 8 + i, lid, "{:,}".format(kr).replace(",", " "), 2 + i % 2, 40 + 8 * i))
        want.append(listing(host + url, street, "%s kr/mån" % "{:,}".format(kr).replace(",", " "), kr, "%d m²" % (40 + 8 * i),
                            40 + 8 * i, 2 + i % 2, "%s/p/%d.jpg" % (host, lid)))
    body = (head("Lägenheter att hyra i Stockholm") + "<body>" + nav([("/hyra", "Hyra")]) + '<main><section class="hits">' +
            "".join(cards) + '</section></main>' + footer([("/om", "Om oss")]) + "</body></html>\n")
    return "aria_label_title_counter.html", body, truth("aria_label_title_counter.html", host + "/hyra/stockholm", want)


def uk_ranges_sqft():
    host = "https://www.newhomes-letting.co.uk"
    rows = [("The Wharf, E14", "£2,100 - £2,850 pcm", 2100, "650 sq ft", 60.4), ("Canal Yard, N1", "£1,750 pcm", 1750, "540 sq ft", 50.2),
            ("Park Place, SE1", "£1,900 to £2,400 pcm", 1900, "720 sq ft", 66.9), ("Riverside, SW8", "£2,300 pcm", 2300, "810 sq ft", 75.3)]
    cards, want = [], []
    for i, (title, price, low, size, m2) in enumerate(rows):
        url = "/development/%d" % (601 + i)
        cards.append('<li class="dev"><a href="%s"><h2>%s</h2></a><p class="dev__price">%s</p><p>1 bed · %s</p></li>' % (url, title, price, size))
        want.append(listing(host + url, title, price, low, size, m2))
    body = (head("New homes to rent") + "<body><main><ul class=\"devs\">" + "".join(cards) + "</ul></main></body></html>\n")
    return "uk_ranges_square_feet.html", body, truth("uk_ranges_square_feet.html", host + "/to-rent/london", want)


def mojibake_dots():
    host = "https://www.mietfrei.example.de"
    rows = [("Wohnfl. 54 mÂ², Balkon Â· Keller, Gärten", "Wohnfl. 54 m², Balkon · Keller, Gärten", 720, 54),
            ("Lichtdurchflutet Â· 3 Zimmer Â· Düsseldorf", "Lichtdurchflutet · 3 Zimmer · Düsseldorf", 1150, None),
            ("GroÃŸe Wohnung in Köln", "Große Wohnung in Köln", 1320, None)]
    cards, want = [], []
    for i, (shown, right, rent, m2) in enumerate(rows):
        url = "/objekt/%d" % (8800 + i)
        cards.append('<article class="obj"><h2><a href="%s">%s</a></h2><div class="obj-preis">%d €</div></article>' % (url, shown, rent))
        want.append(listing(host + url, right, "%d €" % rent, rent, "%d m²" % m2 if m2 else None, m2, 3 if i == 1 else None))
    body = (head("Mietwohnungen") + "<body><main>" + "".join(cards) + "</main></body></html>\n")
    return "mojibake_middle_dots.html", body, truth("mojibake_middle_dots.html", host + "/suche", want)


PAGES = [algolia_hits, preloaded_json_parse, nuxt3_reactive_strings, apollo2_refs, aria_label_cards, uk_ranges_sqft, mojibake_dots]
out = os.path.join(here, "..", "holdout")
for fn in PAGES:
    name, html_, tr = fn()
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(html_)
    with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
        json.dump(tr, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-40s %3d listings" % (name, len(tr["listings"])))
