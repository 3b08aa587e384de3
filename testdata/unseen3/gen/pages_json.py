"""Search pages whose results exist only in embedded script data."""

import json
from common import head, nav, footer, listing, truth, js, esc

STREETS = ["Kastanienallee", "Schönhauser Allee", "Danziger Straße", "Sonnenallee", "Karl-Marx-Straße",
           "Boxhagener Straße", "Frankfurter Allee", "Müllerstraße", "Turmstraße", "Hermannstraße"]


def fmt_eur(n):
    return "{:,}".format(n).replace(",", ".")


def next_pages_router():
    """Next.js pages router: __NEXT_DATA__ holds the results with relative
    detail URLs; the body is a loading skeleton."""
    host = "https://www.wohnraum-finder.de"
    items, want = [], []
    for i in range(8):
        lid = 81234500 + i * 37
        rooms = [1, 2, 2.5, 3, 2, 4, 1.5, 3][i]
        size = [34.5, 58, 71.2, 88, 62, 104, 45, 79][i]
        rent = [690, 1040, 1280, 1450, 1120, 1990, 845, 1390][i]
        title = "%s-Zimmer-Wohnung in der %s" % (str(rooms).replace(".", ","), STREETS[i])
        img = "https://img.wohnraum-finder.de/pic/%d/1.jpg" % lid
        items.append({"id": lid, "title": title, "url": "/expose/%d" % lid,
                      "price": {"value": rent, "currency": "EUR", "formatted": "%s €" % fmt_eur(rent)},
                      "livingSpace": size, "numberOfRooms": rooms,
                      "images": [{"url": img, "alt": title}], "address": {"city": "Berlin", "district": "Mitte"}})
        sz = ("%g" % size).replace(".", ",")
        want.append(listing(host + "/expose/%d" % lid, title, "%s €" % fmt_eur(rent), rent,
                            "%s m²" % sz, size, rooms, img))
    data = {"props": {"pageProps": {"initialState": {"search": {"total": 214, "page": 1, "results": items,
                                                                 "filters": {"city": "Berlin"}}}}},
            "page": "/suche/[city]", "query": {"city": "berlin"}, "buildId": "a8Yq2", "isFallback": False}
    body = (head("Wohnungen mieten in Berlin | Wohnraum-Finder") + "<body>" +
            nav([("/suche/berlin", "Mieten"), ("/kaufen", "Kaufen"), ("/gesuch-aufgeben", "Gesuch aufgeben")]) +
            '<div id="__next"><main><h1>214 Wohnungen in Berlin</h1><div class="skeleton-list">' +
            '<div class="skeleton-card"></div>' * 6 + '</div></main></div>' +
            footer([("/impressum", "Impressum"), ("/datenschutz", "Datenschutz")]) +
            '<script id="__NEXT_DATA__" type="application/json">%s</script>\n' % js(data) +
            '<script src="/_next/static/chunks/main-4f1c.js" defer></script></body></html>\n')
    return "nextjs_next_data_skeleton.html", body, truth("nextjs_next_data_skeleton.html", host + "/suche/berlin", want)


