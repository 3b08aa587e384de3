"""Round-2 unseen pages, part B: two result blocks, recommendation strips,
Bootstrap rows with three links per card, web components, Angular, JSON-LD
with script-bound cards, a mobile site, Cyrillic in windows-1251, and 64
results beside a map of the same listings."""

import json
from common import *


def _foot(host, words):
    return link_list(host, [("/%s" % slug(w), w) for w in words], "foot-links")


def _offer_card(host, oid, title, price, place, r, extra_cls=""):
    return f'''<article class="offer-card{extra_cls}" data-offer="{oid}">
 <a class="offer-card__media" href="/huurwoning/{oid}/{slug(title)}"><img src="https://cdn.huurzoeker.example/{oid}/1.jpg" alt=""></a>
 <div class="offer-card__body"><h3 class="offer-card__heading"><a href="/huurwoning/{oid}/{slug(title)}">{esc(title)}</a></h3>
  <div class="offer-card__place">{esc(place)}</div>
  <div class="offer-card__rent">{esc(price)}</div>
  <ul class="offer-card__facts"><li>{r.randint(30, 110)} m²</li><li>{r.randint(1, 4)} kamers</li></ul></div></article>'''


def two_blocks():
    r = rng("u2-two-blocks")
    host = "https://www.huurzoeker.nl"
    page_url = host + "/huurwoningen/utrecht/"
    listings, top, regular = [], [], []
    for i in range(24):
        oid = 7100000 + r.randint(1, 99999)
        street = "%s %d" % (r.choice(STREETS["nl"]), r.randint(1, 200))
        title = "%s %s" % (r.choice(["Appartement", "Studio", "Bovenwoning", "Benedenwoning"]), street)
        price = "€ %s per maand" % group3(r.choice([1095, 1250, 1475, 1600, 1850, 2100]), ".")
        place = "3%03d %s Utrecht" % (r.randint(500, 599), r.choice(["AB", "CD", "EK", "LM"]))
        listings.append((host + "/huurwoning/%d/%s" % (oid, slug(title)), title, price))
        if i < 4:
            top.append(_offer_card(host, oid, title, price, place, r, " offer-card--top"))
        else:
            regular.append('<li class="result-list__item">' + _offer_card(host, oid, title, price, place, r) + '</li>')
            if i == 11:
                regular.append('<li class="result-list__item result-list__item--banner"><a href="/zoekopdracht-opslaan">Bewaar deze zoekopdracht en krijg een e-mail bij nieuw aanbod</a></li>')
    nav = link_list(host, [("/", "Huurzoeker"), ("/huurwoningen/", "Huren"), ("/verhuren/", "Verhuren"), ("/blog/", "Blog"), ("/inloggen/", "Inloggen")], "menu")
    body = f'''<header class="site-header">{nav}</header>
<main class="search"><h1>{len(listings)} huurwoningen in Utrecht</h1>
<section class="search__top" aria-labelledby="top-h"><h2 id="top-h">Topwoningen in Utrecht</h2>
 <div class="top-offers-grid">{''.join(top)}</div></section>
<section class="search__results"><h2 class="visually-hidden">Alle huurwoningen</h2>
 <ol class="result-list">{''.join(regular)}</ol></section>
<nav class="pagination"><a href="/huurwoningen/utrecht/pagina-2/">2</a><a href="/huurwoningen/utrecht/pagina-3/">3</a></nav>
<section class="seo"><h2>Huren in de buurt</h2>{link_list(host, [("/huurwoningen/%s/" % slug(c), "Huurwoningen " + c) for c in ["Nieuwegein", "Zeist", "Houten", "Maarssen", "De Bilt", "IJsselstein"]], "seo-links")}</section></main>
<footer>{_foot(host, ['Over ons', 'Contact', 'Privacy', 'Voorwaarden', 'Cookies'])}</footer>'''
    return ("two_result_blocks.html", page("nl", "Huurwoningen Utrecht", tracking_scripts(r, "hz") + css_blob(r, 80), body),
            truth("two_result_blocks.html", page_url, listings, [],
                  "Two blocks of results, both this search's listings: 'Topwoningen' (4 cards in a grid div, paid placement of matching "
                  "listings, no ad wording) above the regular <ol> of 20. The same article.offer-card markup in both; different containers."))


