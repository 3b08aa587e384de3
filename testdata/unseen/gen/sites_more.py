"""Hemnet, Otodom, Kleinanzeigen, Willhaben, Homegate, a WordPress Houzez agency and a 2010 table site."""

import json
from common import *
from sites_eu import _footer


def hemnet():
    r = rng("hemnet-2022")
    host = "https://www.hemnet.se"
    page_url = host + "/bostader?location_ids%5B%5D=473448&item_types%5B%5D=bostadsratt"
    listings, excluded, cards = [], [], []
    for i in range(20):
        hid = 19000000 + r.randint(1, 999999)
        street = "%s %d" % (r.choice(STREETS["se"]), r.randint(1, 90))
        rooms = r.randint(1, 4)
        href = "%s/bostad/lagenhet-%drum-%s-stockholms-kommun-%s-%d" % (host, rooms, slug(r.choice(["Södermalm", "Vasastan", "Kungsholmen", "Östermalm"])), slug(street), hid)
        price = "%s kr" % group3(r.choice([2195000, 2950000, 3495000, 4295000, 5150000, 6890000]), "\u00a0")
        listings.append((href, street, price))
        cards.append(f'''<li class="normal-results__hit js-normal-list-item{' normal-results__hit--premium' if i % 5 == 0 else ''}">
<a class="js-listing-card-link listing-card" href="{href}" data-gtm-item-info='{{"id":"{hid}","type":"listing"}}'>
 <div class="listing-card__images-container"><ul class="listing-card__image-list"><li><img class="listing-card__image" src="https://bilder.hemnet.se/images/itemgallery_cut/{hid % 100:02x}/{hid:x}.jpg" alt="{esc(street)}"></li></ul>
 {'<span class="listing-card__label listing-card__label--type">Premium</span>' if i % 5 == 0 else ''}</div>
 <div class="listing-card__information"><div class="listing-card__location-and-type"><h2 class="listing-card__street-address qa-listing-title">{esc(street)}</h2>
  <div class="listing-card__location"><span class="listing-card__location-name">{esc(r.choice(['Södermalm', 'Vasastan', 'Kungsholmen', 'Hornstull']))}, Stockholms kommun</span></div></div>
  <div class="listing-card__attributes-container"><div class="listing-card__attributes-row">
   <div class="listing-card__attribute listing-card__attribute--primary">{esc(price)}</div>
   <div class="listing-card__attribute listing-card__attribute--primary">{r.randint(25, 110)} m²</div>
   <div class="listing-card__attribute listing-card__attribute--primary">{rooms} rum</div></div>
   <div class="listing-card__attributes-row"><div class="listing-card__attribute listing-card__attribute--fee">{group3(r.randint(1800, 5200), chr(160))} kr/mån</div>
   <div class="listing-card__attribute listing-card__attribute--square-meter-price">{group3(r.randint(60000, 120000), chr(160))} kr/m²</div></div></div>
  <div class="listing-card__footer"><span class="listing-card__broker-name">{esc(r.choice(['Fastighetsbyrån', 'Svensk Fastighetsförmedling', 'Notar', 'Bjurfors', 'Länsförsäkringar Fastighetsförmedling']))}</span></div>
 </div></a>
<button class="listing-card__save-button js-save-listing" data-listing-id="{hid}" aria-label="Spara">Spara</button></li>''')
        if i in (3, 10):
            cards.append('<li class="normal-results__hit normal-results__hit--ad"><div class="ad ad--panorama" id="panorama-%d" data-ad-placement="list_panorama"><div class="ad__label">Annons</div></div></li>' % i)
    tips = []
    for k in range(3):
        u = "%s/bostad/lagenhet-2rum-sodermalm-stockholms-kommun-tipsgatan-%d-%d" % (host, k + 1, 18500000 + k)
        tips.append('<li class="carousel__item"><a class="broker-tip-card" href="%s"><span>Mäklartipset</span><h3>Tipsgatan %d</h3><span>3 450 000 kr</span></a></li>' % (u, k + 1))
        excluded.append((u, "paid 'Mäklartipset' carousel outside the result list"))
    nav = link_list(host, [("/bostader", "Köpa bostad"), ("/salda/bostader", "Slutpriser"), ("/saljbostad", "Sälja bostad"),
                          ("/maklare", "Hitta mäklare"), ("/bolan", "Bolån"), ("/artiklar", "Artiklar"), ("/konto/logga-in", "Logga in"),
                          ("/kommande", "Kommande"), ("/nyproduktion", "Nyproduktion")], "site-navigation__items")
    areas = link_list(host, [("/bostader?location_ids%%5B%%5D=%d" % (473000 + k), "Bostäder i " + a) for k, a in enumerate(
        ["Södermalm", "Vasastan", "Kungsholmen", "Östermalm", "Gamla stan", "Hammarby sjöstad", "Bromma", "Solna", "Sundbyberg", "Nacka",
         "Lidingö", "Hägersten", "Årsta", "Enskede"])], "seo-links__list")
    body = f'''<header class="site-header">{nav}</header>
<div class="search-form"><form action="/bostader"><input name="q" value="Stockholms kommun"><select name="price_max"><option>5 000 000 kr</option></select></form>
 <a href="/bostader?location_ids%5B%5D=473448&amp;item_types%5B%5D=bostadsratt&amp;by=creation&amp;order=desc" rel="nofollow">Sortera: Senast publicerade</a>
 <a href="/bostader/karta?location_ids%5B%5D=473448" rel="nofollow">Visa på karta</a></div>
<div class="result-list"><h1 class="result-type-toggle__title">{r.randint(1500, 3000)} bostäder till salu i Stockholms kommun</h1>
 <div class="broker-tips"><h2>Mäklartipset</h2><ul class="carousel">{''.join(tips)}</ul></div>
 <ul class="normal-results qa-organic-results">{''.join(cards)}</ul>
 <div class="pagination">{''.join('<a class="button button--ghost" href="/bostader?location_ids%%5B%%5D=473448&amp;page=%d">%d</a>' % (k, k) for k in range(2, 10))}<a class="next_page" rel="next" href="/bostader?location_ids%5B%5D=473448&amp;page=2">Nästa</a></div>
 <div class="seo-links">{areas}</div></div>
<footer class="site-footer">{_footer(host, ['Om Hemnet', 'Jobba hos oss', 'Press', 'Annonsera', 'Kontakt', 'Hjälp', 'Villkor', 'Personuppgifter', 'Cookies', 'Tillgänglighet', 'Hemnet Plus', 'Hemnet Premium', 'Appar', 'Hemnet för mäklare'])}</footer>'''
    head = tracking_scripts(r, "hemnet") + css_blob(r, 150)
    return ("hemnet_se_stockholm_2022.html", page("sv", "Bostäder till salu i Stockholms kommun - Hemnet", head, body),
            truth("hemnet_se_stockholm_2022.html", page_url, listings, excluded,
                  "Cards: ul.normal-results > li.normal-results__hit > a.listing-card (whole card one <a>); title h2.listing-card__street-address; "
                  "price the first .listing-card__attribute--primary ('4 295 000 kr', no-break spaces). Premium cards are in the list: kept. "
                  "The Mäklartipset carousel above the list is excluded."))