def next_ids_and_one_card():
    """__NEXT_DATA__ with ids only; the one server-rendered card shows the
    detail URL pattern (/en/room/<id>)."""
    host = "https://www.kamerzoeker.nl"
    items, want = [], []
    for i in range(7):
        rid = 40021 + i * 113
        street = ["Javastraat", "Kinkerstraat", "Overtoom", "Ferdinand Bolstraat", "Bilderdijkstraat",
                  "Jan Evertsenstraat", "Czaar Peterstraat"][i]
        rent = [725, 810, 650, 990, 780, 700, 845][i]
        size = [12, 16, 10, 22, 14, 13, 18][i]
        title = "Room %s" % street
        items.append({"roomId": rid, "name": title, "rent": rent, "currency": "EUR", "surface": size,
                      "city": "Amsterdam", "thumbnail": "/media/rooms/%d/cover.webp" % rid})
        want.append(listing(host + "/en/room/%d" % rid, title, "€ %d" % rent, rent, "%d m²" % size, size,
                            image=host + "/media/rooms/%d/cover.webp" % rid))
    first = items[0]
    card = ('<section class="results"><article class="room-card"><a href="/en/room/%d"><img src="%s" alt="">'
            '<h3>%s</h3></a><p>€ %d · %d m²</p></article></section>' %
            (first["roomId"], first["thumbnail"], esc(first["name"]), first["rent"], first["surface"]))
    data = {"props": {"pageProps": {"rooms": items, "count": len(items)}}, "page": "/en/rooms/[city]"}
    body = (head("Rooms for rent in Amsterdam – Kamerzoeker") + "<body>" +
            nav([("/en/rooms/amsterdam", "Rooms"), ("/en/post-room", "List your room"),
                 ("/en/wanted/new", "Post a wanted ad")]) +
            '<div id="__next"><main><h1>7 rooms in Amsterdam</h1>' + card + '</main></div>' +
            footer([("/en/about", "About"), ("/en/terms", "Terms")]) +
            '<script id="__NEXT_DATA__" type="application/json">%s</script></body></html>\n' % js(data))
    # the server-rendered card reads the same as its JSON record
    want[0]["price"] = "€ %d" % items[0]["rent"]
    return "nextjs_ids_pattern_from_card.html", body, truth("nextjs_ids_pattern_from_card.html", host + "/en/rooms/amsterdam", want)


def devalue(root):
    """Serialises root the way Nuxt 3's devalue does: a flat array whose
    first element is the root and whose containers hold indices."""
    out = []

    def add(v):
        i = len(out)
        out.append(None)
        if isinstance(v, dict):
            out[i] = {k: add(x) for k, x in v.items()}
        elif isinstance(v, list):
            out[i] = [add(x) for x in v]
        else:
            out[i] = v
        return i

    # Nuxt wraps its state: ["ShallowReactive", idx] / ["Reactive", idx]
    out.append(["ShallowReactive", 1])
    add(root)
    return out


def nuxt3_devalue():
    host = "https://www.vivienda-alquiler.es"
    items, want = [], []
    for i in range(9):
        lid = "va-%06d" % (318000 + i * 29)
        street = ["Calle de Toledo", "Calle de Embajadores", "Calle de Atocha", "Calle Mayor", "Calle de Alcalá",
                  "Calle de Bravo Murillo", "Paseo de las Delicias", "Calle de Fuencarral", "Calle de Goya"][i]
        rent = [950, 1200, 875, 1490, 2100, 780, 990, 1650, 2400][i]
        m2 = [45, 60, 38, 72, 95, 33, 50, 80, 110][i]
        title = "Piso en %s" % street
        items.append({"id": lid, "title": title, "priceInfo": {"amount": rent, "currencySuffix": "€/mes"},
                      "size": m2, "rooms": [2, 2, 1, 3, 4, 1, 2, 3, 4][i],
                      "url": "%s/alquiler/madrid/%s/" % (host, lid), "multimedia": {"images": [
                          {"src": "https://img.vivienda-alquiler.es/%s/0.jpg" % lid}]}})
        want.append(listing("%s/alquiler/madrid/%s/" % (host, lid), title, "%s €/mes" % fmt_eur(rent), rent,
                            "%d m²" % m2, m2, None, "https://img.vivienda-alquiler.es/%s/0.jpg" % lid))
    state = {"data": {"search-madrid": {"total": 9, "elementList": items}}, "state": {}, "once": [],
             "_errors": {}, "serverRendered": True, "path": "/alquiler/madrid/"}
    arr = devalue(state)
    body = (head("Pisos de alquiler en Madrid") + "<body>" +
            nav([("/alquiler/madrid/", "Alquilar"), ("/venta/", "Comprar"), ("/publicar-anuncio", "Publicar anuncio")]) +
            '<div id="__nuxt"><div class="page"><h1>Pisos en alquiler en Madrid</h1><div class="loader"></div></div></div>' +
            footer([("/aviso-legal", "Aviso legal")]) +
            '<script type="application/json" data-nuxt-data="nuxt-app" data-ssr="true" id="__NUXT_DATA__">%s</script>\n'
            '<script>window.__NUXT__={};window.__NUXT__.config={public:{},app:{baseURL:"/",buildId:"5c2e"}}</script>\n'
            '<script type="module" src="/_nuxt/entry.7a1b.js" crossorigin></script></body></html>\n' % js(arr))
    for w, it in zip(want, items):
        w["rooms"] = it["rooms"]
    return "nuxt3_nuxt_data_devalue.html", body, truth("nuxt3_nuxt_data_devalue.html", host + "/alquiler/madrid/", want)


