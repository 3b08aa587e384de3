"""wg-gesucht, ImmobilienScout24 and immowelt search pages in the markup of
past and recent years."""

from chrome import *

DE_FOOT = ["Impressum", "Datenschutz", "AGB", "Kontakt", "Hilfe", "Karriere", "Presse", "Cookie-Einstellungen", "Sitemap"]
BEZ = ["Neukölln", "Kreuzberg", "Friedrichshain", "Prenzlauer Berg", "Wedding", "Moabit", "Schöneberg"]


def wggesucht2019():
    r = rng("wg-gesucht-2019")
    host = "https://www.wg-gesucht.de"
    page_url = host + "/wg-zimmer-in-Berlin.8.0.1.0.html"
    listings, excluded, cards = [], [], []
    for i in range(20):
        wid = 7000000 + r.randint(1, 499999)
        bez = r.choice(BEZ)
        title = r.choice(["Schönes Zimmer in netter 3er WG", "Helles WG-Zimmer nahe Ringbahn", "Zwischenmiete: Zimmer im Altbau",
                          "Gemütliches Zimmer mit Balkon", "WG-Zimmer für Studentin"])
        href = "wg-zimmer-in-Berlin-%s.%d.html" % (slug(bez).replace("o", "oe") if "ö" in bez else slug(bez), wid)
        price = "%d €" % r.choice([390, 450, 520, 580, 640, 700])
        listings.append((host + "/" + href, title, price))
        card = f'''<div class="panel panel-default list-details-ad-border offer_list_item" id="liste-details-ad-{wid}" data-id="{wid}" adid="{wid}">
<div class="panel-body"><div class="row"><div class="col-sm-4 card_image"><a href="{href}"><img class="img-responsive" src="https://img.wg-gesucht.de/media/up/2019/{wid % 100:02d}/{wid}_thumb.jpg" alt=""></a></div>
<div class="col-sm-8 card_body"><h3 class="truncate_title headline headline-list-view noprint"><a href="{href}" class="detailansicht">{esc(title)}</a></h3>
<div class="col-xs-11"><span>3er WG | Berlin {esc(bez)} | {esc(r.choice(STREETS['de']))} {r.randint(1, 120)}</span></div>
<div class="middle"><div class="col-xs-3"><b>{price}</b></div><div class="col-xs-5 text-center">ab {r.randint(1, 28):02d}.{r.randint(5, 8):02d}.2019</div><div class="col-xs-3 text-right"><b>{r.randint(10, 24)} m²</b></div></div>
<div class="col-xs-12 flex_space_between"><span class="ellipsis">{r.choice(['Anna', 'Jonas', 'Lea', 'Felix'])}</span><span>Online: {r.randint(1, 59)} Minuten</span>
<a href="/nachricht-senden.html?message_ad_id={wid}" rel="nofollow" class="mail_icon">Nachricht senden</a></div></div></div></div></div>'''
        cards.append(card)
        cards.append(card.replace('class="panel panel-default list-details-ad-border offer_list_item" id="liste-details-ad-%d"' % wid,
                                  'class="panel panel-default list-details-ad-border offer_list_item hidden" id="liste-details-ad-hidden-%d" style="display:none"' % wid))
        if i in (3, 11):
            pid = 9900000 + i
            u = host + "/wg-zimmer-in-Berlin-Mitte.%d.html" % pid
            excluded.append((u, "partner placement (data-campaign_type) in the list"))
            cards.append(f'''<div class="panel panel-default list-details-ad-border offer_list_item" id="liste-details-ad-{pid}" data-id="{pid}">
<div class="panel-body"><span class="label label-partner">Partner</span><h3 class="truncate_title headline"><a href="{u}" data-campaign_type="partner_listing">Möbliertes Apartment, Vollausstattung</a></h3>
<div class="middle"><div class="col-xs-3"><b>1.150 €</b></div></div></div></div>''')
    body = f'''<nav class="navbar navbar-default">{links(host, [('/' + slug(w) + '.html', w) for w in ['WG-Zimmer', '1-Zimmer-Wohnungen', 'Wohnungen', 'Häuser', 'Anzeige aufgeben', 'Mein Konto']], 'nav navbar-nav')}</nav>
<div id="main_column" class="col-md-8"><h1 class="headline headline-default">WG-Zimmer in Berlin</h1><p>{r.randint(900, 1500)} Angebote</p>
<div class="wgg_card offer_list_filter"><form action="/wg-zimmer-in-Berlin.8.0.1.0.html">{links(host, [('/wg-zimmer-in-Berlin.8.0.1.0.html?offer_filter=1&rMax=%d' % m, 'bis %d €' % m) for m in (400, 500, 600)])}</form></div>
<div id="main_content">{''.join(cards)}</div>
<ul class="pagination pagination-sm">{''.join('<li><a class="a-pagination" href="/wg-zimmer-in-Berlin.8.0.1.%d.html">%d</a></li>' % (p, p + 1) for p in range(1, 9))}</ul>
{seo_block(host, 'WG-Zimmer in anderen Städten', [('/wg-zimmer-in-%s.%d.0.1.0.html' % (c, n), 'WG-Zimmer ' + c) for c, n in [('Hamburg', 55), ('Muenchen', 90), ('Koeln', 73), ('Leipzig', 77), ('Dresden', 27)]])}</div>
{footer(host, DE_FOOT)}'''
    return ("wg_gesucht_wg_zimmer_berlin_2019.html", page("de", "WG-Zimmer in Berlin - WG-Gesucht.de", tracking_scripts(r, "wg-gesucht"), body),
            truth("wg_gesucht_wg_zimmer_berlin_2019.html", page_url, listings, excluded,
                  "div.offer_list_item[data-id] without the later wgg_card class; relative hrefs; hidden twins; Partner placements excluded."))