def strips():
    r = rng("u2-strips")
    host = "https://www.flatfinder.ie"
    page_url = host + "/rent/galway"

    def card(fid, title, price):
        return f'''<div class="listing-card"><a class="listing-card__img" href="/rent/listing/{fid}"><img src="https://img.flatfinder.ie/{fid}/m.jpg" alt=""></a>
<div class="listing-card__content"><a class="listing-card__title" href="/rent/listing/{fid}">{esc(title)}</a><div class="listing-card__price">{esc(price)}</div>
<div class="listing-card__meta">{r.randint(1, 4)} bed · {r.randint(1, 2)} bath</div></div></div>'''

    def one():
        fid = 2200000 + r.randint(1, 99999)
        title = "%d %s, Galway" % (r.randint(1, 90), r.choice(["Newcastle Road", "Dominick Street", "Salthill Road", "College Road", "Bohermore", "Shantalla Road"]))
        price = "€%s per month" % group3(r.choice([1250, 1480, 1650, 1900, 2200]), ",")
        return fid, title, price
    listings, excluded = [], []
    main, recent, alsolike = [], [], []
    for i in range(16):
        fid, title, price = one()
        listings.append((host + "/rent/listing/%d" % fid, title, price))
        main.append(card(fid, title, price))
    for i in range(4):
        fid, title, price = one()
        excluded.append((host + "/rent/listing/%d" % fid, "'Recently viewed' strip"))
        recent.append(card(fid, title, price))
    for i in range(6):
        fid, title, price = one()
        excluded.append((host + "/rent/listing/%d" % fid, "'You might also like' carousel"))
        alsolike.append('<div class="swiper-slide">' + card(fid, title, price) + '</div>')
    nav = link_list(host, [("/", "Flatfinder"), ("/rent", "Rent"), ("/share", "Share"), ("/place-ad", "Place ad"), ("/login", "Log in")], "nav")
    body = f'''<header>{nav}</header>
<div class="page"><h1>Property to rent in Galway</h1>
<section class="recently-viewed"><h2 class="section-heading">Recently viewed</h2><div class="listing-grid">{''.join(recent)}</div></section>
<div class="results"><p>{len(listings)} results</p><div class="listing-grid">{''.join(main)}</div>
<div class="paging"><a href="/rent/galway?page=2">Next</a></div></div>
<section class="more"><h2 class="section-heading">You might also like</h2><div class="swiper-container"><div class="swiper-wrapper">{''.join(alsolike)}</div>
<div class="swiper-button-next"></div><div class="swiper-button-prev"></div></div></section></div>
<footer>{_foot(host, ['About', 'Help', 'Privacy', 'Terms'])}</footer>'''
    return ("recently_viewed_and_also_like.html", page("en", "Property to rent in Galway", tracking_scripts(r, "ff"), body),
            truth("recently_viewed_and_also_like.html", page_url, listings, excluded,
                  "The results (16) sit in div.listing-grid; a 'Recently viewed' strip above uses the very same div.listing-grid and card "
                  "markup (4 real listings, not results of this search), and a 'You might also like' swiper carousel below (6) uses the same cards."))