def nuxt2_iife():
    """Nuxt 2: window.__NUXT__ is a JavaScript function call whose
    parameters carry the repeated values."""
    host = "https://www.immo-wien.at"
    want, objs = [], []
    for i in range(6):
        lid = 7712300 + i * 11
        street = ["Neubaugasse", "Burggasse", "Kaiserstraße", "Zieglergasse", "Westbahnstraße", "Lerchenfelder Straße"][i]
        rent = [890, 1120, 760, 1340, 990, 1480][i]
        m2 = [52, 68, 41, 85, 57, 90][i]
        title = "Mietwohnung %s, 1070 Wien" % street
        objs.append('{id:%d,headline:"%s",price:{amount:%d,currency:a},area:%d,rooms:%d,link:"\\u002Fexpose\\u002F%d",'
                    'image:b,isTop:c}' % (lid, title, rent, m2, [2, 3, 1, 3, 2, 4][i], lid))
        want.append(listing("%s/expose/%d" % (host, lid), title, "€ %s" % fmt_eur(rent), rent, "%d m²" % m2, m2,
                            [2, 3, 1, 3, 2, 4][i]))
    script = ('window.__NUXT__=(function(a,b,c,d){return {layout:"default",data:[{results:{total:6,items:[%s]}}],'
              'fetch:{},error:d,state:{auth:{loggedIn:c}},serverRendered:true,routePath:"\\u002Fmieten\\u002Fwien"}}'
              '("EUR",void 0,false,null));' % ",".join(objs))
    body = (head("Mietwohnungen in Wien") + "<body>" +
            nav([("/mieten/wien", "Mieten"), ("/kaufen/wien", "Kaufen"), ("/inserieren", "Inserieren")]) +
            '<div id="__nuxt"><div id="__layout"><main><h1>6 Mietwohnungen in Wien</h1><div class="results-placeholder"></div></main></div></div>' +
            footer([("/impressum", "Impressum")]) +
            '<script>%s</script><script src="/_nuxt/app.9f3.js" defer></script></body></html>\n' % script)
    for w in want:
        w["price"] = "€ %s" % fmt_eur(int(w["price_value"]))
    return "nuxt2_window_nuxt_function.html", body, truth("nuxt2_window_nuxt_function.html", host + "/mieten/wien", want)