def is24_2019():
    r = rng("is24-2019")
    host = "https://www.immobilienscout24.de"
    page_url = host + "/Suche/S-T/Wohnung-Miete/Berlin/Berlin"
    listings, cards = [], []
    for i in range(20):
        eid = 110000000 + r.randint(1, 9999999)
        bez = r.choice(BEZ)
        title = r.choice(["Altbau-Charme: 2-Zimmer mit Balkon", "Erstbezug nach Sanierung", "Helle 3-Zimmer-Wohnung",
                          "Ruhige Wohnung im Hinterhaus", "Wohnen am Kanal"])
        price = "%s €" % group3(r.choice([650, 790, 890, 1050, 1200, 1450]), ".")
        listings.append((host + "/expose/%d" % eid, title, price))
        top = i < 2
        cards.append(f'''<li class="result-list__listing {'result-list__listing--premium' if top else ''}" data-id="{eid}"><div><article data-obid="{eid}" data-go-to-expose-referrer="RESULT_LIST_LISTING" class="result-list-entry">
<div class="result-list-entry__gallery-container"><a href="/expose/{eid}" data-go-to-expose="true" class="result-list-entry__brand-logo-container"><img class="gallery__image" src="https://pictures.immobilienscout24.de/listings/{eid:x}.jpg/ORIG/resize/210x210%3E/format/webp" alt=""></a>
{'<div class="result-list-entry__premium-label">Top-Platzierung</div>' if top else ''}</div>
<div class="result-list-entry__data"><a href="/expose/{eid}" data-go-to-expose="true" class="result-list-entry__brand-title-container"><h5 class="result-list-entry__brand-title font-h6 onlyLarge font-ellipsis">{'<div class="result-list-entry__new-flag">NEU</div>' if i % 5 == 2 else ''}{esc(title)}</h5></a>
<div class="result-list-entry__address"><button class="result-list-entry__map-link link-text-secondary font-normal font-ellipsis" title="Auf der Karte anzeigen">{esc(r.choice(STREETS['de']))}, {esc(bez)}, Berlin</button></div>
<div class="result-list-entry__criteria"><div class="grid grid-flex"><dl class="grid-item result-list-entry__primary-criterion"><dd class="font-highlight font-tabular">{price}</dd><dt class="font-s onlyLarge">Kaltmiete</dt></dl>
<dl class="grid-item result-list-entry__primary-criterion"><dd class="font-highlight font-tabular">{r.randint(35, 110)} m²</dd><dt>Wohnfläche</dt></dl></div></div>
<div class="result-list-entry__realtor-data"><a href="/anbieter/{r.choice(['deutsche-wohnen', 'vonovia', 'ziegert'])}/{r.randint(1000, 9999)}" class="result-list-entry__realtor-link">Anbieter</a></div>
</div></article></div></li>''')
        if i in (4, 12):
            cards.append('<li class="align-center result-list__listing--ad"><div id="adslot-result-list-%d" class="adcontainer">Anzeige</div></li>' % i)
    body = f'''<header id="is24-header">{links(host, [('/' + slug(w) + '.html', w) for w in ['Mieten', 'Kaufen', 'Bauen', 'Anbieter', 'Umzug', 'Anmelden']], 'topnavigation')}</header>
<div id="resultListContainer" class="grid"><h1 id="resultlist-headline" class="font-xl">Wohnungen zur Miete in Berlin</h1><span data-is24-qa="resultlist-resultCount">{r.randint(2000, 4000)}</span> Treffer
<div class="result-list__sort"><a href="/Suche/S-T/Wohnung-Miete/Berlin/Berlin?sorting=2">Neueste zuerst</a><a href="/Suche/S-T/Wohnung-Miete/Berlin/Berlin?sorting=3">Preis aufsteigend</a></div>
<ul id="resultListItems" class="result-list">{''.join(cards)}</ul>
<div id="pager"><div class="select-input-wrapper"><select aria-label="Seite">{''.join('<option value="/Suche/S-T/P-%d/Wohnung-Miete/Berlin/Berlin">%d</option>' % (p, p) for p in range(1, 9))}</select></div><a data-nav-next-page="true" href="/Suche/S-T/P-2/Wohnung-Miete/Berlin/Berlin">Nächste Seite</a></div>
{seo_block(host, 'Ähnliche Suchen', [('/Suche/S-T/Wohnung-Miete/Berlin/Berlin/%s' % b, 'Wohnung mieten ' + b) for b in ['Neukoelln', 'Kreuzberg-Kreuzberg', 'Friedrichshain-Friedrichshain', 'Wedding-Wedding', 'Moabit-Tiergarten']])}</div>
{footer(host, DE_FOOT)}'''
    return ("immobilienscout24_wohnung_miete_berlin_2019.html", page("de", "Wohnung mieten in Berlin - ImmobilienScout24", tracking_scripts(r, "is24"), body),
            truth("immobilienscout24_wohnung_miete_berlin_2019.html", page_url, listings, [],
                  "ul#resultListItems > li.result-list__listing[data-id]; Top-Platzierung cards are results; ad slots and Anbieter links not."))