def bootstrap_rows():
    r = rng("u2-bootstrap")
    host = "https://www.harbourlets.com.au"
    page_url = host + "/rent/?suburb=paddington"
    listings, cols, excluded = [], [], []
    for i in range(11):
        pid = r.randint(1000, 9999)
        beds = r.randint(1, 4)
        title = "%d bed %s in %s" % (beds, r.choice(["house", "apartment", "terrace", "unit"]), r.choice(["Paddington", "Woollahra", "Edgecliff"]))
        s = "%d-%s" % (pid, slug(title))
        price = "$%s per week" % r.choice([650, 720, 850, 980, 1200, 1450])
        listings.append((host + "/property/" + s + "/", title, price))
        cols.append(f'''<div class="col-md-4 col-sm-6"><div class="card mb-4 shadow-sm">
<a href="/property/{s}/"><img class="card-img-top" src="/wp-content/uploads/props/{pid}/main-600x400.jpg" alt="{esc(title)}"></a>
<div class="card-body"><span class="badge badge-info"><a href="/type/{r.choice(['house', 'apartment', 'terrace'])}/">{r.choice(['House', 'Apartment', 'Terrace'])}</a></span>
<h5 class="card-title"><a href="/property/{s}/">{esc(title)}</a></h5>
<p class="card-text">{esc(price)} &middot; {beds} bed, {r.randint(1, 2)} bath, {r.randint(0, 2)} car</p>
<a href="/property/{s}/" class="btn btn-sm btn-outline-secondary">View details</a></div></div></div>''')
    rows = "".join('<div class="row">%s</div>' % "".join(cols[k:k + 3]) for k in range(0, len(cols), 3))
    for t in ["house", "apartment", "terrace"]:
        excluded.append((host + "/type/%s/" % t, "property-type badge"))
    body = f'''<nav class="navbar navbar-expand-lg navbar-light bg-light"><a class="navbar-brand" href="/">Harbour Lets</a><ul class="navbar-nav"><li class="nav-item"><a class="nav-link" href="/rent/">Rent</a></li><li class="nav-item"><a class="nav-link" href="/sell/">Sell</a></li><li class="nav-item"><a class="nav-link" href="/about/">About</a></li></ul></nav>
<div class="album py-5 bg-light"><div class="container"><h1 class="h3">Properties for rent in Paddington</h1>{rows}
<ul class="pagination"><li class="page-item active"><span class="page-link">1</span></li><li class="page-item"><a class="page-link" href="/rent/page/2/?suburb=paddington">2</a></li></ul></div></div>
<div class="bg-dark text-white py-3"><div class="container"><a href="/privacy/">Privacy</a> · <a href="/contact/">Contact</a> · Licensed real estate agent</div></div>'''
    return ("bootstrap_rows_three_links.html", page("en-AU", "Rent in Paddington | Harbour Lets", '<link rel="stylesheet" href="/css/bootstrap.min.css">', body),
            truth("bootstrap_rows_three_links.html", page_url, listings, excluded,
                  "Bootstrap album: several div.row, 3 div.col-md-4 each; every card links 3 times (image, h5.card-title, 'View details'); "
                  "ids of 4 digits glued to the slug (/property/4821-3-bed-house-in-paddington/); a type badge link in each card."))


def web_components():
    r = rng("u2-webcomp")
    host = "https://www.kotiin.fi"
    page_url = host + "/vuokra-asunnot/helsinki"
    listings, cards = [], []
    for i in range(15):
        hid = "%x" % r.getrandbits(40)
        title = "%s, %s" % (r.choice(["Kaksio", "Yksiö", "Kolmio", "Rivitalo"]), r.choice(["Kallio", "Vallila", "Sörnäinen", "Töölö", "Herttoniemi", "Pasila"]))
        price = "%s €/kk" % group3(r.choice([890, 1050, 1190, 1320, 1580]), "\u00a0")
        href = "/asunto/" + hid
        listings.append((host + href, title, price))
        inner = f'<a slot="title" href="{href}">{esc(title)}</a>' if i % 3 else f'<h3 slot="title">{esc(title)}</h3>'
        cards.append(f'''<listing-card href="{href}" listing-id="{hid}" variant="{'highlight' if i < 2 else 'default'}">
<img slot="media" src="https://kuvat.kotiin.fi/{hid}/1.webp" alt="">{inner}
<span slot="price">{esc(price)}</span><span slot="meta">{r.randint(25, 90)} m² · {r.choice(['kerrostalo', 'rivitalo'])}</span>
<save-button listing="{hid}"></save-button></listing-card>''')
    body = f'''<site-header><a href="/" slot="logo">Kotiin</a><a href="/vuokra-asunnot">Vuokra-asunnot</a><a href="/myytavat-asunnot">Myytävät</a><a href="/ilmoita">Ilmoita asunto</a><a href="/kirjaudu">Kirjaudu</a></site-header>
<search-page><h1>{len(listings)} vuokra-asuntoa Helsingissä</h1>
<filter-bar><a href="/vuokra-asunnot/helsinki?huoneet=2">2 huonetta</a><a href="/vuokra-asunnot/espoo">Espoo</a><a href="/vuokra-asunnot/vantaa">Vantaa</a></filter-bar>
<listing-grid>{''.join(cards)}</listing-grid>
<page-nav total="9"><a href="/vuokra-asunnot/helsinki?sivu=2">Seuraava</a></page-nav></search-page>
<site-footer><a href="/tietosuoja">Tietosuoja</a><a href="/ehdot">Käyttöehdot</a><a href="/yhteystiedot">Yhteystiedot</a></site-footer>
<script type="module" src="/static/components.3f9a2b.js"></script>'''
    return ("web_components_listing_card.html", page("fi", "Vuokra-asunnot Helsinki | Kotiin", "", body),
            truth("web_components_listing_card.html", page_url, listings, [],
                  "Custom elements without shadow DOM in the saved HTML: <listing-card href=...> with an inner <a slot=title> on two "
                  "cards in three and only a heading on the third; hex ids; header and footer are <site-header>/<site-footer>, not tags "
                  "the reader knows; price '1 190 €/kk' with a no-break space."))