def initial_state_redux():
    """window.__INITIAL_STATE__ assigned a JSON object: a Redux store with
    the ads under search.ads, absolute URLs."""
    host = "https://www.annonces-loc.fr"
    ads, want = [], []
    for i in range(10):
        aid = 2456781234 + i * 7
        city = ["Lyon 3e", "Lyon 7e", "Villeurbanne", "Lyon 1er", "Lyon 6e", "Lyon 8e", "Caluire", "Lyon 2e", "Bron", "Lyon 9e"][i]
        rent = [780, 920, 650, 1150, 1380, 700, 860, 1490, 620, 730][i]
        m2 = [35, 48, 29, 52, 70, 33, 45, 64, 27, 40][i]
        pieces = [2, 2, 1, 3, 3, 2, 2, 3, 1, 2][i]
        title = "Appartement %d pièces %d m²" % (pieces, m2)
        ads.append({"list_id": aid, "subject": title, "url": "%s/locations/%d.htm" % (host, aid),
                    "price": [rent], "price_cents": rent * 100,
                    "attributes": [{"key": "square", "value": str(m2)}, {"key": "rooms", "value": str(pieces)}],
                    "location": {"city_label": city}, "images": {"thumb_url": "https://img.annonces-loc.fr/ad-thumb/%d.jpg" % aid}})
        want.append(listing("%s/locations/%d.htm" % (host, aid), title, "%d €" % rent, rent,
                            image="https://img.annonces-loc.fr/ad-thumb/%d.jpg" % aid))
    state = {"user": {"logged": False}, "search": {"total": 1432, "ads": ads, "ads_alu": [], "pivot": None},
             "config": {"cdn": "https://static.annonces-loc.fr"}}
    body = (head("Locations Lyon : annonces de location") + "<body>" +
            nav([("/recherche?category=10", "Locations"), ("/deposer-une-annonce", "Déposer une annonce")]) +
            '<div id="app"><main><h1>1 432 annonces</h1><ul class="ad-list"></ul></main></div>' +
            footer([("/cgu", "CGU"), ("/aide", "Aide")]) +
            '<script>window.__INITIAL_STATE__ = %s;</script>\n'
            '<script src="https://static.annonces-loc.fr/js/app.8d2.js"></script></body></html>\n' % js(state))
    return "redux_initial_state.html", body, truth("redux_initial_state.html", host + "/recherche?category=10&locations=Lyon", want)


def apollo_state():
    """Apollo Client's normalised cache: the query holds {__ref} pointers,
    the listings sit at the top level under "Listing:<id>", the price in
    its own "Money:<id>" entry. Slugs only; the page's one rendered card
    shows the detail URL pattern."""
    host = "https://www.huurhuis.nl"
    cache, refs, want = {}, [], []
    for i in range(8):
        lid = "hh%05d" % (52000 + i * 17)
        street = ["Damrak", "Rozengracht", "Spuistraat", "Vijzelgracht", "Utrechtsestraat", "Marnixstraat",
                  "Haarlemmerdijk", "Weteringschans"][i]
        rent = [1750, 2100, 1650, 2450, 1990, 1580, 2200, 2650][i]
        m2 = [55, 70, 48, 85, 66, 50, 74, 90][i]
        slug = "%s-%s" % (street.lower(), lid)
        cache["Listing:%s" % lid] = {"__typename": "Listing", "id": lid, "slug": slug,
                                     "title": "Appartement %s" % street,
                                     "price": {"__ref": "Money:%s" % lid}, "floorArea": m2,
                                     "coverPhoto": {"__typename": "Photo", "url": "https://cdn.huurhuis.nl/p/%s.jpg" % lid}}
        cache["Money:%s" % lid] = {"__typename": "Money", "amount": rent, "currency": "EUR"}
        refs.append({"__ref": "Listing:%s" % lid})
        want.append(listing("%s/huur/amsterdam/%s" % (host, slug), "Appartement %s" % street,
                            "€ %s" % fmt_eur(rent), rent, "%d m²" % m2, m2,
                            image="https://cdn.huurhuis.nl/p/%s.jpg" % lid))
    cache["ROOT_QUERY"] = {"__typename": "Query",
                           'searchListings({"city":"amsterdam","page":1})': {"__typename": "ListingConnection",
                                                                              "totalCount": 8, "nodes": refs}}
    first = want[0]
    card = ('<div class="featured"><h2>Uitgelicht</h2><a class="featured-card" href="/huur/amsterdam/%s">'
            '<span>%s</span></a></div>' % (first["url"].rsplit("/", 1)[1], esc(first["title"])))
    body = (head("Huurwoningen Amsterdam – Huurhuis") + "<body>" +
            nav([("/huur/amsterdam", "Huren"), ("/verhuren", "Verhuren"), ("/zoekopdracht-plaatsen", "Plaats een zoekopdracht")]) +
            '<div id="root"><main><h1>8 huurwoningen in Amsterdam</h1>' + card + '<div class="list-loading"></div></main></div>' +
            footer([("/over-ons", "Over ons")]) +
            '<script>window.__APOLLO_STATE__=%s;</script>\n<script src="/static/js/main.51c2.js"></script></body></html>\n' % js(cache))
    return "apollo_state_refs.html", body, truth("apollo_state_refs.html", host + "/huur/amsterdam", want)


