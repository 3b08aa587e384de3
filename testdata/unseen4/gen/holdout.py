"""Holdout pages for round 4, written after the reader changes and
measured once without tuning: the same framework formats in other
shapes. Run: python3 holdout.py"""

import html
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "unseen3", "gen"))
from common import head, nav, footer, listing, truth, js, esc  # noqa: E402
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("round4", os.path.join(here, "gen.py"))
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


def flight_react_query():
    """App Router: a HydrationBoundary's dehydrated React Query state holds
    the search's pages of hits; the detail path in detailPageUrl."""
    host = "https://www.mietwohnung-boerse.example.de"
    hits, want = [], []
    for i in range(9):
        eid = 143920000 + i * 271
        rent = [780, 1040, 1190, 655, 1480, 920, 1310, 875, 1620][i]
        title = "Schöne %d-Zimmer-Wohnung in %s" % (1 + i % 4, ["Linden", "List", "Südstadt", "Vahrenwald", "Nordstadt", "Döhren", "Kleefeld", "Ricklingen", "Bothfeld"][i])
        hits.append({"exposeId": eid, "headline": title, "priceFormatted": "%s € kalt" % "{:,}".format(rent).replace(",", "."),
                     "price": rent, "detailPageUrl": "/expose/%d" % eid, "picture": {"src": "https://pics.example.de/%d.jpg" % eid}})
        want.append(listing(host + "/expose/%d" % eid, title, "%s € kalt" % "{:,}".format(rent).replace(",", ".")))
    state = {"mutations": [], "queries": [{"queryKey": ["search", {"city": "hannover", "page": 1}], "queryHash": "[\"search\"]",
              "state": {"data": {"pages": [{"totalCount": 9, "hits": hits}], "pageParams": [1]}, "status": "success", "dataUpdatedAt": 1733000000000}}]}
    rows = ["1:\"$Sreact.fragment\"\n", "2:I[4412,[\"512\",\"static/chunks/512-a1.js\"],\"HydrationBoundary\"]\n",
            "3:I[7781,[\"90\",\"static/chunks/app/suche/page-77.js\"],\"SearchPage\"]\n",
            gen.row("0", {"P": None, "b": "Xa91", "p": "", "c": ["", "suche", "hannover"], "i": False, "f": [[["", {}], ["$", "$1", "c", {"children": ["$", "$L4", None, {}]}], None]], "S": True}),
            gen.row("4", ["$", "$L2", None, {"state": state, "children": ["$", "$L3", None, {"city": "hannover"}]}])]
    body = (gen.next_app_head("Mietwohnungen in Hannover") + "<body>" +
            nav([("/suche/hannover", "Mieten"), ("/inserieren", "Inserieren"), ("/login", "Anmelden")]) +
            '<main><h1>9 Mietwohnungen in Hannover</h1><div class="animate-pulse h-96"></div></main>' + footer([("/impressum", "Impressum")]) +
            gen.flight_scripts(rows, cut=1000) + "</body></html>\n")
    return "flight_react_query_dehydrated.html", body, truth("flight_react_query_dehydrated.html", host + "/suche/hannover", want)


def flight_card_elements():
    """App Router: the server maps the results to client ListingCard
    elements, each with the listing as its prop; a promoted strip too."""
    host = "https://www.rooms4you.example.co.uk"
    elems, want = [], []
    for i in range(8):
        rid = "r%06d" % (560300 + i * 3)
        area = ["Clapham", "Brixton", "Peckham", "Camberwell", "Stockwell", "Vauxhall", "Kennington", "Balham"][i]
        pcm = [950, 875, 820, 900, 990, 1050, 925, 880][i]
        title = "Double room in %s" % area
        elems.append(["$", "$L5", rid, {"listing": {"id": rid, "title": title, "rent": {"amount": pcm, "unit": "pcm", "display": "£%d pcm" % pcm},
                                                  "href": "/rooms/%s" % rid, "area": area}, "priority": i < 2, "locale": "en-GB"}])
        want.append(listing(host + "/rooms/%s" % rid, title, "£%d pcm" % pcm))
    promo = [["$", "$L5", "p%d" % j, {"listing": {"id": "p%d" % j, "title": "Promoted: studio %d" % j, "rent": {"display": "£1,200 pcm"},
                                                 "href": "/rooms/p99000%d" % j}, "priority": False}] for j in range(3)]
    rows = ["5:I[2231,[\"41\",\"static/chunks/41-b2.js\"],\"ListingCard\"]\n",
            "6:I[2232,[\"41\",\"static/chunks/41-b2.js\"],\"PromotedListings\"]\n",
            gen.row("0", ["jq1", [["children", "rooms", ["", {}], None, ["$", "$L7", None, {}]]], None]),
            gen.row("7", ["$", "div", None, {"className": "grid", "children": [["$", "ul", None, {"children": elems}],
                                                                             ["$", "$L6", None, {"children": promo}]]}])]
    body = (gen.next_app_head("Rooms to rent in South London") + "<body>" +
            nav([("/rooms/london", "Rooms"), ("/post-a-room", "Post a room"), ("/wanted/new", "Post a wanted ad")]) +
            '<main><h1>Rooms in South London</h1><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main>' +
            gen.flight_scripts(rows, cut=700) + "</body></html>\n")
    return "flight_listing_card_elements.html", body, truth("flight_listing_card_elements.html", host + "/rooms/london/south", want,
                                                            excluded=[host + "/rooms/p99000%d" % j for j in range(3)])


