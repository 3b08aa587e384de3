"""Reconstructions of continental European portals' search pages."""

import json
from common import *


def _footer(host, words, cls="footer-links"):
    return link_list(host, [("/%s" % slug(w), w) for w in words], cls)


def daft():
    r = rng("daft-2023")
    host = "https://www.daft.ie"
    page_url = host + "/property-for-rent/dublin-city"
    listings, excluded, cards = [], [], []
    for i in range(20):
        did = 5100000 + r.randint(1, 99999)
        num = r.randint(1, 120)
        street = r.choice(STREETS["ie"])
        area = r.choice(["Dublin 6", "Dublin 8", "Dublin 7", "Dublin 4", "Dublin 1", "Dublin 2", "Dublin 9"])
        title = "%d %s, %s" % (num, street, area)
        price = "€%s per month" % group3(r.choice([1650, 1850, 1950, 2100, 2250, 2400, 2750, 3000]), ",")
        dev = i in (2, 13)
        if dev:
            name = r.choice(["The Quarry", "Elmfield Park", "Brickworks Residences"])
            title = "%s, %s" % (name, area)
            href = "/for-rent/%s-%s/%d" % (slug(name), slug(area), did)
            price = "From €%s per month" % group3(r.choice([2150, 2300]), ",")
            subs = "".join('<li data-testid="sub-unit"><a href="/for-rent/%s-%s/%d"><span>%s</span><span>%d Bed · 1 Bath · Apartment</span></a></li>'
                           % (slug(name), slug(area), did + k, "€%s per month" % group3(2150 + k * 250, ","), k)
                           for k in (1, 2, 3))
            sub_block = '<div data-testid="sub-units-container"><ul>%s</ul><a href="%s">Show all %d properties</a></div>' % (subs, href, r.randint(8, 30))
            for k in (1, 2, 3):
                excluded.append((host + "/for-rent/%s-%s/%d" % (slug(name), slug(area), did + k),
                                 "unit row inside a development card (the development is the listing)"))
        else:
            href = "/for-rent/apartment-%s/%d" % (slug(title), did)
            sub_block = ""
        listings.append((host + href, title, price))
        agent = r.choice(["Owen Reilly", "Hooke & MacDonald", "Sherry FitzGerald", "Lisney", "DNG", "Mason Estates"])
        agent_id = r.randint(1000, 9999)
        cards.append(f'''<li data-testid="result-{did}" class="SearchPage__Result-gg133s-2 djuMQD">
<div data-testid="card-container" class="Card__CardWrapper-x1sjdn-0 {'TopSpot' if i == 0 else ''}">
 <div data-testid="branded-header" class="BrandedHeader__Wrapper-sc-1ahxd0w-0"><img src="https://c1.dmstatic.com/{agent_id}/logo.png" alt="{esc(agent)}"><span data-testid="branded-header-text">{esc(agent)}</span></div>
 <a href="{href}" class="Card__CardLink-x1sjdn-1">
  <div data-testid="imageContainer" class="Card__ImageContainer-x1sjdn-4"><img src="https://media.daft.ie/eyJidWNrZXQiOiJtZWRpYW1hc{did}.jpg" alt="{esc(title)}"></div>
  <div class="Card__Content-x1sjdn-9"><p data-testid="address" class="TitleBlock__Address-sc-1avkvav-8 dzihyY">{esc(title)}</p>
   <div data-testid="price" class="TitleBlock__Price-sc-1avkvav-4"><h3 class="TitleBlock__StyledCustomHeading-sc-1avkvav-5 blbeVq">{esc(price)}</h3></div>
   <div class="TitleBlock__CardInfo-sc-1avkvav-9"><p data-testid="beds">{r.randint(1, 3)} Bed</p><p data-testid="baths">{r.randint(1, 2)} Bath</p><p data-testid="property-type">Apartment</p></div>
  </div>
 </a>{sub_block}
 <button data-testid="save-button" aria-label="Save" class="SaveButton__Wrapper-sc-1k9mrmd-0">Save</button>
</div></li>''')
        if i in (4, 12):
            cards.append('<li class="SearchPage__Result-gg133s-2"><div data-testid="ad-card" class="AdSlot__Container-sc-1u2jz7j-0"><div id="dfp-ad-search-results-%d" data-ad-unit="/1014/daft/rent/search_%d"></div></div></li>' % (i, i))
    nav = link_list(host, [("/property-for-sale/ireland", "Buy"), ("/property-for-rent/ireland", "Rent"), ("/sharing/ireland", "Share"),
                          ("/new-homes-for-sale/ireland", "New Homes"), ("/commercial-properties/ireland", "Commercial"),
                          ("/mortgages", "Mortgages"), ("/price-register", "Price Register"), ("/agents", "Find an Agent"),
                          ("/daft-media", "Advertise"), ("/login", "Sign in")], "NavLinks__List")
    counties = link_list(host, [("/property-for-rent/%s" % c, "Property for rent in " + c.replace("-", " ").title()) for c in
                                ["cork", "galway", "limerick", "waterford", "kildare", "meath", "wicklow", "louth", "wexford",
                                 "kilkenny", "sligo", "donegal", "mayo", "kerry", "clare", "tipperary"]], "PopularSearches")
    ssr = json.dumps({"props": {"pageProps": {"listings": [{"listing": {"id": i, "title": t, "price": p, "seoFriendlyPath": u.replace(host, "")}}
                                                           for i, (u, t, p) in enumerate(listings)], "paging": {"totalPages": 43}}}})
    body = f'''<header class="Header__Wrapper"><a href="/" aria-label="Daft home">daft.ie</a><nav>{nav}</nav></header>
<main id="__next"><div class="SearchPage__MainContainer-gg133s-0">
 <div class="SearchFilters__Wrapper"><button>Price</button><button>Beds</button><button>Property Type</button><button>Filters</button>
  <a href="/property-for-rent/dublin-city?showMap=true" rel="nofollow">Map</a><select aria-label="Sort"><option>Most Recent</option></select></div>
 <h1 data-testid="search-h1">{r.randint(700, 1200)} Properties for Rent in Dublin City</h1>
 <ul data-testid="results" class="SearchPage__SearchResults-gg133s-3">{''.join(cards)}</ul>
 <div data-testid="pagination" class="Pagination__Wrapper">{''.join('<a href="/property-for-rent/dublin-city?pageSize=20&amp;from=%d">%d</a>' % (k * 20, k + 1) for k in range(1, 8))}<a href="/property-for-rent/dublin-city?pageSize=20&amp;from=20">Next</a></div>
 <section class="PopularSearches__Wrapper"><h2>Popular searches</h2>{counties}</section>
</div></main>
<footer>{_footer(host, ['About', 'Careers', 'Blog', 'Help', 'Terms', 'Privacy', 'Cookies', 'Advertise', 'Price Register', 'Rental Report', 'House Price Report', 'Contact', 'Press', 'Sitemap', 'Safety', 'Fair Rent', 'Agent Login', 'Developer Login'])}</footer>
<script id="__NEXT_DATA__" type="application/json">{esc(ssr)}</script>'''
    head = tracking_scripts(r, "daft") + css_blob(r, 350)
    return ("daft_ie_dublin_rent_2023.html", page("en", "Property for Rent in Dublin City | Daft.ie", head, body),
            truth("daft_ie_dublin_rent_2023.html", page_url, listings, excluded,
                  "Cards: ul[data-testid=results] > li[data-testid^=result-]; URL the card's a.Card__CardLink; title p[data-testid=address]; "
                  "price div[data-testid=price]. Two development cards ('From €2,150 per month') are in the result list with a price: kept "
                  "(their unit rows are parts of the card: excluded). Agent branding has no link. Ad slots are li without listing links."))