def json_block_portal_pattern():
    """An application/json block on a named portal's page, ids only and no
    link on the page to learn the detail URL from: the portal definition's
    pattern builds it (immobilienscout24.de: /expose/<id>)."""
    host = "https://www.immobilienscout24.de"
    hits, want = [], []
    for i in range(6):
        oid = 149876500 + i * 3
        title = ["Helle 2-Zimmer-Wohnung mit Balkon", "Altbau mit Dielen nahe Boxhagener Platz", "Erstbezug nach Sanierung",
                 "Ruhige Hofwohnung", "Dachgeschoss mit Terrasse", "Familienwohnung am Park"][i]
        rent = [1180, 1350, 1590, 920, 2100, 1760][i]
        m2 = [54, 67, 72, 48, 98, 110][i]
        hits.append({"@id": str(oid), "title": title, "price": {"value": rent, "currency": "EUR"}, "livingSpace": m2,
                     "numberOfRooms": [2, 2, 3, 2, 3, 4][i]})
        want.append(listing("%s/expose/%d" % (host, oid), title, "%s €" % fmt_eur(rent), rent, "%d m²" % m2, m2,
                            [2, 2, 3, 2, 3, 4][i]))
    body = (head("Wohnung mieten in Berlin - ImmoScout24") + "<body>" +
            nav([("/Suche/de/berlin/berlin/wohnung-mieten", "Mieten"), ("/gesuch-aufgeben/", "Gesuch aufgeben")]) +
            '<div id="is24-content"><h1>Wohnungen zur Miete in Berlin</h1><div id="resultlist-root"></div></div>' +
            footer([("/impressum.html", "Impressum")]) +
            '<script type="application/json" id="resultlist-data">%s</script></body></html>\n' %
            js({"searchResponseModel": {"resultlist.resultlist": {"resultlistEntries": [{"resultlistEntry": hits}]}}}))
    for w in want:
        w["price"] = "%s €" % fmt_eur(int(w["price_value"]))
    return "is24_json_block_ids_only.html", body, truth("is24_json_block_ids_only.html",
                                                          host + "/Suche/de/berlin/berlin/wohnung-mieten", want)


def json_unreadable():
    """Listing-like records with ids only, on a site with no definition and
    no link to learn their address from: nothing can be read, and the
    Reading must say the page held listings it could not read."""
    host = "https://www.studentenkamers.be"
    items = [{"id": 9100 + i, "title": "Kot in de %s" % s, "price": p, "currency": "EUR"}
             for i, (s, p) in enumerate([("Naamsestraat", 420), ("Tiensestraat", 395), ("Brusselsestraat", 450),
                                         ("Parijsstraat", 410), ("Diestsestraat", 380)])]
    body = (head("Koten in Leuven") + "<body>" + nav([("/koten/leuven", "Koten"), ("/verhuren", "Verhuren")]) +
            '<div id="app"><h1>Koten in Leuven</h1><noscript>Zet JavaScript aan.</noscript></div>' +
            '<script>window.__PRELOADED_STATE__ = %s</script></body></html>\n' % js({"listings": {"items": items}}))
    return "preloaded_state_ids_no_pattern.html", body, truth("preloaded_state_ids_no_pattern.html", host + "/koten/leuven", [],
                                                               unread=True)
