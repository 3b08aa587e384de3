"""Writes the round-4 unseen search pages (the script-data formats of
2019-2025 front-end frameworks no reader handled: Next.js App Router
flight data, Remix, SvelteKit, Astro islands, Angular transfer state,
Inertia, serialize-javascript state; and server-rendered microdata cards)
and their truth files into testdata/unseen4. The pages are
reconstructions from the frameworks' real serialisation formats (see
../README.md); the truth is what a person reading the rendered page calls
its search results. Run: python3 gen.py"""

import html
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "unseen3", "gen"))
from common import head, nav, footer, listing, truth, js, esc  # noqa: E402

NL_STREETS = ["Kinkerstraat", "Overtoom", "Javastraat", "Ferdinand Bolstraat", "Bilderdijkstraat", "Czaar Peterstraat",
              "Jan Evertsenstraat", "Admiraal de Ruijterweg", "Wibautstraat", "Linnaeusstraat"]
UK_AREAS = ["Headingley", "Hyde Park", "Chapel Allerton", "Roundhay", "Kirkstall", "Meanwood", "Armley", "Burley"]
DE_STREETS = ["Kastanienallee", "Sonnenallee", "Boxhagener Straße", "Müllerstraße", "Turmstraße", "Hermannstraße",
              "Karl-Marx-Straße", "Danziger Straße"]


def flight_escape(s):
    """Next.js writes each chunk as a JSON string with <, > and & escaped."""
    out = json.dumps(s, ensure_ascii=False)
    return out.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def flight_scripts(rows, cut=600):
    """The flight payload as Next.js streams it: rows `id:json\\n`, cut into
    push calls at arbitrary places (mid-row, mid-string)."""
    payload = "".join(rows)
    scripts = ['<script>(self.__next_f=self.__next_f||[]).push([0])</script>']
    for i in range(0, len(payload), cut):
        scripts.append('<script>self.__next_f.push([1,%s])</script>' % flight_escape(payload[i:i + cut]))
    return "".join(scripts)