def immobiliare():
    r = rng("immobiliare-2021")
    host = "https://www.immobiliare.it"
    page_url = host + "/affitto-case/milano/"
    listings, excluded, cards = [], [], []
    kinds = ["Bilocale", "Trilocale", "Monolocale", "Quadrilocale", "Appartamento"]
    for i in range(25):
        iid = 88000000 + r.randint(1, 2999999)
        title = "%s %s %d, Milano" % (r.choice(kinds), r.choice(STREETS["it"]), r.randint(1, 150))
        price = "€ %s/mese" % group3(r.choice([750, 900, 1100, 1250, 1350, 1500, 1800, 2200]), ".")
        project = i == 7
        href = host + ("/annunci/p-%d/" % iid if project else "/annunci/%d/" % iid)
        if project:
            title = "Residenza %s - Nuova costruzione, Milano" % r.choice(["Parco Vittoria", "Uptown", "Milano Verde"])
            price = "da € 1.100/mese"
        listings.append((href, title, price))
        ag = r.randint(10000, 99999)
        agency = '<div class="listing-item_agency"><a href="%s/agenzie-immobiliari/%d/%s/" class="listing-item_agency-logo" title="Agenzia"><img src="https://pic.im-cdn.it/agency/%d.jpg" alt="Agenzia"></a></div>' % (
            host, ag, slug(r.choice(["Tempocasa Milano Navigli", "Gabetti Porta Romana", "Tecnocasa Bovisa", "Engel Voelkers Brera"])), ag)
        cards.append(f'''<li class="nd-list__item in-realEstateResults__item{' in-realEstateResults__item--premium' if i < 2 else ''}" data-id="{iid}">
<div class="listing-item listing-item--tiny js-row-detail{' is-project' if project else ''}">
 <div class="listing-item_gallery"><div class="nd-slideshow"><a href="{href}" class="nd-slideshow__item"><img src="https://pic.im-cdn.it/image/{iid}/m-c.jpg" alt="{esc(title)}"></a><a href="{href}" class="nd-slideshow__item"><img data-src="https://pic.im-cdn.it/image/{iid + 1}/m-c.jpg" alt=""></a></div></div>
 <div class="listing-item_body">
  <div class="listing-item_body--content">
   <p class="titolo text-primary"><a href="{href}" title="{esc(title)}" id="link_ad_{iid}" class="">{esc(title)}</a></p>
   <ul class="listing-features list-piped">
    <li class="lif__item lif__pricing">{esc(price)}</li>
    <li class="lif__item"><div class="lif__data"><span class="text-bold">{r.randint(1, 4)}</span></div><div class="lif__text">locali</div></li>
    <li class="lif__item"><div class="lif__data"><span class="text-bold">{r.randint(35, 140)}</span> m²</div></li>
    <li class="lif__item"><span class="text-bold">{r.randint(1, 7)}</span> Piano</li>
   </ul>
   <p class="descrizione__truncate">Proponiamo in affitto luminoso appartamento completamente arredato, composto da ingresso, soggiorno con angolo cottura, camera da letto matrimoniale e bagno finestrato...</p>
  </div>
  {agency}
  <div class="listing-item_actions"><a href="{host}/salva-annuncio/?id={iid}" class="save-ad" rel="nofollow">Salva</a><a href="{host}/contatta-agenzia/?idAnnuncio={iid}" rel="nofollow" class="js-contact">Contatta</a></div>
 </div></div></li>''')
        if i in (5, 15):
            cards.append('<li class="nd-list__item in-realEstateResults__item adv-container"><div class="adv-native" id="adv-serp-%d" data-adv="native_serp"><span class="adv-label">Pubblicità</span><a href="https://adserver.immobiliare.it/click?c=%d" rel="sponsored nofollow"><img src="https://adserver.immobiliare.it/b/%d.jpg"></a></div></li>' % (i, i, i))
    zones = link_list(host, [("/affitto-case/milano/%s/" % slug(z), "Affitto case " + z) for z in
                             ["Navigli", "Città Studi", "Porta Romana", "Isola", "Brera", "Loreto", "NoLo", "Bicocca", "Bovisa",
                              "San Siro", "Lambrate", "Corvetto", "Porta Venezia", "Centrale", "Sempione", "De Angeli"]], "nd-list related-zones")
    nav = link_list(host, [("/vendita-case/milano/", "Compra"), ("/affitto-case/milano/", "Affitta"), ("/nuove-costruzioni/milano/", "Nuove costruzioni"),
                          ("/valutazione-casa/", "Valuta casa"), ("/agenzie-immobiliari/milano/", "Agenzie"), ("/mutui/", "Mutui"),
                          ("/news/", "News"), ("/mercato-immobiliare/lombardia/milano/", "Prezzi case"), ("/login/", "Accedi")], "nd-tabBar")
    body = f'''<header class="nd-header"><a href="/" class="nd-header__logo">immobiliare.it</a>{nav}</header>
<div class="in-breadcrumb"><a href="/">Home</a> › <a href="/affitto-case/lombardia/">Lombardia</a> › Milano</div>
<main class="in-main"><aside class="in-filters"><form><select name="prezzoMassimo"><option>1.500</option></select>
 {''.join('<a href="/affitto-case/milano/?%s" rel="nofollow" class="in-filters__tag">%s</a>' % (q, t) for q, t in [('arredato=on', 'Arredato'), ('balcone=on', 'Balcone'), ('ascensore=1', 'Ascensore'), ('localiMinimo=2', '2+ locali'), ('giardino=10', 'Giardino')])}
 </form></aside>
 <section class="in-realEstateResults"><h1 class="in-searchList__title">Case in affitto a Milano</h1><div class="in-searchList__sort"><select><option>Rilevanza</option><option>Prezzo crescente</option></select></div>
  <ul class="nd-list in-realEstateResults annunci-list">{''.join(cards)}</ul>
  <div class="in-pagination">{''.join('<a class="in-pagination__item" href="/affitto-case/milano/?pag=%d">%d</a>' % (k, k) for k in range(2, 10))}</div>
 </section>
 <section class="in-relatedSearches"><h2>Zone di Milano</h2>{zones}</section></main>
<footer class="nd-footer">{_footer(host, ['Chi siamo', 'Lavora con noi', 'Pubblicità', 'Privacy', 'Cookie', 'Termini e condizioni', 'Contatti', 'Aiuto', 'Mappa del sito', 'Area agenzie', 'App', 'Immobiliare Insights', 'Luxury', 'Aste', 'Indomio', 'Affitti brevi', 'Case vacanza', 'Stanze', 'Uffici', 'Garage'])}</footer>'''
    head = tracking_scripts(r, "immobiliare") + jsonld_itemlist([(u, t) for u, t, _ in listings]) + css_blob(r, 200)
    return ("immobiliare_it_milano_affitto_2021.html", page("it", "Case in affitto a Milano - Immobiliare.it", head, body),
            truth("immobiliare_it_milano_affitto_2021.html", page_url, listings, excluded,
                  "Cards: ul.annunci-list > li.in-realEstateResults__item; URL p.titolo a (gallery links repeat it); price li.lif__pricing. "
                  "One project card (/annunci/p-<id>/, 'da € 1.100/mese') is in the result list with a price: kept. "
                  "Agency links (/agenzie-immobiliari/<id>/<name>/) and save/contact links are not listings; adv li are ads."))