def astro_ssr_island():
    """Astro client:load island rendered on the server: the cards in the
    HTML and the same results in its props."""
    host = "https://www.bostad-nu.example.se"
    items, cards, want = [], [], []
    for i in range(6):
        oid = 3301 + i * 9
        rent = [9800, 11200, 12500, 8700, 14100, 10350][i]
        title = "%d rok, %s" % (1 + i % 3, ["Majorna", "Haga", "Linné", "Lindholmen", "Johanneberg", "Gamlestaden"][i])
        items.append({"id": oid, "title": title, "rent": rent, "href": "/objekt/%d" % oid})
        cards.append('<article class="card"><a href="/objekt/%d"><h3>%s</h3></a><p class="rent">%s kr/mån</p></article>' %
                     (oid, esc(title), "{:,}".format(rent).replace(",", " ")))
        want.append(listing(host + "/objekt/%d" % oid, title, "%s kr/mån" % "{:,}".format(rent).replace(",", " ")))
    props = {"items": gen.astro_value(items)}
    body = (head("Lediga lägenheter i Göteborg") + "<body>" + nav([("/lediga", "Lediga"), ("/om", "Om")]) +
            '<main><astro-island uid="1f2Q" component-url="/_astro/Results.Cx1.js" component-export="default" renderer-url="/_astro/client.B.js" '
            'props="%s" ssr="" client="load" opts="%s" await-children=""><div class="results">%s</div></astro-island></main>' %
            (html.escape(json.dumps(props, ensure_ascii=False)), html.escape('{"name":"Results","value":true}'), "".join(cards)) +
            footer([("/kontakt", "Kontakt")]) + "</body></html>\n")
    return "astro_ssr_island_cards.html", body, truth("astro_ssr_island_cards.html", host + "/lediga/goteborg", want)


def inertia_nested_links():
    """Inertia (Laravel resources): each listing's links nested as
    links.show; the price as a money object."""
    host = "https://www.huurhuis.example.nl"
    data, want = [], []
    for i in range(7):
        lid = 8801 + i
        rent = [1350, 1495, 1200, 1675, 1425, 1550, 1299][i]
        title = "Eengezinswoning %s" % ["Leidsche Rijn", "Overvecht", "Zuilen", "Lombok", "Wittevrouwen", "Tuindorp", "Kanaleneiland"][i]
        data.append({"id": lid, "title": title, "rent": {"amount": rent, "currency": "EUR", "formatted": "€ %s,-" % "{:,}".format(rent).replace(",", ".")},
                     "links": {"show": "/woningen/%d" % lid, "favourite": "/favorieten/%d" % lid}})
        want.append(listing(host + "/woningen/%d" % lid, title, "€ %s,-" % "{:,}".format(rent).replace(",", ".")))
    page = {"component": "Woningen/Index", "props": {"woningen": {"data": data, "meta": {"total": 7}}}, "url": "/woningen?stad=utrecht", "version": "c0ffee"}
    body = (head("Huurwoningen Utrecht") + "<body>" + '<div id="app" data-page="%s"></div>' % html.escape(json.dumps(page, ensure_ascii=False)) + "</body></html>\n")
    return "inertia_links_show.html", body, truth("inertia_links_show.html", host + "/woningen?stad=utrecht", want)