def angular_app():
    r = rng("u2-angular")
    host = "https://www.wohnungsboerse-nord.de"
    page_url = host + "/mietwohnungen/hamburg"
    listings, cards = [], []
    ng = lambda: '_ngcontent-ng-c%d=""' % r.choice([1843201, 1843201, 2276, 901277])
    for i in range(18):
        wid = 30000000 + r.randint(1, 999999)
        title = r.choice(["Schöne 2-Zimmer-Wohnung in Eimsbüttel", "Altbau in Ottensen", "Neubau mit Tiefgarage", "Wohnen am Kanal", "Helle Wohnung in Barmbek"])
        href = "/expose/mietwohnung-%s-%d" % (slug(title), wid)
        price = "%s € kalt" % group3(r.choice([890, 1040, 1260, 1480, 1720]), ".")
        listings.append((host + href, title, price))
        c = ng()
        cards.append(f'''<app-result-card {c} _nghost-ng-c3318 class="ng-star-inserted" ng-reflect-listing="[object Object]"><mat-card {c} class="mat-mdc-card mdc-card result-card">
<a {c} class="result-card__link" ng-reflect-router-link="/expose/mietwohnung-{wid}" href="{href}"><div {c} class="result-card__image"><img {c} src="https://img.wb-nord.de/{wid}/0.jpg" alt=""></div></a>
<mat-card-content {c} class="mat-mdc-card-content"><div {c} class="result-card__headline"><a {c} href="{href}" ng-reflect-router-link="/expose/mietwohnung-{wid}">{esc(title)}</a></div>
<div {c} class="result-card__kpis"><span {c} class="kpi">{esc(price)}</span><span {c} class="kpi">{r.randint(40, 100)} m²</span><span {c} class="kpi">{r.randint(1, 4)} Zi.</span></div>
<!--bindings={{"ng-reflect-ng-if": "false"}}--></mat-card-content>
<mat-card-actions {c} class="mat-mdc-card-actions"><button {c} mat-icon-button class="mdc-icon-button" aria-label="Merken"><mat-icon {c} class="mat-icon material-icons">favorite_border</mat-icon></button></mat-card-actions></mat-card></app-result-card><!--bindings={{"ng-reflect-ng-for-of": "[object Object],[object Object"}}-->''')
    body = f'''<app-root _nghost-ng-c1 ng-version="16.2.12"><app-header _ngcontent-ng-c1 _nghost-ng-c77><div _ngcontent-ng-c77 class="toolbar"><a _ngcontent-ng-c77 href="/">Wohnungsbörse Nord</a><a _ngcontent-ng-c77 href="/mietwohnungen">Mieten</a><a _ngcontent-ng-c77 href="/kaufen">Kaufen</a><a _ngcontent-ng-c77 href="/login">Anmelden</a></div></app-header>
<router-outlet _ngcontent-ng-c1></router-outlet><app-search-page _nghost-ng-c44 class="ng-star-inserted"><h1 _ngcontent-ng-c44>{len(listings)} Mietwohnungen in Hamburg</h1>
<app-result-list _ngcontent-ng-c44 _nghost-ng-c50><div _ngcontent-ng-c50 class="result-list">{''.join(cards)}</div></app-result-list>
<mat-paginator _ngcontent-ng-c44 class="mat-mdc-paginator"><a _ngcontent-ng-c44 href="/mietwohnungen/hamburg?seite=2">Nächste Seite</a></mat-paginator></app-search-page>
<app-footer _ngcontent-ng-c1><a href="/impressum">Impressum</a><a href="/datenschutz">Datenschutz</a></app-footer></app-root>'''
    head = '<base href="/"><style>.result-card[_ngcontent-ng-c1843201]{display:flex}</style>' + css_blob(r, 60)
    return ("angular_ngcontent.html", page("de", "Mietwohnungen Hamburg", head, body),
            truth("angular_ngcontent.html", page_url, listings, [],
                  "Angular 16 app: _ngcontent/_nghost attributes on every element, Angular Material mat-card cards inside "
                  "<app-result-card>, ng-reflect-router-link beside href, binding comments; <base href='/'>; title link in a div, not a heading."))