def seloger():
    r = rng("seloger-2021")
    host = "https://www.seloger.com"
    page_url = host + "/list.htm?projects=1&types=1,2&places=[{%22inseeCodes%22:[750111]}]&enterprise=0&qsVersion=1.0"
    listings, excluded, cards = [], [], []
    for i in range(24):
        sid = 170000000 + r.randint(1, 9999999)
        typ = r.choice(["Appartement", "Studio", "Appartement", "Duplex"])
        quartier = r.choice(["Roquette", "Folie-Méricourt", "Saint-Ambroise", "Sainte-Marguerite", "Belleville"])
        href = host + "/annonces/locations/appartement/paris-11eme-75/%s/%d.htm?projects=1&types=1,2&qsVersion=1.0&m=search_to_detail" % (slug(quartier), sid)
        amount = r.choice([980, 1250, 1480, 1650, 1890, 2100, 2350, 2780])
        sep = " " if i % 2 else "\u00a0"
        price = "%s €" % group3(amount, sep)
        listings.append((href, typ, price))
        agency = r.choice(["Century 21 Bastille", "Foncia Location Paris 11", "Laforêt Voltaire", "Orpi Oberkampf", "Guy Hoquet Nation"])
        cards.append(f'''<div data-test="sl.card-container" class="Card__CardContainer-sc-7insep-6 cKbbKl" data-listing-id="{sid}">
 <div class="Card__ImageZone-sc-7insep-2"><div class="Slider__SliderContainer"><a href="{esc(href)}" class="Slider__Slide" tabindex="-1"><img src="https://v.seloger.com/s/crop/310x225/visuels/1/a/{sid:x}.jpg" alt="{esc(typ)} {esc(quartier)}"></a><a href="{esc(href)}" class="Slider__Slide" tabindex="-1"><img data-src="https://v.seloger.com/s/crop/310x225/visuels/2/b/{sid:x}.jpg" alt=""></a></div>
  <button data-test="sl.favorite-button" class="FavoriteButton__Btn" aria-label="Ajouter aux favoris"></button></div>
 <div class="Card__ContentZone-sc-7insep-3 ifDnUj">
  <a href="{esc(href)}" name="classified-link" class="CoveringLink-a3s3kt-0 dXJclF" target="_blank" rel="noopener"></a>
  <div data-test="sl.title" class="ContentZone__Title-wghbmy-6 dfTOQf">{esc(typ)}</div>
  <div data-test="sl.price-container" class="Price__PriceContainer-sc-1g9fitq-0"><div data-test="sl.price-label" class="Price__Label-sc-1g9fitq-1 hWbpIz">{esc(price)}</div><span class="Price__Suffix">CC</span></div>
  <ul data-test="sl.tags" class="ContentZone__Tags-wghbmy-7"><li>{r.randint(1, 4)} p</li><li>{r.randint(1, 3)} ch</li><li>{r.randint(18, 95)} m²</li><li>Étage {r.randint(1, 6)}/{r.randint(6, 8)}</li></ul>
  <div data-test="sl.address" class="ContentZone__Address-wghbmy-1">{esc(quartier)}, Paris 11ème</div>
  <div class="ContentZone__Description">Dans un immeuble haussmannien, bel appartement lumineux refait à neuf, cuisine équipée, salle d'eau...</div>
 </div>
 <div data-test="sl.agency-container" class="AgencyZone__Container"><a href="{host}/professionnels/agences-immobilieres/paris-11eme-75/agence-{r.randint(10000, 99999)}/" class="AgencyZone__Link" title="{esc(agency)}"><img src="https://v.seloger.com/s/agency/logo{r.randint(1, 999)}.jpg" alt="{esc(agency)}"></a>
  <button data-test="sl.contact-button" class="Contact__Btn">Contacter</button></div>
</div>''')
        if i in (3, 11, 19):
            cards.append('<div class="Ad__Container-sc-1mw2i6d-0" data-test="sl.ad"><div id="sl_listing_native_%d" class="adslot" data-pos="native_%d"></div><span>Publicité</span></div>' % (i, i))
    nav = link_list(host, [("/immobilier/achat/immo-paris-75/", "Acheter"), ("/immobilier/locations/immo-paris-75/", "Louer"),
                          ("/neuf/", "Neuf"), ("/estimation-immobiliere/", "Estimer"), ("/prix-de-l-immo/", "Prix de l'immo"),
                          ("/credit-immobilier/", "Financer"), ("/conseils-immo/", "Conseils"), ("/mon-compte/", "Mon compte")], "Header__Nav")
    seo = link_list(host, [("/immobilier/locations/immo-paris-%d-75/" % k, "Location appartement Paris %de" % k) for k in range(1, 21)], "SeoLinks__List")
    body = f'''<div id="root"><header class="Header__Wrapper">{nav}</header>
<div class="ListContent__SmartClassifiedExtended"><div class="Breadcrumb"><a href="/">Accueil</a> &gt; <a href="/immobilier/locations/immo-paris-75/">Paris</a> &gt; Paris 11ème</div>
 <div class="Filters__Container"><button>Budget</button><button>Pièces</button><button>Surface</button><button>Plus de critères</button>
 <a href="/list.htm?projects=1&amp;types=1,2&amp;sort=d_dt_crea" rel="nofollow">Les plus récentes</a></div>
 <h1 class="ListHeader__Title">Location appartement Paris 11ème - {r.randint(300, 900)} annonces</h1>
 <div class="ListContent__SmartClassifiedExtendedList" data-test="sl.explore.card-list">{''.join(cards)}</div>
 <div class="Pagination__Container">{''.join('<a href="/list.htm?projects=1&amp;types=1,2&amp;LISTING-LISTpg=%d">%d</a>' % (k, k) for k in range(2, 10))}</div>
 <div class="SeoLinks__Container"><h2>Recherches populaires</h2>{seo}</div></div>
<footer class="Footer">{_footer(host, ['Qui sommes-nous', 'Recrutement', 'Presse', 'Mentions légales', 'CGU', 'Vie privée', 'Cookies', 'Aide', 'Contact', 'Plan du site', 'Espace pro', 'Bellesdemeures', 'Logic-Immo', 'SeLoger Neuf', 'SeLoger Bureaux', 'Annuaire agences'])}</footer></div>
<script>window["initialData"] = JSON.parse("{esc(json.dumps({'cards': {'list': [{'id': k, 'classifiedURL': u} for k, (u, _, _) in enumerate(listings)]}}).replace(chr(34), chr(92) + chr(34)))}");</script>'''
    head = tracking_scripts(r, "seloger") + css_blob(r, 380)
    return ("seloger_fr_paris11_location_2021.html", page("fr", "Location appartement Paris 11ème | SeLoger", head, body),
            truth("seloger_fr_paris11_location_2021.html", page_url, listings, excluded,
                  "Cards: div[data-test=sl.card-container]; URL the covering link a[name=classified-link] (slides repeat it, with the same "
                  "params); title div[data-test=sl.title] (SeLoger shows only the property type as the card title); price "
                  "div[data-test=sl.price-label], written '1 650 €' with a no-break space on even cards and a plain space on odd ones. "
                  "Agency links (/professionnels/agences-immobilieres/...) are not listings."))