def otodom():
    r = rng("otodom-2023")
    host = "https://www.otodom.pl"
    page_url = host + "/pl/wyniki/wynajem/mieszkanie/mazowieckie/warszawa/warszawa/warszawa"
    listings, excluded, promoted, organic = [], [], [], []
    chars = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789"
    def card(oid, title, price, street):
        href = "/pl/oferta/%s-%s" % (slug(title), oid)
        return href, f'''<li><article data-cy="listing-item" class="css-136g1q2 e1dfeild0"><div class="css-1hfoviz e1dfeild1">
<a data-cy="listing-item-link" href="{href}" class="css-lsw81o e1dfeild2"><div data-cy="listing-item-image-source" class="css-gl5i0n"><picture><img src="https://ireland.apollo.olxcdn.com/v1/files/{oid.lower()}-eyJmbiI6/image;s=655x491" alt="{esc(title)}"></picture></div></a>
<button data-cy="listing-item-favorite" aria-label="Dodaj do ulubionych" class="css-10q3dkp"></button></div>
<div class="css-13gthep e1dfeild3"><a href="{href}" class="css-16vl3c1 e1dfeild4"><p data-cy="listing-item-title" class="css-u3orbr e1g5xnx10">{esc(title)}</p></a>
 <p class="css-1dvtw4c e12u5vlm0"><span class="css-12h460e e12u5vlm1">{esc(street)}, Mokotów, Warszawa, mazowieckie</span></p>
 <div class="css-1tfvtx5 e1jyrtvq0"><span direction="horizontal" class="css-1cyxwvy ei6hyam2">{esc(price)}</span><span class="css-13xu7qq">+ czynsz: {r.randint(300, 900)} zł/miesiąc</span></div>
 <dl class="css-uki0wd e12r8p6s1"><dt>Liczba pokoi</dt><dd>{r.randint(1, 4)} pokoje</dd><dt>Powierzchnia</dt><dd>{r.randint(25, 90)} m²</dd><dt>Piętro</dt><dd>{r.randint(0, 10)} piętro</dd></dl>
 <div class="css-1ojb7m7"><span>Biuro nieruchomości</span><a href="/pl/firmy/biura-nieruchomosci/{slug(r.choice(['Metrohouse', 'Ober Haus', 'Nieruchomości Warszawa Centrum', 'Freedom']))}-ID{r.randint(1000000, 9999999)}" class="css-agency">Zobacz ofertę biura</a></div>
</div></article></li>'''
    for i in range(39):
        oid = "ID4" + "".join(r.choice(chars) for _ in range(4))
        rooms = r.choice(["Kawalerka", "Mieszkanie 2-pokojowe", "Przestronne 3 pokoje", "Nowe mieszkanie", "Apartament z balkonem"])
        street = "ul. " + r.choice(STREETS["pl"])
        title = "%s %s" % (rooms, r.choice(["przy metrze", "na Mokotowie", "z balkonem", "blisko parku", "po remoncie"]))
        price = "%s zł" % group3(r.choice([2400, 2800, 3150, 3650, 4200, 4900, 5500]), " " if i % 3 else "\u00a0")
        href, html_ = card(oid, title, price, street)
        if i < 3:
            promoted.append(html_)
            excluded.append((host + href, "paid 'Promowane' block above the organic results (its own list)"))
        else:
            organic.append(html_)
            listings.append((host + href, title, price))
        if i == 12:
            organic.append('<li><div data-cy="ad-slot" class="css-1ad0ttg"><div id="adex-listing-1" data-adunit="/7110/otodom/listing/inline"></div></div></li>')
    nav = link_list(host, [("/pl/wyniki/sprzedaz/mieszkanie/cala-polska", "Sprzedaż"), ("/pl/wyniki/wynajem/mieszkanie/cala-polska", "Wynajem"),
                          ("/pl/inwestycje", "Inwestycje"), ("/pl/firmy/biura-nieruchomosci", "Biura nieruchomości"), ("/wiadomosci", "Wiadomości"),
                          ("/pl/konto/logowanie", "Zaloguj się"), ("/pl/dodaj-ogloszenie", "Dodaj ogłoszenie")], "css-nav")
    dist = link_list(host, [("/pl/wyniki/wynajem/mieszkanie/mazowieckie/warszawa/warszawa/warszawa/%s" % slug(d), "Mieszkania na wynajem " + d)
                            for d in ["Mokotów", "Śródmieście", "Wola", "Ochota", "Praga-Południe", "Bemowo", "Bielany", "Ursynów", "Targówek", "Żoliborz", "Wilanów", "Białołęka"]], "css-seo")
    body = f'''<div id="__next"><header data-cy="page-header">{nav}</header>
<main><div data-cy="search-form" class="css-filters"><button>Cena</button><button>Powierzchnia</button><button>Liczba pokoi</button><a href="{page_url}?by=LATEST&amp;direction=DESC" rel="nofollow">Najnowsze</a></div>
 <h1 data-cy="search-listing.heading">Mieszkania na wynajem: Warszawa - {r.randint(4000, 9000)} ogłoszeń</h1>
 <div data-cy="search.listing.promoted"><h2>Promowane</h2><ul class="css-rqwdxd e127mklk0">{''.join(promoted)}</ul></div>
 <div data-cy="search.listing.organic"><h2>Wszystkie ogłoszenia</h2><ul class="css-rqwdxd e127mklk0">{''.join(organic)}</ul></div>
 <nav data-cy="pagination" aria-label="paginacja">{''.join('<a href="%s?page=%d" aria-label="Strona %d">%d</a>' % (page_url, k, k, k) for k in range(2, 10))}</nav>
 <section class="css-seo-wrap"><h2>Popularne dzielnice</h2>{dist}</section></main>
<footer>{_footer(host, ['O nas', 'Kariera', 'Regulamin', 'Polityka prywatności', 'Ustawienia plików cookie', 'Pomoc', 'Kontakt', 'Mapa strony', 'Reklama', 'Dla biur nieruchomości', 'Dla deweloperów', 'Ceny mieszkań', 'Blog', 'Aplikacja'])}</footer></div>
<script id="__NEXT_DATA__" type="application/json">{esc(json.dumps({'props': {'pageProps': {'data': {'searchAds': {'items': [{'href': u, 'title': t} for u, t, _ in listings]}}}}}, ensure_ascii=False))}</script>'''
    head = tracking_scripts(r, "otodom") + css_blob(r, 400)
    return ("otodom_pl_warszawa_wynajem_2023.html", page("pl", "Mieszkania na wynajem Warszawa | Otodom", head, body),
            truth("otodom_pl_warszawa_wynajem_2023.html", page_url, listings, excluded,
                  "Cards: div[data-cy=search.listing.organic] li > article[data-cy=listing-item]; URL a[data-cy=listing-item-link] "
                  "(/pl/oferta/<slug>-ID4xxxx, ids with few digits); price span.ei6hyam2 ('3 650 zł' with a plain space on most cards). "
                  "The 3 'Promowane' cards are a separate paid list above the organic one (same markup): excluded, as funda's Toppositie. "
                  "Agency links inside cards are not listings."))