def sveltekit_uneval_iife():
    """SvelteKit 2: kit.start's data written by devalue's uneval, which
    hoists repeated values into a function's parameters."""
    host = "https://www.louer-facile.example.fr"
    parts, want = [], []
    for i in range(6):
        aid = 20451 + i * 2
        rent = [890, 1120, 760, 1340, 980, 1050][i]
        title = "Appartement %d pièces, %s" % (2 + i % 3, ["Croix-Rousse", "Part-Dieu", "Guillotière", "Confluence", "Monplaisir", "Brotteaux"][i])
        parts.append('{id:%d,titre:"%s",loyer:%d,devise:a,url:"/annonce/%d",ville:b}' % (aid, title, rent, aid))
        want.append(listing(host + "/annonce/%d" % aid, title, "%d €" % rent))
    data = '[null,(function(a,b){return {type:"data",data:{annonces:[%s],total:6},uses:{search_params:["page"]}}}("€","Lyon"))]' % ",".join(parts)
    body = (head("Locations à Lyon") + "<body>" + nav([("/location/lyon", "Louer"), ("/deposer", "Déposer une annonce")]) +
            '<div style="display: contents"><main><h1>6 locations</h1></main>'
            '<script>\n{\n__sveltekit_9zq1 = {base: new URL(".", location).pathname.slice(0, -1)};\nconst element = document.currentScript.parentElement;\n'
            'Promise.all([import("./_app/immutable/entry/start.js"), import("./_app/immutable/entry/app.js")]).then(([kit, app]) => {\n'
            'kit.start(app, element, {\nnode_ids: [0, 7],\ndata: %s,\nform: null,\nerror: null\n});\n});\n}\n</script></div></body></html>\n' % data)
    return "sveltekit_uneval_iife.html", body, truth("sveltekit_uneval_iife.html", host + "/location/lyon", want)


def react_router_turbo_stream():
    """React Router 7 (Remix's successor): loader data streamed as
    turbo-stream, a flat array whose objects key by index ("_1": 2)."""
    host = "https://www.casa-affitto.example.it"
    flat = [{"_1": 2}, "loaderData", {"_3": 4}, "routes/affitti", {"_5": 6}, "annunci"]
    idx = []
    want = []
    for i in range(5):
        aid = 700100 + i
        rent = [850, 990, 1200, 780, 1100][i]
        title = "Trilocale in zona %s" % ["Navigli", "Isola", "Città Studi", "Lambrate", "Porta Romana"][i]
        base = len(flat) + 1 + i * 0
        obj_at = len(flat)
        flat.append(None)
        keys = {}
        for k, v in (("id", aid), ("titolo", title), ("prezzo", rent), ("url", "/annuncio/%d" % aid)):
            if k not in flat:
                flat.append(k)
            kidx = flat.index(k)
            flat.append(v)
            keys["_%d" % kidx] = len(flat) - 1
        flat[obj_at] = keys
        idx.append(obj_at)
        want.append(listing(host + "/annuncio/%d" % aid, title, "%d" % rent))
    flat.append(idx)
    flat[4] = {"_5": len(flat) - 1}
    enq = json.dumps(json.dumps(flat, ensure_ascii=False) + "\n", ensure_ascii=False)
    body = (head("Case in affitto a Milano") + "<body>" + nav([("/affitti", "Affitti"), ("/vendite", "Vendite")]) +
            '<main><h1>5 annunci</h1></main>'
            '<script>window.__reactRouterContext = {"basename":"/","future":{},"ssr":true,"isSpaMode":false};'
            'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>'
            '<script>window.__reactRouterContext.streamController.enqueue(%s);</script>'
            '<script>window.__reactRouterContext.streamController.close();</script></body></html>\n' % enq)
    return "react_router7_turbo_stream.html", body, truth("react_router7_turbo_stream.html", host + "/affitti", want)


PAGES = [flight_react_query, flight_card_elements, astro_ssr_island, inertia_nested_links, sveltekit_uneval_iife, react_router_turbo_stream]
out = os.path.join(here, "..", "holdout")
for fn in PAGES:
    name, html_, tr = fn()
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(html_)
    with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
        json.dump(tr, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-44s %7d bytes %3d listings" % (name, len(html_.encode()), len(tr["listings"])))