def row(rid, value):
    return "%s:%s\n" % (rid, json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def next_app_head(title):
    return ('<!DOCTYPE html><html lang="nl"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>'
            '<link rel="stylesheet" href="/_next/static/css/0c5e1f2a9d3b7e41.css" data-precedence="next"/>'
            '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack-8f2d1c.js"/>'
            '<script src="/_next/static/chunks/4bd1b696-1e0c3f.js" async=""></script>'
            '<script src="/_next/static/chunks/main-app-7a1d3e.js" async=""></script>'
            '<title>%s</title></head>' % esc(title))


def next_app_client_list():
    """App Router: the results are the props of a client component
    rendered after hydration (a Suspense fallback in the HTML); the
    "similar rooms" strip is another component's props."""
    host = "https://www.kamerstad.nl"
    recs, want = [], []
    for i in range(10):
        lid = 2210450 + i * 17
        street = NL_STREETS[i]
        rent = [850, 925, 690, 1150, 780, 1040, 720, 995, 1300, 875][i]
        m2 = [14, 18, 11, 26, 13, 21, 12, 19, 32, 16][i]
        title = "Kamer %s" % street
        slug = street.lower().replace(" ", "-")
        img = "https://images.kamerstad.nl/listing/%d/card.webp" % lid
        recs.append({"listingId": lid, "title": title, "city": "Amsterdam", "surfaceArea": m2,
                     "totalRentalPrice": rent, "currency": "EUR", "detailUrl": "/huren/kamer-amsterdam/%s/kamer-%d" % (slug, lid),
                     "thumbnailUrl": img, "availableFrom": "$D2025-03-01T00:00:00.000Z", "furnished": "$undefined",
                     "isTopAdvertisement": False})
        want.append(listing(host + "/huren/kamer-amsterdam/%s/kamer-%d" % (slug, lid), title, "€ %d" % rent))
    similar = []
    for i in range(4):
        lid = 2199000 + i
        similar.append({"listingId": lid, "title": "Kamer Rotterdam %d" % i, "totalRentalPrice": 700 + i,
                        "detailUrl": "/huren/kamer-rotterdam/x/kamer-%d" % lid, "city": "Rotterdam"})
    rows = [
        row("1", "$Sreact.fragment"),
        "2:I[7601,[\"8500\",\"static/chunks/app/layout-1d2e.js\"],\"default\"]\n",
        "3:I[5544,[\"177\",\"static/chunks/app/%5Blocale%5D/huren/page-9e1a.js\"],\"SearchResults\"]\n",
        "4:I[5544,[\"177\",\"static/chunks/app/%5Blocale%5D/huren/page-9e1a.js\"],\"SimilarListings\"]\n",
        "5:HL[\"/_next/static/css/0c5e1f2a9d3b7e41.css\",\"style\"]\n",
        row("0", {"P": None, "b": "q8Zr2xPq", "p": "", "c": ["", "nl", "huren", "kamers-amsterdam"], "i": False,
                  "f": [[["", {"children": ["nl", {"children": ["huren", {}]}]}, "$undefined", "$undefined", True],
                         ["", ["$", "$1", "c", {"children": [None, "$L6"]}], None], None]], "S": False}),
        row("6", ["$", "main", None, {"className": "SearchPage_main__w", "children": [
            ["$", "h1", None, {"children": "212 kamers te huur in Amsterdam"}],
            ["$", "$L3", None, {"listings": "$7", "totalCount": 212, "page": 1, "pageSize": 10, "locale": "nl"}],
            ["$", "$L4", None, {"title": "Vergelijkbare kamers", "similarListings": "$8"}]]}]),
        row("7", recs),
        row("8", similar),
    ]
    body = (next_app_head("212 kamers te huur in Amsterdam | Kamerstad") +
            '<body class="__className_a1b2">' +
            nav([("/huren/kamers-amsterdam", "Kamers Amsterdam"), ("/huren/kamers-utrecht", "Kamers Utrecht"),
                 ("/verhuren", "Kamer verhuren"), ("/account/login", "Inloggen")]) +
            '<main class="SearchPage_main__w"><h1>212 kamers te huur in Amsterdam</h1>'
            '<!--$?--><template id="B:0"></template><div class="ListingSkeleton_grid__k">' +
            '<div class="ListingSkeleton_card__x"></div>' * 6 + '</div><!--/$--></main>' +
            footer([("/over-ons", "Over ons"), ("/voorwaarden", "Voorwaarden")]) +
            flight_scripts(rows) + '</body></html>\n')
    return ("next_app_flight_client_list.html", body,
            truth("next_app_flight_client_list.html", host + "/huren/kamers-amsterdam", want,
                  excluded=[host + s["detailUrl"] for s in similar]))


def next_app_ids_text_rows():
    """App Router (Next 14 row 0 shape): records hold an id and a slug; the
    detail pattern is in the one server-rendered card; a T row (a text of
    a given byte length with newlines in it) sits between the rows."""
    host = "https://www.woningvinder.nl"
    recs, want = [], []
    for i in range(8):
        oid = 90210 + i * 3
        street = NL_STREETS[(i + 3) % 10]
        rent = [1450, 1725, 1395, 2100, 1600, 1890, 1275, 2450][i]
        title = "Appartement %s %d" % (street, 10 + i)
        slug = ("appartement-%s-%d" % (street, 10 + i)).lower().replace(" ", "-")
        recs.append({"id": oid, "slug": slug, "name": title, "price": {"amount": rent, "currency": "EUR", "period": "month"},
                     "livingArea": 45 + i * 6, "rooms": 2 + i % 3, "description": "$9", "photos": ["https://cdn.woningvinder.nl/%d/0.jpg" % oid]})
        want.append(listing("%s/huur/amsterdam/%s-%d" % (host, slug, oid), title, "%d EUR" % rent))
    desc = "Ruim appartement op loopafstand van het centrum.\nInclusief servicekosten.\n€ per maand — ümlaut."
    rows = [
        "1:HL[\"/_next/static/css/5d1c.css\",\"style\"]\n",
        "2:I[3071,[\"931\",\"static/chunks/app/page-4d2a.js\"],\"ResultList\"]\n",
        row("0", ["wV3pZx1", [["children", "huur", "children", "amsterdam", ["", {"children": ["__PAGE__", {}]}, "$undefined", "$undefined", True],
                              None, ["$", "$L3", None, {}]]], None]),
        "9:T%x,%s" % (len(desc.encode("utf-8")), desc),
        row("3", ["$", "section", None, {"className": "results", "children": ["$", "$L2", None, {"results": "$4", "query": {"city": "amsterdam", "type": "huur"}}]}]),
        row("4", {"items": recs, "total": 8, "facets": {"rooms": [{"value": 2, "count": 3}]}}),
    ]
    first = recs[0]
    card = ('<section class="results"><article class="ResultCard_card__z"><a href="/huur/amsterdam/%s-%d"><img src="%s" alt=""/>'
            '<h3 class="ResultCard_title__q">%s</h3></a><p class="ResultCard_price__p">€ %s per maand</p></article></section>' %
            (first["slug"], first["id"], first["photos"][0], esc(first["name"]), "{:,}".format(first["price"]["amount"]).replace(",", ".")))
    want[0]["price"] = "€ 1.450 per maand"
    body = (next_app_head("Huurwoningen in Amsterdam - Woningvinder") + '<body>' +
            nav([("/huur", "Huren"), ("/koop", "Kopen"), ("/zoekopdracht-plaatsen", "Zoekopdracht plaatsen")]) +
            '<main><h1>8 huurwoningen in Amsterdam</h1>' + card + '<!--$?--><template id="B:1"></template><div class="spinner"></div><!--/$--></main>' +
            footer([("/privacy", "Privacy")]) + flight_scripts(rows, cut=450) + '</body></html>\n')
    return ("next_app_flight_ids_text_rows.html", body,
            truth("next_app_flight_ids_text_rows.html", host + "/huur/amsterdam", want))


def next_app_ssr_cards():
    """App Router with every card rendered on the server: the flight data
    repeats the element tree (links as ["$","a",...]); the HTML's cards
    are the results and nothing is read twice."""
    host = "https://www.flatfox-like.ch"
    want, cards, elems = [], [], []
    for i in range(8):
        fid = 1442000 + i * 9
        rent = [2150, 1890, 2480, 1720, 3100, 1990, 2250, 2680][i]
        title = "%s-Zimmer-Wohnung, Zürich %s" % (["2.5", "3.5", "4.5", "2", "5.5", "3", "3.5", "4"][i],
                                               ["Wiedikon", "Oerlikon", "Altstetten", "Seefeld", "Enge", "Wipkingen", "Hottingen", "Affoltern"][i])
        href = "/de/wohnung/%d/" % fid
        cards.append('<li class="listing-thumb"><a class="listing-thumb__link" href="%s"><img src="https://flatfox-like.ch/media/%d.jpg" alt=""/>'
                     '<h2 class="listing-thumb-title">%s</h2><span class="price">CHF %s.–</span></a></li>' %
                     (href, fid, esc(title), "{:,}".format(rent).replace(",", "'")))
        elems.append(["$", "li", str(fid), {"className": "listing-thumb", "children": ["$", "a", None, {"className": "listing-thumb__link", "href": href, "children": [
            ["$", "h2", None, {"className": "listing-thumb-title", "children": title}],
            ["$", "span", None, {"className": "price", "children": "CHF %d.–" % rent}]]}]}])
        want.append(listing(host + href, title, "CHF %s.–" % "{:,}".format(rent).replace(",", "'")))
    recs = [{"pk": 1442000 + i * 9, "public_title": "x", "rent_gross": 1} for i in range(8)]
    rows = ["1:I[112,[],\"Map\"]\n",
            row("0", {"P": None, "b": "Xy1", "p": "", "c": ["", "de", "search"], "i": False, "f": [[["", {}], ["$", "$L2", None, {}], None]]}),
            row("2", ["$", "ul", None, {"className": "listing-list", "children": elems}]),
            row("3", ["$", "$L1", None, {"mapMarkers": recs}])]
    body = (next_app_head("Wohnungen mieten in Zürich") + '<body>' +
            nav([("/de/suche/", "Suchen"), ("/de/inserieren/", "Inserieren")]) +
            '<main><h1>8 Wohnungen</h1><ul class="listing-list">' + "".join(cards) + '</ul></main>' +
            footer([("/de/impressum/", "Impressum")]) + flight_scripts(rows, cut=800) + '</body></html>\n')
    return "next_app_flight_ssr_cards.html", body, truth("next_app_flight_ssr_cards.html", host + "/de/suche/?place=zurich", want)


def remix_context():
    """Remix v2: window.__remixContext holds each route's loader data."""
    host = "https://www.lettingsnorth.co.uk"
    props, want = [], []
    for i in range(8):
        pid = "p%07d" % (3301200 + i * 41)
        area = UK_AREAS[i]
        rent = [950, 1150, 1300, 1650, 875, 1025, 795, 1100][i]
        beds = [2, 3, 2, 4, 1, 2, 1, 3][i]
        title = "%d bed terraced house to rent, %s" % (beds, area)
        props.append({"propertyId": pid, "displayAddress": "%s, Leeds LS6" % area, "summary": title,
                      "headline": title, "price": {"amount": rent, "frequency": "pcm", "displayPrice": "£%s pcm" % "{:,}".format(rent)},
                      "bedrooms": beds, "propertyUrl": "/property/%s/" % pid,
                      "images": [{"src": "https://media.lettingsnorth.co.uk/%s/1.jpg" % pid}]})
        want.append(listing(host + "/property/%s/" % pid, title, "£%s pcm" % "{:,}".format(rent)))
    featured = [{"propertyId": "p9900001", "headline": "Featured development in Leeds Dock", "price": {"displayPrice": "£1,400 pcm"},
                 "propertyUrl": "/property/p9900001/"}]
    ctx = {"basename": "/", "future": {"v3_fetcherPersist": False, "v3_relativeSplatPath": False},
           "isSpaMode": False, "state": {"loaderData": {
               "root": {"user": None, "locale": "en-GB", "env": {"MAPS_KEY": "x"}},
               "routes/to-rent.$location": {"location": {"name": "Leeds", "slug": "leeds"}, "resultCount": 8,
                                             "properties": props, "featuredProperties": featured}},
                                             "actionData": None, "errors": None}}
    body = (head("Property to rent in Leeds | Lettings North") + "<body>" +
            nav([("/to-rent", "To rent"), ("/for-sale", "For sale"), ("/valuation", "Book a valuation")]) +
            '<div id="root"><main><h1>Property to rent in Leeds</h1><div class="results-loading">Loading results…</div></main></div>' +
            footer([("/about", "About"), ("/privacy", "Privacy")]) +
            '<script>window.__remixContext = %s;__remixContext.p = function(v,e,p,x) {\n  if (typeof e !== \'undefined\') {\n    x=new Error("Unexpected Server Error");\n    x.stack=undefined;\n    p=Promise.reject(x);\n  } else {\n    p=Promise.resolve(v);\n  }\n  return p;\n};</script>'
            % js(ctx) +
            '<script type="module" async="">import "/build/manifest-1A2B3C.js";\nimport * as route0 from "/build/root-XYZ.js";\nwindow.__remixRouteModules = {"root":route0};</script></body></html>\n')
    return "remix_context_loader_data.html", body, truth("remix_context_loader_data.html", host + "/to-rent/leeds", want,
                                                         excluded=[host + "/property/p9900001/"])


def sveltekit_fetched():
    """SvelteKit: the server's fetch of the search API is inlined as a
    data-sveltekit-fetched block whose body is the API's JSON, in a string."""
    host = "https://www.wg-boerse.example.de"
    items, want = [], []
    for i in range(7):
        oid = 5510300 + i * 11
        street = DE_STREETS[i]
        rent = [520, 610, 480, 695, 560, 640, 590][i]
        title = "WG-Zimmer in der %s" % street
        items.append({"offerId": oid, "title": title, "rent": {"total": rent, "currency": "€"}, "roomSize": 12 + i,
                      "link": "/wg-zimmer/berlin/%d.html" % oid, "district": "Neukölln"})
        want.append(listing(host + "/wg-zimmer/berlin/%d.html" % oid, title, "%d €" % rent))
    api = {"status": 200, "statusText": "", "headers": {"content-type": "application/json"},
           "body": json.dumps({"total": 7, "offers": items, "page": 1}, ensure_ascii=False)}
    body = (head("WG-Zimmer in Berlin") + "<body>" +
            nav([("/wg-zimmer/berlin", "WG-Zimmer"), ("/wohnungen/berlin", "Wohnungen"), ("/anzeige-aufgeben", "Anzeige aufgeben")]) +
            '<div style="display: contents"><main><h1>7 WG-Zimmer in Berlin</h1><div class="list-placeholder"></div></main>' +
            footer([("/impressum", "Impressum")]) +
            '<script type="application/json" data-sveltekit-fetched data-url="https://api.wg-boerse.example.de/v2/offers?city=berlin&amp;page=1" data-ttl="60">%s</script>' % js(api) +
            '<script>\n{\n__sveltekit_1x9ab2 = {base: new URL(".", location).pathname.slice(0, -1), env: {}};\n'
            'const element = document.currentScript.parentElement;\nconst data = [null,null];\n'
            'Promise.all([import("./_app/immutable/entry/start.B1c2.js"),import("./_app/immutable/entry/app.D3e4.js")]).then(([kit, app]) => {\n'
            'kit.start(app, element, {node_ids: [0, 4], data, form: null, error: null});\n});\n}\n</script></div></body></html>\n')
    return "sveltekit_fetched_body_string.html", body, truth("sveltekit_fetched_body_string.html", host + "/wg-zimmer/berlin", want)


def sveltekit_start_data():
    """SvelteKit 1: the page's load data is the data argument of kit.start,
    written by devalue's uneval (unquoted keys, void 0, new Date)."""
    host = "https://www.hyresbostad.example.se"
    parts, want = [], []
    for i in range(6):
        aid = 771000 + i * 7
        area = ["Södermalm", "Vasastan", "Kungsholmen", "Östermalm", "Hammarby sjöstad", "Liljeholmen"][i]
        rent = [11500, 13200, 9800, 16400, 12750, 10900][i]
        title = "%d rum och kök, %s" % (1 + i % 3, area)
        parts.append('{id:%d,title:"%s",rent:%d,currency:"kr/mån",area:%d,url:"/lagenhet/%d",published:new Date(1717200000000),floor:void 0}'
                     % (aid, title, rent, 30 + 8 * i, aid))
        want.append(listing(host + "/lagenhet/%d" % aid, title, "%d kr/mån" % rent))
    data = '[{type:"data",data:{user:null},uses:{}},{type:"data",data:{count:6,apartments:[%s]},uses:{url:1}}]' % ",".join(parts)
    body = (head("Lediga lägenheter i Stockholm") + "<body>" +
            nav([("/lediga", "Lediga"), ("/hyr-ut", "Hyr ut")]) +
            '<div style="display: contents"><main><h1>6 lediga lägenheter</h1></main>' +
            footer([("/om", "Om oss")]) +
            '<script type="module" data-sveltekit-hydrate="1x9ab2">\nimport { start } from "/_app/immutable/start-8a1b.js";\n'
            'start({\ntarget: document.querySelector(\'[data-sveltekit-hydrate="1x9ab2"]\').parentNode,\npaths: {"base":"","assets":""},\n'
            'session: {},\nroute: true,\nspa: false,\ntrailing_slash: "never",\nhydrate: {\nstatus: 200,\nerror: null,\nnodes: [0, 5],\n'
            'params: {city: "stockholm"},\nrouteId: "lediga/[city]",\ndata: %s\n}\n});\n</script></div></body></html>\n' % data)
    return "sveltekit_start_uneval_data.html", body, truth("sveltekit_start_uneval_data.html", host + "/lediga/stockholm", want)


def astro_value(v):
    """Astro's island props: every value is [type, value]; 0 a value (an
    object's members serialised in turn), 1 an array, 3 a Date."""
    if isinstance(v, dict):
        return [0, {k: astro_value(x) for k, x in v.items()}]
    if isinstance(v, list):
        return [1, [astro_value(x) for x in v]]
    return [0, v]


def astro_islands():
    """Astro: a client:only React island whose props (an HTML-escaped
    attribute) hold the results; a second island holds recommendations."""
    host = "https://www.piso-facil.example.es"
    items, want = [], []
    for i in range(9):
        pid = 40771230 + i * 13
        street = ["Calle de Toledo", "Calle de Atocha", "Calle Mayor", "Calle de Alcalá", "Calle de Goya",
                  "Calle de Fuencarral", "Paseo de las Delicias", "Calle de Embajadores", "Calle de Bravo Murillo"][i]
        rent = [950, 1200, 875, 1490, 2100, 780, 990, 1650, 1320][i]
        title = "Piso en %s" % street
        items.append({"adId": pid, "title": title, "price": rent, "priceText": "%s €/mes" % "{:,}".format(rent).replace(",", "."),
                      "url": "/inmueble/%d/" % pid, "rooms": 1 + i % 4, "size": 40 + i * 7,
                      "image": "https://img.piso-facil.example.es/%d/1.webp" % pid})
        want.append(listing(host + "/inmueble/%d/" % pid, title, "%s €/mes" % "{:,}".format(rent).replace(",", ".")))
    recos = [{"adId": 39000001 + i, "title": "Ático en Chamberí %d" % i, "price": 2500 + i, "url": "/inmueble/%d/" % (39000001 + i)} for i in range(4)]
    props = {k: astro_value(v) for k, v in {"results": items, "total": 9, "city": "madrid"}.items()}
    reco = {k: astro_value(v) for k, v in {"items": recos, "heading": "Te puede interesar"}.items()}
    isl = ('<astro-island uid="%s" prefix="r%d" component-url="/_astro/%s.Bq3xT1.js" component-export="default" '
           'renderer-url="/_astro/client.C9kz0.js" props="%s" ssr="" client="only" opts="%s" await-children="">'
           '<template data-astro-template></template></astro-island>')
    body = (head("Pisos en alquiler en Madrid") + "<body>" +
            nav([("/alquiler/madrid/", "Alquilar"), ("/venta/madrid/", "Comprar"), ("/publicar/", "Publicar anuncio")]) +
            '<main><h1>9 pisos en alquiler en Madrid</h1>' +
            isl % ("Z1yq4Pq", 1, "SearchResults", html.escape(json.dumps(props, ensure_ascii=False)),
                   html.escape(json.dumps({"name": "SearchResults", "value": "react"}))) +
            '<aside>' + isl % ("Z2mTx0a", 2, "Recommendations", html.escape(json.dumps(reco, ensure_ascii=False)),
                                html.escape(json.dumps({"name": "Recommendations", "value": "react"}))) + '</aside></main>' +
            footer([("/aviso-legal/", "Aviso legal")]) +
            '<script>(()=>{var e=async t=>{await(await t())()};(self.Astro||(self.Astro={})).only=e;window.dispatchEvent(new Event("astro:only"));})();</script>'
            '</body></html>\n')
    return "astro_island_props.html", body, truth("astro_island_props.html", host + "/alquiler/madrid/", want,
                                                  excluded=[host + r["url"] for r in recos])


def angular_state_escaped():
    """Angular Universal (8-15): TransferState in <script id="serverApp-state">,
    its quotes written as &q; (and & as &a;)."""
    host = "https://www.immo-suche.example.at"
    items, want = [], []
    for i in range(7):
        eid = 610044 + i * 5
        rent = [890, 1150, 760, 1420, 980, 1260, 840][i]
        title = "%d-Zimmer-Mietwohnung in Wien %s" % (2 + i % 3, ["Ottakring", "Favoriten", "Leopoldstadt", "Margareten", "Hernals", "Döbling", "Meidling"][i])
        items.append({"id": eid, "headline": title, "priceText": "€ %s" % "{:,}".format(rent).replace(",", "."),
                      "rent": rent, "detailLink": "/expose/%d?ref=list&pos=%d" % (eid, i), "livingArea": 50 + 9 * i})
        want.append(listing(host + "/expose/%d?ref=list&pos=%d" % (eid, i), title, "€ %s" % "{:,}".format(rent).replace(",", ".")))
    state = {"G.https://api.immo-suche.example.at/search?city=wien&type=miete?": {"body": {"hits": 7, "results": items}, "headers": {}, "status": 200, "statusText": "OK",
             "url": "https://api.immo-suche.example.at/search", "responseType": "json"}, "config": {"lang": "de-AT"}}
    enc = json.dumps(state, ensure_ascii=False).replace("&", "&a;").replace('"', "&q;").replace("'", "&s;").replace("<", "&l;").replace(">", "&g;")
    body = (head("Mietwohnungen in Wien") + '<body><app-root ng-version="12.2.16">' +
            nav([("/mieten/wien", "Mieten"), ("/kaufen/wien", "Kaufen"), ("/inserat-aufgeben", "Inserat aufgeben")]) +
            '<main><h1>7 Mietwohnungen in Wien</h1><app-result-list><div class="loading-indicator"></div></app-result-list></main>' +
            footer([("/impressum", "Impressum")]) + '</app-root>'
            '<script src="runtime.7b2c.js" defer></script><script src="main.91af.js" defer></script>'
            '<script id="serverApp-state" type="application/json">%s</script></body></html>\n' % enc)
    return "angular_serverapp_state_escaped.html", body, truth("angular_serverapp_state_escaped.html", host + "/mieten/wien", want)


def angular_ng_state():
    """Angular 16+: the HTTP transfer cache in <script id="ng-state"> as
    plain JSON, each response as {b: body, h, s, st, u, rt}."""
    host = "https://www.mieten-muenchen.example.de"
    items, want = [], []
    for i in range(6):
        oid = "MM-%05d" % (2031 + i * 7)
        rent = [1450, 1890, 1320, 2250, 1675, 1990][i]
        title = "Helle %d-Zimmer-Wohnung in %s" % (2 + i % 2, ["Schwabing", "Haidhausen", "Sendling", "Bogenhausen", "Neuhausen", "Giesing"][i])
        items.append({"objectId": oid, "title": title, "coldRent": {"value": rent, "currency": "EUR"},
                      "detailUrl": "https://www.mieten-muenchen.example.de/objekt/%s" % oid})
        want.append(listing(host + "/objekt/%s" % oid, title, "%d EUR" % rent))
    state = {"__nghData__": [{"t": {"2": "t0"}, "c": {"2": [{"i": "t0", "r": 1}]}}],
             "3412706512": {"b": {"items": items, "count": 6}, "h": {}, "s": 200, "st": "OK",
                            "u": "https://api.mieten-muenchen.example.de/v1/search?city=muenchen", "rt": "json"}}
    body = (head("Wohnungen mieten in München") + '<body><app-root ng-version="17.3.4" ngh="0" ng-server-context="ssg">' +
            nav([("/mieten", "Mieten"), ("/kontakt", "Kontakt")]) +
            '<main><h1>6 Wohnungen</h1><app-results><!--container--></app-results></main>' + footer([("/agb", "AGB")]) +
            '</app-root><script id="ng-state" type="application/json">%s</script>'
            '<script src="main-QXT2K4.js" type="module"></script></body></html>\n' % js(state).replace("<", "\\u003C"))
    return "angular_ng_state_transfer_cache.html", body, truth("angular_ng_state_transfer_cache.html", host + "/mieten/muenchen", want)


def inertia_data_page():
    """Inertia (Laravel): the page object in the root's data-page
    attribute, the results as a paginator's data; a featured list too."""
    host = "https://www.studentpad-like.co.uk"
    data, want = [], []
    for i in range(8):
        hid = 18830 + i * 4
        area = UK_AREAS[(i + 2) % 8]
        pw = [125, 140, 110, 155, 132, 118, 149, 99][i]
        title = "%d bedroom student house, %s" % (3 + i % 4, area)
        data.append({"id": hid, "title": title, "price_per_week": pw, "price_label": "£%d pppw" % pw,
                     "url": "%s/house/%d" % (host, hid), "bedrooms": 3 + i % 4, "thumb": "/storage/houses/%d/main.jpg" % hid})
        want.append(listing("%s/house/%d" % (host, hid), title, "£%d pppw" % pw))
    page = {"component": "Houses/Search", "props": {"errors": {}, "auth": {"user": None},
            "houses": {"current_page": 1, "data": data, "first_page_url": host + "/leeds?page=1", "last_page": 3,
                       "links": [{"url": None, "label": "&laquo; Previous", "active": False}, {"url": host + "/leeds?page=2", "label": "2", "active": False}],
                       "per_page": 8, "total": 22},
            "featured": [{"id": 1, "title": "Sponsored: The Tannery student flats", "price_label": "£189 pppw", "url": host + "/house/1"}]},
            "url": "/leeds", "version": "7f8c1e2d"}
    body = (head("Student houses in Leeds") + "<body>" +
            nav([("/leeds", "Leeds"), ("/landlords", "Landlords"), ("/login", "Log in")]) +
            '<div id="app" data-page="%s"></div>' % html.escape(json.dumps(page, ensure_ascii=False)) +
            '<script src="/build/assets/app-4b1c9e.js" type="module"></script></body></html>\n')
    return "inertia_data_page_paginator.html", body, truth("inertia_data_page_paginator.html", host + "/leeds", want,
                                                           excluded=[host + "/house/1"])


def serialize_javascript_state():
    """Vue 2 SSR: window.__INITIAL_STATE__ written by serialize-javascript,
    with new Date(...), undefined and \\u002F in the URLs."""
    host = "https://www.affitto-casa.example.it"
    parts, want = [], []
    for i in range(7):
        aid = 92004100 + i * 3
        rent = [900, 1150, 780, 1400, 1050, 1250, 980][i]
        title = "Bilocale in via %s" % ["Padova", "Tortona", "Solari", "Vigevano", "Morgagni", "Plinio", "Eustachi"][i]
        parts.append('{"id":%d,"titolo":"%s","prezzo":%d,"prezzoFormattato":"€ %s\\u002Fmese","url":"\\u002Fannunci\\u002F%d\\u002F",'
                     '"pubblicato":new Date("2024-05-0%dT08:00:00.000Z"),"piano":undefined,"superficie":%d}'
                     % (aid, title, rent, "{:,}".format(rent).replace(",", "."), aid, i + 1, 45 + i * 5))
        want.append(listing("%s/annunci/%d/" % (host, aid), title, "€ %s/mese" % "{:,}".format(rent).replace(",", ".")))
    state = '{"ricerca":{"totale":7,"annunci":[%s],"filtri":{"citta":"milano"}},"utente":{"loggato":false}}' % ",".join(parts)
    body = (head("Case in affitto a Milano") + "<body>" +
            nav([("/affitto/milano/", "Affitto"), ("/vendita/milano/", "Vendita"), ("/pubblica-annuncio/", "Pubblica annuncio")]) +
            '<div id="app" data-server-rendered="true"><main><h1>7 case in affitto</h1><div class="lista-annunci"></div></main></div>' +
            footer([("/chi-siamo/", "Chi siamo")]) +
            '<script>window.__INITIAL_STATE__=%s;(function(){var s;(s=document.currentScript||document.scripts[document.scripts.length-1]).parentNode.removeChild(s);}());</script>'
            % state + '</body></html>\n')
    return "vue_serialize_javascript_state.html", body, truth("vue_serialize_javascript_state.html", host + "/affitto/milano/", want)


def microdata_cards():
    """Server-rendered cards marked with schema.org microdata (itemscope,
    itemprop name/url/price); a "similar properties" strip of the same
    markup after the results."""
    host = "https://www.immo-agentur.example.ch"
    cards, want = [], []
    for i in range(7):
        oid = 30120 + i
        rent = [1850, 2240, 1620, 2990, 2100, 1780, 2450][i]
        title = "%s-Zimmer-Wohnung an der %s" % (["3.5", "4.5", "2.5", "5.5", "3.5", "2", "4"][i],
                                                ["Bahnhofstrasse", "Seestrasse", "Dorfstrasse", "Bergstrasse", "Hauptstrasse", "Gartenstrasse", "Kirchweg"][i])
        href = "/objekte/%d-mietwohnung" % oid
        cards.append('<div class="object" itemscope itemtype="https://schema.org/Apartment"><a href="%s" itemprop="url">'
                     '<img itemprop="image" src="/bilder/%d_1.jpg" alt=""></a><div class="object-body">'
                     '<span class="object-type">Mietwohnung</span><a href="%s"><span itemprop="name">%s</span></a>'
                     '<div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="postalCode">8700</span> '
                     '<span itemprop="addressLocality">Küsnacht</span></div>'
                     '<div itemscope itemprop="offers" itemtype="https://schema.org/Offer"><span itemprop="priceCurrency" content="CHF">CHF</span> '
                     '<span itemprop="price" content="%d">%s.–</span> / Monat</div></div></div>\n' %
                     (href, oid, href, esc(title), rent, "{:,}".format(rent).replace(",", "'")))
        want.append(listing(host + href, title, "CHF %s.– / Monat" % "{:,}".format(rent).replace(",", "'")))
    similar = ''.join('<div class="object" itemscope itemtype="https://schema.org/Apartment"><a href="/objekte/%d-mietwohnung" itemprop="url">'
                      '<span itemprop="name">Attikawohnung %d</span></a><span itemprop="price">CHF 4\'100.–</span></div>' % (29000 + j, j) for j in range(3))
    body = (head("Mietobjekte – Immo Agentur") + "<body>" +
            nav([("/mieten", "Mieten"), ("/kaufen", "Kaufen"), ("/verkaufen", "Verkaufen"), ("/kontakt", "Kontakt")]) +
            '<main><h1>Mietobjekte</h1><div class="objects-list">' + "".join(cards) + '</div>'
            '<section class="similar-objects"><h2>Ähnliche Objekte</h2><div class="objects-row">' + similar + '</div></section></main>' +
            footer([("/impressum", "Impressum")]) + '</body></html>\n')
    return "microdata_cards_similar_strip.html", body, truth("microdata_cards_similar_strip.html", host + "/mieten", want,
                                                             excluded=[host + "/objekte/%d-mietwohnung" % (29000 + j) for j in range(3)])


PAGES = [next_app_client_list, next_app_ids_text_rows, next_app_ssr_cards, remix_context, sveltekit_fetched,
         sveltekit_start_data, astro_islands, angular_state_escaped, angular_ng_state, inertia_data_page,
         serialize_javascript_state, microdata_cards]

def main():
    out = os.path.join(here, "..")
    for fn in PAGES:
        name, html_, tr = fn()
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(html_)
        with open(os.path.join(out, name.replace(".html", ".json")), "w", encoding="utf-8") as f:
            json.dump(tr, f, ensure_ascii=False, indent=1)
            f.write("\n")
        print("%-44s %7d bytes %3d listings" % (name, len(html_.encode()), len(tr["listings"])))


if __name__ == "__main__":
    main()