def leboncoin():
    r = rng("leboncoin-2023")
    host = "https://www.leboncoin.fr"
    page_url = host + "/recherche?category=10&locations=Lyon__45.75_4.85_10000&real_estate_type=2"
    listings, excluded, cards = [], [], []
    for i in range(30):
        aid = 2300000000 + r.randint(1, 199999999)
        title = r.choice(["T2 lumineux", "Appartement T3 meublé", "Studio centre", "T1 bis proche métro", "Grand T4 avec balcon",
                          "Appartement 2 pièces 45 m²", "Duplex T3 Croix-Rousse"])
        amount = r.choice([520, 640, 780, 890, 1020, 1150, 1290, 1480])
        price = "%s €" % group3(amount, "\u202f") if amount >= 1000 else "%d €" % amount
        href = "/ad/locations/%d" % aid
        listings.append((host + href, title, price))
        une = i < 2
        cards.append(f'''<div class="styles_adCard__JzKik styles_classified__7N3e9" data-test-id="adcard-outlined">
<a data-qa-id="aditem_container" data-test-id="ad" href="{href}" title="{esc(title)}" class="styles_adCard__2YFTi">
 <div data-test-id="image" class="styles_adPhotos__Ovle1"><img src="https://img.leboncoin.fr/api/v1/lbcpb1/images/{aid % 97:02x}/{aid:x}.jpg?rule=ad-large" alt="{esc(title)}"><span data-test-id="photo-count">{r.randint(1, 9)}</span></div>
 <div data-test-id="adcard-content" class="styles_adContent__2GfRm">
  {'<span data-test-id="sticker-a-la-une" class="styles_sticker">À la une</span>' if une else ''}
  <p data-qa-id="aditem_title" data-test-id="adcard-title" class="_2tubl _35DXM">{esc(title)}</p>
  <div data-test-id="price" class="_3aXQ7"><span data-qa-id="aditem_price" class="_1JCPa"><span aria-label="Prix">{esc(price)}</span></span><span class="_2NwaS">charges comprises</span></div>
  <p data-test-id="adcard-params">{r.randint(1, 4)} pièces · {r.randint(18, 90)} m²</p>
  <p data-qa-id="aditem_location" class="_1Iu-O" aria-label="Située à Lyon {r.randint(1, 9)}ème">Lyon {69000 + r.randint(1, 9)} {r.choice(['Croix-Rousse', 'Guillotière', 'Part-Dieu', 'Monplaisir', ''])}</p>
  <p data-test-id="adcard-date" class="_2k43C">{r.choice(["Aujourd'hui, 14:02", 'Hier, 21:15', '12 mai'])}</p>
  {'<p data-test-id="pro-badge" class="_3jiV7">Pro</p>' if r.random() < .4 else ''}
 </div></a>
<button data-test-id="adcard-favorite" title="Ajouter aux favoris" class="styles_favorite" aria-label="Ajouter l'annonce aux favoris"></button>
</div>''')
        if i in (4, 14, 24):
            cards.append('<div class="styles_adCard__JzKik" data-test-id="ad-partner"><div data-qa-id="ad_outbrain" class="OUTBRAIN" data-widget-id="SF_%d"></div>'
                         '<a href="https://bs.serving-sys.com/Serving/adServer.bs?cn=trd&amp;c=%d" rel="sponsored" data-test-id="display-ad"><span>Sponsorisé</span><img src="https://tpc.googlesyndication.com/simgad/%d"></a></div>' % (i, i, i))
    excluded.append((host + "/boutique/30123/foncia_lyon.htm", "pro shop page in the 'Boutiques' strip"))
    nav = link_list(host, [("/deposer-une-annonce", "Déposer une annonce"), ("/recherche?category=9", "Ventes immobilières"),
                          ("/recherche?category=10", "Locations"), ("/recherche?category=2", "Voitures"), ("/recherche?category=8", "Vacances"),
                          ("/recherche?category=71", "Emploi"), ("/mes-recherches", "Mes recherches"), ("/favoris", "Favoris"),
                          ("/messages", "Messages"), ("/compte", "Se connecter")], "styles_navList")
    cats = link_list(host, [("/recherche?category=10&locations=%s" % c, "Locations " + c) for c in
                            ["Villeurbanne", "Vénissieux", "Caluire-et-Cuire", "Bron", "Vaulx-en-Velin", "Oullins", "Écully",
                             "Tassin-la-Demi-Lune", "Saint-Priest", "Décines-Charpieu", "Rillieux-la-Pape", "Meyzieu"]], "styles_seoLinks")
    body = f'''<div id="__next"><header class="styles_header">{nav}</header>
<main><nav aria-label="Fil d'Ariane" class="styles_breadcrumb"><a href="/">Accueil</a> <a href="/locations/">Locations</a> <span>Lyon</span></nav>
 <div class="styles_filters" data-test-id="filters"><button>Loyer</button><button>Type de bien</button><button>Pièces</button><button>Surface</button><button>Meublé</button></div>
 <h1 data-test-id="search-title">Locations : appartements Lyon ({r.randint(900, 2400)} annonces)</h1>
 <div data-qa-id="adListContainer" class="styles_classifiedColumn__Vz6Lm">{''.join(cards)}</div>
 <div class="styles_shops" data-test-id="shops-carousel"><h2>Boutiques</h2><a href="/boutique/30123/foncia_lyon.htm"><img src="https://img.leboncoin.fr/shop/30123.jpg">Foncia Lyon</a></div>
 <nav data-qa-id="pagination" class="styles_pagination">{''.join('<a href="/recherche?category=10&amp;locations=Lyon__45.75_4.85_10000&amp;real_estate_type=2&amp;page=%d" title="Page %d">%d</a>' % (k, k, k) for k in range(2, 10))}</nav>
 <section class="styles_seo"><h2>Villes proches</h2>{cats}</section></main>
<footer>{_footer(host, ['À propos du boncoin', 'Recrutement', 'Presse', 'Conditions générales', 'Vie privée / cookies', 'Aide', 'Sécurité', 'Plan du site', 'Annonces immobilier', 'Professionnels', 'Publicité', 'Le boncoin pro', 'Blog', 'Accessibilité'])}</footer></div>
<script id="__NEXT_DATA__" type="application/json">{esc(json.dumps({'props': {'pageProps': {'searchData': {'ads': [{'list_id': u.rsplit('/', 1)[1], 'subject': t, 'price': [p]} for u, t, p in listings]}}}}, ensure_ascii=False))}</script>'''
    head = tracking_scripts(r, "leboncoin") + css_blob(r, 400)
    return ("leboncoin_fr_lyon_locations_2023.html", page("fr", "Locations appartements Lyon - leboncoin", head, body),
            truth("leboncoin_fr_lyon_locations_2023.html", page_url, listings, excluded,
                  "Cards: div[data-qa-id=adListContainer] > div > a[data-qa-id=aditem_container]; title p[data-qa-id=aditem_title]; price "
                  "span[data-qa-id=aditem_price] ('1 020 €' with a narrow no-break space). 'À la une' cards are paid boosts of ordinary "
                  "ads inside the list: kept. Outbrain/display partner blocks and the shop strip are excluded."))