def is24_2024():
    r = rng("is24-2024")
    host = "https://www.immobilienscout24.de"
    page_url = host + "/Suche/de/berlin/berlin/wohnung-mieten?enteredFrom=result_list"
    listings, excluded, cards = [], [], []
    for i in range(20):
        eid = 150000000 + r.randint(1, 9999999)
        bez = r.choice(BEZ)
        title = r.choice(["Altbau-Charme: 2-Zimmer mit Balkon", "Erstbezug nach Sanierung", "Helle 3-Zimmer-Wohnung",
                          "Ruhige Wohnung im Hinterhaus", "Neubau am Park"])
        price = "%s €" % group3(r.choice([890, 1050, 1200, 1450, 1690, 1990]), ".")
        listings.append((host + "/expose/%d" % eid, title, price))
        top = i < 3
        cards.append(f'''<div class="listing-card" data-obid="{eid}" data-testid="serp-card-{i}"><div class="card-container">
<div class="gallery-container"><a href="/expose/{eid}#/" tabindex="-1" data-exp-id="{eid}"><img src="https://pictures.immobilienscout24.de/listings/{eid:x}.jpg/ORIG/resize/600x400%3E/format/webp" alt="" loading="lazy"></a>
{'<span class="top-badge" data-testid="premium-label">Top-Platzierung</span>' if top else ''}</div>
<div class="card-data"><div data-testid="hybridViewAddress" class="address-line">{esc(r.choice(STREETS['de']))}, {esc(bez)}, Berlin</div>
<a href="/expose/{eid}" data-exp-id="{eid}" class="title-link"><h2 data-testid="headline" class="title font-h6">{esc(title)}</h2></a>
<div data-testid="attributes" class="attributes"><dl><dt class="sr-only">Kaltmiete</dt><dd>{price}</dd></dl><dl><dt class="sr-only">Wohnfläche</dt><dd>{r.randint(35, 110)} m²</dd></dl><dl><dt class="sr-only">Zimmer</dt><dd>{r.randint(1, 4)} Zi.</dd></dl></div>
<div class="realtor"><a href="/anbieter/{r.choice(['deutsche-wohnen', 'vonovia', 'ziegert'])}/{r.randint(1000, 9999)}" class="realtor-link">{r.choice(['Deutsche Wohnen', 'Vonovia', 'Ziegert'])}</a></div>
<button type="button" aria-label="Merken" class="shortlist-star">Merken</button></div></div></div>''')
        if i in (4, 12):
            cards.append('<div class="ad-container" data-testid="serp-ad-slot"><div id="is24-de-web-resultlist-%d">Anzeige</div></div>' % i)
    proj = []
    for j in range(2):
        pid = 140000000 + r.randint(1, 999999)
        excluded.append((host + "/neubau/projekt-%d" % pid, "Neubau project teaser strip"))
        proj.append('<a class="project-teaser" href="/neubau/projekt-%d"><h3>Neubauprojekt %s</h3><p>ab 1.690 €</p></a>' % (pid, esc(r.choice(BEZ))))
    body = f'''<header id="is24-header">{links(host, [('/' + slug(w) + '.html', w) for w in ['Mieten', 'Kaufen', 'Bauen', 'Anbieter', 'Umzug', 'Anmelden']], 'topnavigation')}</header>
<main id="is24-main"><h1 data-testid="resultlist-headline">{r.randint(2000, 4000)} Wohnungen zur Miete in Berlin</h1>
<div class="project-strip">{''.join(proj)}</div>
<div class="listings-container" data-testid="serp-core-scrollcontainer">{''.join(cards)}</div>
<nav data-testid="pagination" aria-label="Seitennavigation"><ul>{''.join('<li><a href="/Suche/de/berlin/berlin/wohnung-mieten?pagenumber=%d">%d</a></li>' % (p, p) for p in range(2, 9))}</ul></nav>
{seo_block(host, 'Ähnliche Suchen', [('/Suche/de/berlin/berlin/%s/wohnung-mieten' % b, 'Wohnung mieten ' + b) for b in ['neukoelln', 'kreuzberg', 'friedrichshain', 'wedding', 'moabit']])}</main>
{footer(host, DE_FOOT)}'''
    return ("immobilienscout24_wohnung_mieten_berlin_2024.html", page("de", "Wohnung mieten in Berlin - ImmoScout24", tracking_scripts(r, "is24") + css_blob(r, 80), body),
            truth("immobilienscout24_wohnung_mieten_berlin_2024.html", page_url, listings, excluded,
                  "div.listing-card[data-obid] (2024 hybrid view); Top-Platzierung cards are results; Neubau project strip, ads, Anbieter links excluded."))