def jsonld_script_cards():
    r = rng("u2-jsonld")
    host = "https://www.casaprima.pt"
    page_url = host + "/arrendar/porto"
    listings, items, cards = [], [], []
    for i in range(16):
        cid = 400000 + r.randint(1, 99999)
        title = "%s T%d em %s" % (r.choice(["Apartamento", "Moradia", "Estúdio"]), r.randint(0, 3), r.choice(["Cedofeita", "Bonfim", "Foz do Douro", "Paranhos", "Boavista"]))
        amount = r.choice([750, 900, 1100, 1300, 1650])
        url = "%s/imovel/%d" % (host, cid)
        price = "%s €/mês" % group3(amount, ".")
        listings.append((url, title, price))
        t = r.choice(["Apartment", "SingleFamilyResidence", "Residence"])
        items.append({"@type": "ListItem", "position": i + 1, "item": {"@type": t, "url": url, "name": title,
                      "offers": {"@type": "Offer", "price": amount, "priceCurrency": "EUR"}}})
        cards.append(f'''<div class="cp-card" data-id="{cid}" tabindex="0" role="button"><div class="cp-card__photo" style="background-image:url(https://img.casaprima.pt/{cid}/1.jpg)"></div>
<div class="cp-card__title">{esc(title)}</div><div class="cp-card__price">{esc(price)}</div><div class="cp-card__area">{r.randint(40, 140)} m²</div></div>''')
    ld = {"@context": "https://schema.org", "@graph": [
        {"@type": "Organization", "name": "CasaPrima", "url": host + "/", "logo": host + "/logo.png", "sameAs": ["https://www.facebook.com/casaprima"]},
        {"@type": "BreadcrumbList", "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Arrendar", "item": host + "/arrendar"},
                                                         {"@type": "ListItem", "position": 2, "name": "Porto", "item": page_url}]},
        {"@type": "ItemList", "numberOfItems": len(items), "itemListElement": items}]}
    body = f'''<div class="cp-top"><a href="/">CasaPrima</a><a href="/comprar">Comprar</a><a href="/arrendar">Arrendar</a><a href="/anunciar">Anunciar</a></div>
<main><h1>Casas para arrendar no Porto</h1><div class="cp-results">{''.join(cards)}</div>
<button class="cp-more" data-next="/arrendar/porto?pagina=2">Ver mais</button></main>
<div class="cp-foot"><a href="/privacidade">Privacidade</a> <a href="/termos">Termos</a></div>
<script>document.querySelectorAll('.cp-card').forEach(function(c){{c.addEventListener('click',function(){{location.href='/imovel/'+c.dataset.id}})}})</script>'''
    head = '<script type="application/ld+json">%s</script>' % json.dumps(ld, ensure_ascii=False)
    return ("jsonld_itemlist_script_cards.html", page("pt-PT", "Casas para arrendar no Porto", head, body),
            truth("jsonld_itemlist_script_cards.html", page_url, listings, [],
                  "Cards are rendered (title, price) but navigate by a script listener on data-id: no href, onclick or data-href. The "
                  "listing URLs are only in the JSON-LD @graph ItemList (ListItem.item of @type Apartment/SingleFamilyResidence/Residence "
                  "with url, name and an Offer); an Organization and a BreadcrumbList sit in the same graph."))