def kleinanzeigen():
    r = rng("kleinanzeigen-2023")
    host = "https://www.kleinanzeigen.de"
    page_url = host + "/s-wohnung-mieten/berlin/c203l3331"
    listings, excluded, items = [], [], []
    for i in range(25):
        aid = 2500000000 + r.randint(1, 99999999)
        title = r.choice(["Schöne 2-Zimmer-Wohnung", "Helle 3 Zimmer Altbauwohnung", "1-Zimmer-Apartment möbliert",
                          "Nachmieter gesucht: 2 Zi.", "Tausch: 2 Zimmer gegen 3 Zimmer", "Wohnung mit Balkon"]) + " in " + r.choice(["Mitte", "Neukölln", "Pankow", "Friedrichshain", "Wedding"])
        href = "/s-anzeige/%s/%d-203-%d" % (slug(title), aid, r.choice([3331, 3376, 3416]))
        amount = r.choice([590, 780, 950, 1150, 1290, 1450, 1680])
        price = "%s €%s" % (group3(amount, "."), r.choice(["", " VB"]))
        top = i < 3
        listings.append((host + href, title, price))
        items.append(f'''<li class="ad-listitem lazyload-item {'badge-topad is-topad' if top else ''}">
<article class="aditem" data-adid="{aid}" data-href="{href}">
 <div class="aditem-image"><a href="{href}" class="imagebox srpimagebox"><img src="https://img.kleinanzeigen.de/api/v1/prod-ads/images/{aid % 256:02x}/{aid:x}?rule=$_2.JPG" alt="{esc(title)}"><div class="galleryimage--counter">{r.randint(2, 14)}</div></a></div>
 <div class="aditem-main">
  <div class="aditem-main--top"><div class="aditem-main--top--left"><i class="icon icon-small icon-pin-gray"></i> {r.choice(['10115 Mitte', '12043 Neukölln', '13187 Pankow', '10245 Friedrichshain', '13353 Wedding'])} ({r.randint(1, 15)} km)</div>
   <div class="aditem-main--top--right"><i class="icon icon-small icon-calendar-open"></i> {r.choice(['Heute, 14:32', 'Gestern, 20:11', '12.05.2023'])}</div></div>
  <div class="aditem-main--middle"><h2 class="text-module-begin"><a class="ellipsis" href="{href}">{esc(title)}</a></h2>
   <p class="aditem-main--middle--description">Die Wohnung befindet sich im {r.randint(1, 5)}. OG eines gepflegten Altbaus, Einbauküche, Dielenboden, ruhige Lage zum Hof...</p>
   <div class="aditem-main--middle--price-shipping"><p class="aditem-main--middle--price-shipping--price">{esc(price)}</p></div></div>
  <div class="aditem-main--bottom"><p class="text-module-end"><span class="simpletag">{r.randint(30, 95)} m²</span><span class="simpletag">{r.randint(1, 4)} Zi.</span></p>
   {'<span class="badge-hint-pro-small-srp">PRO</span><a href="/pro/deutsche-wohnen-%d" class="text-link-subdued">Deutsche Wohnen</a>' % aid if r.random() < .25 else ''}</div>
 </div>
 <div class="aditem-addon"><a href="/m-merkliste.html?adId={aid}" class="aditem-watchlist" rel="nofollow" title="Zur Merkliste hinzufügen">Merken</a></div>
</article></li>''')
        if i in (1, 7, 19):
            items.append('<li class="ad-listitem"><div id="srp_adsense-%d" class="liberty-srp-results" data-liberty-position-name="srp_%d"><span class="text-light">Anzeige</span></div></li>' % (i, i))
    nav = link_list(host, [("/s-immobilien/c195", "Immobilien"), ("/s-auto-rad-boot/c210", "Auto, Rad &amp; Boot"), ("/s-elektronik/c161", "Elektronik"),
                          ("/s-haus-garten/c80", "Haus &amp; Garten"), ("/s-jobs/c102", "Jobs"), ("/s-mode-beauty/c153", "Mode"),
                          ("/m-meine-anzeigen.html", "Meine Anzeigen"), ("/m-einloggen.html", "Einloggen"), ("/p-anzeige-aufgeben.html", "Anzeige aufgeben")], "site-nav")
    cats = "".join('<li><a href="/s-wohnung-mieten/berlin/%s/c203l3331">%s</a> <span class="text-light">(%d)</span></li>' % (q, t, r.randint(10, 900)) for q, t in [
        ("preis:500:1000", "500 - 1000 €"), ("anzahl_schlafzimmer:2", "2 Zimmer"), ("wohnung_mieten.balkon_b:true", "Balkon"),
        ("wohnung_mieten.einbaukueche_b:true", "Einbauküche"), ("wohnung_mieten.swap_s:nein", "Kein Tausch"), ("anbieter:privat", "Privat"),
        ("anbieter:gewerblich", "Gewerblich")])
    locs = link_list(host, [("/s-wohnung-mieten/%s/c203l%d" % (slug(c), 3400 + k), "Wohnung mieten " + c) for k, c in enumerate(
        ["Potsdam", "Hamburg", "München", "Köln", "Frankfurt am Main", "Leipzig", "Dresden", "Hannover", "Düsseldorf", "Stuttgart", "Bremen", "Nürnberg"])], "srp-related-searches")
    body = f'''<header id="site-header">{nav}</header>
<div id="site-content" class="l-page-wrapper"><div class="breadcrump"><a class="breadcrump-link" href="/">Kleinanzeigen</a> <a class="breadcrump-link" href="/s-immobilien/berlin/c195l3331">Immobilien Berlin</a> <span class="breadcrump-summary">1 - 25 von {r.randint(900, 3000)} Ergebnissen für „Wohnung mieten“ in Berlin</span></div>
 <aside id="srchrslt-brwse"><section class="browsebox-attribute"><h2>Preis &amp; Filter</h2><ul>{cats}</ul></section></aside>
 <div id="srchrslt-content" class="position-relative"><div class="srchresult-sorting"><select id="sortingField"><option>Neueste</option><option>Niedrigster Preis</option></select></div>
  <div class="l-splitpage-content"><ul id="srchrslt-adtable" class="itemlist ad-list it3">{''.join(items)}</ul></div>
  <div class="pagination"><div class="pagination-pages">{''.join('<a class="pagination-page" href="/s-wohnung-mieten/berlin/seite:%d/c203l3331">%d</a>' % (k, k) for k in range(2, 10))}</div><a class="pagination-next" href="/s-wohnung-mieten/berlin/seite:2/c203l3331" title="Nächste">Nächste</a></div>
  <section class="srp-related"><h2>Ähnliche Suchen</h2>{locs}</section></div></div>
<footer id="site-footer">{_footer(host, ['Über uns', 'Karriere', 'Presse', 'Hilfe', 'Sicherheitshinweise', 'Impressum', 'Datenschutzerklärung', 'Nutzungsbedingungen', 'Cookie-Einstellungen', 'Gewerbliche Anbieter', 'Magazin', 'Kleinanzeigen PRO', 'Barrierefreiheit', 'Jugendschutz'])}</footer>'''
    head = tracking_scripts(r, "kleinanzeigen") + css_blob(r, 200)
    return ("kleinanzeigen_de_berlin_wohnung_2023.html", page("de", "Wohnung mieten in Berlin | kleinanzeigen.de", head, body),
            truth("kleinanzeigen_de_berlin_wohnung_2023.html", page_url, listings, excluded,
                  "Cards: ul#srchrslt-adtable > li.ad-listitem > article.aditem[data-adid][data-href]; title h2 a.ellipsis; price "
                  "p.aditem-main--middle--price-shipping--price ('1.290 € VB'). TOP ads are paid boosts of ordinary ads in the list: kept. "
                  "Liberty/AdSense 'Anzeige' li hold no listing; PRO shop links (/pro/...) and the Merkliste link are not listings."))