def immowelt2024():
    r = rng("immowelt-2024")
    host = "https://www.immowelt.de"
    page_url = host + "/classified-search?distributionTypes=Rent&estateTypes=Apartment&locations=AD08DE8634"
    listings, excluded, cards = [], [], []
    for i in range(30):
        eid = "%08x-%04x-%04x-%04x-%012x" % (r.getrandbits(32), r.getrandbits(16), r.getrandbits(16), r.getrandbits(16), r.getrandbits(48))
        bez = r.choice(BEZ)
        title = r.choice(["Wohnung zur Miete", "Schöne 2-Zimmer-Wohnung", "Modernisierte Altbauwohnung", "Neubau-Erstbezug"])
        price = "%s €" % group3(r.choice([890, 1050, 1200, 1450, 1690]), ".")
        url = host + "/expose/" + eid
        listings.append((url, title, price))
        cards.append(f'''<div data-testid="serp-core-classified-card-testid" class="css-79elbk"><div class="css-1x3ftfb">
<a href="{url}" data-testid="card-mfe-covering-link-testid" title="{esc(title)} - {esc(bez)}" class="css-xt08q3" target="_self"></a>
<div data-testid="card-mfe-picture-box-test-id" class="css-1ntu4ej"><img src="https://mms.immowelt.de/{eid[:2]}/{eid[2:4]}/{eid}.jpg?ci_seal=1&amp;w=400" alt=""></div>
<div class="css-1tn0kvy">{'<span class="css-f1t1f0" data-testid="cardmfe-tag-testid-TOP_AD">Top-Angebot</span>' if i < 2 else ''}
<div data-testid="cardmfe-price-testid" class="css-1e6hrmv">{price}<span class="css-tbsb59">Kaltmiete</span></div>
<div data-testid="cardmfe-keyfacts-testid" class="css-9u48bm"><div>{r.randint(1, 4)} Zimmer</div><div>·</div><div>{r.randint(35, 110)} m²</div></div>
<div data-testid="cardmfe-description-box-text-test-id" class="css-1n9kduj">{esc(title)}</div>
<div data-testid="cardmfe-description-box-address" class="css-ee7g92">{esc(bez)}, Berlin</div></div>
<div data-testid="card-mfe-agency-box" class="css-ks8rdq"><a href="{host}/immobilienmakler/{r.randint(100000, 999999)}" class="css-q3m2b7">{r.choice(['Ziegert', 'Vonovia', 'Engel & Völkers'])}</a></div>
</div></div>''')
        if i in (5, 17):
            cards.append('<div data-testid="serp-core-ad-slot" class="css-1a2b3c"><div id="immowelt-serp-ad-%d">Anzeige</div></div>' % i)
    rec = []
    for j in range(4):
        eid = "%08x-aaaa-4bbb-8ccc-%012x" % (r.getrandbits(32), r.getrandbits(48))
        u = host + "/expose/" + eid
        excluded.append((u, "'Das könnte Sie auch interessieren' recommendations"))
        rec.append('<li><a href="%s"><span>%s €</span> Wohnung in Potsdam</a></li>' % (u, group3(r.choice([990, 1190]), ".")))
    body = f'''<header class="css-header">{links(host, [('/' + slug(w), w) for w in ['Mieten', 'Kaufen', 'Immobilie bewerten', 'Makler finden', 'Anmelden']], 'nav')}</header>
<main><h1 class="css-h1">{r.randint(1500, 3000)} Mietwohnungen in Berlin</h1>
<div data-testid="serp-core-layout-listing-testid" class="css-list">{''.join(cards)}</div>
<nav data-testid="serp-core-pagination"><ul>{''.join('<li><a href="%s/classified-search?distributionTypes=Rent&amp;estateTypes=Apartment&amp;locations=AD08DE8634&amp;page=%d">%d</a></li>' % (host, p, p) for p in range(2, 9))}</ul></nav>
<section class="css-reco"><h2>Das könnte Sie auch interessieren</h2><ul>{''.join(rec)}</ul></section>
{seo_block(host, 'Beliebte Suchen', [('/suche/%s/wohnungen/mieten' % c, 'Wohnungen mieten ' + c.title()) for c in ['potsdam', 'hamburg', 'leipzig', 'muenchen', 'koeln']])}</main>
{footer(host, DE_FOOT)}'''
    return ("immowelt_classified_search_berlin_2024.html", page("de", "Wohnung mieten in Berlin | immowelt", tracking_scripts(r, "immowelt") + css_blob(r, 120), body),
            truth("immowelt_classified_search_berlin_2024.html", page_url, listings, excluded,
                  "AVIV classified cards (serp-core-classified-card-testid) with an empty covering link; UUID expose ids; recommendations excluded."))
