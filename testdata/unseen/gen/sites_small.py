"""Willhaben, Homegate, a WordPress Houzez agency site and a 2010 table-based agency site."""

import json
from common import *
from sites_eu import _footer


def willhaben():
    r = rng("willhaben-2023")
    host = "https://www.willhaben.at"
    page_url = host + "/iad/immobilien/mietwohnungen/mietwohnung-angebote?areaId=900&areaId=117223"
    listings, excluded, cards = [], [], []
    for i in range(22):
        wid = 600000000 + r.randint(1, 99999999)
        title = r.choice(["Helle 2-Zimmer Altbauwohnung", "Moderne Neubauwohnung mit Balkon", "Ruhige Wohnung nahe U6",
                          "Erstbezug nach Sanierung", "Gemütliche Garconniere", "3-Zimmer-Wohnung mit Terrasse"])
        bezirk = r.choice(["wien-1070-neubau", "wien-1080-josefstadt", "wien-1160-ottakring", "wien-1050-margareten"])
        href = "/iad/immobilien/d/mietwohnungen/wien/%s/%s-%d/" % (bezirk, slug(title), wid)
        price = "€ %s" % group3(r.choice([690, 850, 990, 1150, 1340, 1590, 1890]), ".")
        project = i == 9
        if project:
            href = "/iad/immobilien/d/neubauprojekt/wien/wien-1210-floridsdorf/wohnprojekt-am-spitz-%d/" % wid
            title = "Wohnprojekt Am Spitz"
            price = "ab € 880"
        listings.append((host + href, title, price))
        cards.append(f'''<div class="Box-sc-wfmb7k-0 ResultListAdRowLayout___StyledBox-sc-1rmys2w-0" id="search-result-entry-header-{wid}">
<a data-testid="search-result-entry-header-{wid}" href="{href}" class="sc-deef6ef8-0 sc-2eba7a82-0 StyledAnchor">
 <div class="Box-sc-wfmb7k-0 ImageBox"><img src="https://cache.willhaben.at/mmo/{wid % 10}/{wid}_{r.randint(100000, 999999)}_hoved.jpg" alt="{esc(title)}"><span class="Badge">{'Neubauprojekt' if project else ('TOP' if i < 2 else '')}</span></div>
 <div class="Box-sc-wfmb7k-0 ContentBox"><h3 class="Text-sc-10o2fdq-0 kyLHUk">{esc(title)}</h3>
  <div class="Box-sc-wfmb7k-0 TeaserAttributes"><span data-testid="search-result-entry-teaser-attributes-0">{r.randint(28, 110)} m²</span><span>{r.randint(1, 4)} Zimmer</span>{'<span>Balkon</span>' if r.random() < .5 else ''}</div>
  <div class="Box-sc-wfmb7k-0 PriceBox"><span data-testid="search-result-entry-price-{wid}" class="Text-sc-10o2fdq-0 bzFKCK">{esc(price)}</span></div>
  <span aria-label="Adresse" class="Text-sc-10o2fdq-0 address">{esc(bezirk.replace('-', ' ').title())}, {esc(r.choice(STREETS['at']))}</span>
 </div></a>
<div class="Box-sc-wfmb7k-0 CompanyBox"><img src="https://cache.willhaben.at/mmo/logo/{r.randint(1000, 9999)}.png" alt="Firma"><span>{esc(r.choice(['EHL Immobilien', 'Otto Immobilien', 'Privat', 'ÖRAG Immobilien']))}</span></div>
<button aria-label="Anzeige merken" data-testid="ad-save-button" class="SaveAdButton">Merken</button></div>''')
        if i in (4, 14):
            cards.append('<div class="Box-sc-wfmb7k-0 apn-ad" id="apn-large-leaderboard-%d" data-testid="ad-placement"><span>Anzeige</span><iframe src="https://ib.adnxs.com/tt?id=%d"></iframe></div>' % (i, i))
    nav = link_list(host, [("/iad/kaufen-und-verkaufen", "Marktplatz"), ("/iad/immobilien", "Immobilien"), ("/iad/gebrauchtwagen", "Auto &amp; Motor"),
                          ("/jobs", "Jobs"), ("/iad/myprofile/myadverts", "Meine Anzeigen"), ("/iad/myprofile/login", "Einloggen"),
                          ("/iad/anzeigenaufgabe", "Neue Anzeige")], "NavigationLinks")
    bezirke = link_list(host, [("/iad/immobilien/mietwohnungen/wien/wien-%d-%s" % (1000 + k * 10, slug(b)), "Mietwohnungen " + b) for k, b in enumerate(
        ["Innere Stadt", "Leopoldstadt", "Landstraße", "Wieden", "Margareten", "Mariahilf", "Neubau", "Josefstadt", "Alsergrund", "Favoriten", "Simmering", "Meidling"], 1)], "SeoLinks")
    body = f'''<div id="__next"><header>{nav}</header>
<main><nav aria-label="breadcrumbs"><a href="/iad">willhaben</a> › <a href="/iad/immobilien">Immobilien</a> › Mietwohnungen Wien</nav>
 <div class="FilterBox"><a href="{esc(page_url)}&amp;PRICE_TO=1000" rel="nofollow">bis € 1.000</a><a href="{esc(page_url)}&amp;NO_OF_ROOMS_BUCKET=2X2" rel="nofollow">2 Zimmer</a><a href="{esc(page_url)}&amp;sort=1" rel="nofollow">Neueste zuerst</a></div>
 <h1>{r.randint(3000, 6000)} Mietwohnungen in Wien</h1>
 <div id="skip-to-resultlist" class="Box-sc-wfmb7k-0 ResultListWrapper">{''.join(cards)}</div>
 <nav data-testid="pagination">{''.join('<a href="%s&amp;page=%d">%d</a>' % (esc(page_url), k, k) for k in range(2, 10))}</nav>
 <section><h2>Mietwohnungen in den Wiener Bezirken</h2>{bezirke}</section></main>
<footer>{_footer(host, ['Über willhaben', 'Jobs bei willhaben', 'Presse', 'Hilfe', 'Sicherheit', 'AGB', 'Datenschutz', 'Impressum', 'Cookies', 'Werbung', 'Für Unternehmen', 'Immobilien-Ratgeber', 'Mietpreise'])}</footer></div>
<script id="__NEXT_DATA__" type="application/json">{esc(json.dumps({'props': {'pageProps': {'searchResult': {'advertSummaryList': {'advertSummary': [{'id': k, 'url': u} for k, (u, _, _) in enumerate(listings)]}}}}}))}</script>'''
    head = tracking_scripts(r, "willhaben") + css_blob(r, 400)
    return ("willhaben_at_wien_mietwohnung_2023.html", page("de", "Mietwohnungen in Wien | willhaben", head, body),
            truth("willhaben_at_wien_mietwohnung_2023.html", page_url, listings, excluded,
                  "Cards: div#skip-to-resultlist > div[id^=search-result-entry-header-] > a[data-testid^=search-result-entry-header-]; "
                  "title h3; price span[data-testid^=search-result-entry-price-] ('€ 1.150'). One Neubauprojekt card ('ab € 880') in the "
                  "result list: kept. apn ad placements hold no listing link."))


def homegate():
    r = rng("homegate-2023")
    host = "https://www.homegate.ch"
    page_url = host + "/mieten/immobilien/ort-zuerich/trefferliste"
    listings, cards = [], []
    for i in range(20):
        hid = 3002000000 + r.randint(1, 999999)
        street = "%s %d" % (r.choice(STREETS["ch"]), r.randint(1, 200))
        zipc = r.choice(["8004", "8005", "8008", "8037", "8048", "8055"])
        title = r.choice(["Moderne 2.5-Zimmerwohnung", "Helle Wohnung an zentraler Lage", "3.5 Zimmer mit Balkon",
                          "Charmante Altbauwohnung", "Erstvermietung: Neubauwohnung"])
        amount = r.choice([1850, 2150, 2350, 2690, 3120, 3480])
        price = "CHF %s.–" % group3(amount, "'")
        href = "/mieten/%d" % hid
        listings.append((host + href, title, price))
        cards.append(f'''<div role="listitem" data-test="result-list-item" class="ResultList_listItem_j5Td_">
<a href="{href}" class="HgCardElevated_link_EHfr7" data-test="result-list-item-link" tabindex="0">
 <div class="HgCardElevated_elevatedCard_lPyG7 HgListingCard_card_xzN3g{' HgListingCard_premium_3Gbj6' if i < 3 else ''}">
  <div class="HgListingCard_image_b2YIw"><div class="HgListingCarousel_carousel_nmi1w"><img src="https://media2.homegate.ch/listings/heia/{hid}/image/{r.getrandbits(64):x}.jpg" alt="{esc(title)}"></div>{'<span class="HgListingCard_badge">Premium</span>' if i < 3 else ''}</div>
  <div class="HgListingCard_info_RKrwz"><div class="HgListingRoomsLivingSpacePrice_roomsLivingSpacePrice_M6Ktp">
   <span class="HgListingRoomsLivingSpacePrice_price_u9Vee"><span>{esc(price)}</span></span>
   <span><strong>{r.choice(['2.5', '3.5', '4.5', '1.5'])}</strong> Zimmer</span><span><strong>{r.randint(35, 120)}m²</strong> Wohnfläche</span></div>
   <div class="HgListingCard_address_JGiFv"><address translate="no">{esc(street)}, {zipc} Zürich</address></div>
   <p class="HgListingDescription_title_NAAxy"><span>{esc(title)}</span></p>
   <p class="HgListingDescription_large_uKs3J">Per sofort oder nach Vereinbarung vermieten wir an ruhiger und doch zentraler Lage diese helle Wohnung mit Parkett...</p>
  </div></div></a>
<div class="HgListingCard_bottom"><img class="HgListingCard_logo" src="https://media2.homegate.ch/logos/agency{r.randint(100, 999)}.png" alt="Anbieter"><button data-test="bookmark-button" class="HgBookmark">Merken</button></div></div>''')
        if i == 6:
            cards.append('<div role="listitem" class="ResultList_ad_Lu0cE"><div id="gpt-ad-list-1" class="ad-slot" data-ad="list_1"></div><span>Anzeige</span></div>')
    nav = link_list(host, [("/mieten", "Mieten"), ("/kaufen", "Kaufen"), ("/neubau", "Neubau"), ("/immobilienbewertung", "Bewerten"),
                          ("/hypotheken", "Finanzieren"), ("/ratgeber", "Ratgeber"), ("/inserieren", "Inserieren"), ("/login", "Anmelden")], "HgHeader_nav")
    seo = link_list(host, [("/mieten/immobilien/ort-%s/trefferliste" % slug(c), "Wohnung mieten " + c) for c in
                           ["Winterthur", "Uster", "Dübendorf", "Dietikon", "Wädenswil", "Kloten", "Opfikon", "Thalwil", "Horgen", "Adliswil", "Schlieren", "Wallisellen"]], "SeoLinks_list")
    body = f'''<div id="app"><header class="HgHeader">{nav}</header>
<main><div class="SearchFilters"><button>Preis</button><button>Zimmer</button><button>Fläche</button><a href="/mieten/immobilien/ort-zuerich/karte" rel="nofollow">Karte</a>
 <a href="/mieten/immobilien/ort-zuerich/trefferliste?o=dateCreated-desc" rel="nofollow">Neueste zuerst</a></div>
 <h1 class="ResultListHeader_title">{r.randint(800, 1600)} Immobilien zur Miete in Zürich</h1>
 <div role="list" data-test="result-list" class="ResultList_resultList_k0n8Y">{''.join(cards)}</div>
 <nav class="HgPaginationSelector" aria-label="Seiten">{''.join('<a href="/mieten/immobilien/ort-zuerich/trefferliste?ep=%d">%d</a>' % (k, k) for k in range(2, 10))}</nav>
 <section class="SeoLinks"><h2>Beliebte Suchen</h2>{seo}</section></main>
<footer>{_footer(host, ['Über uns', 'Jobs', 'Medien', 'Kontakt', 'Hilfe', 'AGB', 'Datenschutz', 'Impressum', 'Cookie-Einstellungen', 'Werbung', 'Für Makler', 'Mietpreisrechner', 'Umzug', 'App'])}</footer></div>
<script>window.__INITIAL_STATE__={esc(json.dumps({'resultList': {'search': {'fullSearch': {'result': {'listings': [{'listing': {'id': u.rsplit('/', 1)[1]}} for u, _, _ in listings]}}}}}))}</script>'''
    head = tracking_scripts(r, "homegate") + css_blob(r, 300)
    return ("homegate_ch_zuerich_mieten_2023.html", page("de", "Immobilien mieten in Zürich | Homegate", head, body),
            truth("homegate_ch_zuerich_mieten_2023.html", page_url, listings, [],
                  "Cards: div[data-test=result-list] > div[role=listitem] > a[data-test=result-list-item-link] (whole card one <a>); title "
                  "p.HgListingDescription_title; price 'CHF 2'350.–'. Premium cards are in the list: kept."))


def houzez():
    r = rng("houzez-2021")
    host = "https://www.lisbonhomes-imobiliaria.pt"
    page_url = host + "/search-results/?status%5B%5D=for-rent&location%5B%5D=lisboa"
    listings, excluded, cards = [], [], []
    agents = ["ana-ferreira", "joao-silva", "marta-costa"]
    for i in range(12):
        street = r.choice(STREETS["pt"])
        title = "%s T%d %s" % (r.choice(["Apartamento", "Moradia", "Estúdio", "Apartamento renovado"]), r.randint(0, 3), street)
        href = "%s/property/%s/" % (host, slug(title) + ("-%d" % i if i % 4 == 0 else ""))
        price = "€%s/mês" % group3(r.choice([950, 1200, 1450, 1800, 2300]), ",")
        listings.append((href, title, price))
        ag = agents[i % 3]
        cards.append(f'''<div class="item-listing-wrap hz-item-gallery-js card" data-hz-id="hz-{1500 + i}" data-images='[{{"image":"{host}/wp-content/uploads/2021/0{i % 9 + 1}/img{i}.jpg"}}]'>
<div class="item-wrap item-wrap-v1 h-100"><div class="d-flex align-items-center h-100"><div class="item-header">
 <div class="labels-wrap labels-right"><a href="{host}/status/for-rent/" class="label-status label status-color-29">For Rent</a>{'<span class="label-featured label">Featured</span>' if i < 2 else ''}</div>
 <ul class="item-price-wrap hide-on-list"><li class="item-price">{esc(price)}</li></ul>
 <ul class="item-tools"><li class="item-tool item-preview"><span class="hz-show-lightbox-js" data-listid="{1500 + i}">Preview</span></li><li class="item-tool item-favorite"><span class="add-favorite-js" data-listid="{1500 + i}">Favourite</span></li><li class="item-tool item-compare"><span class="houzez_compare compare-{1500 + i}" data-listing_id="{1500 + i}">Compare</span></li></ul>
 <div class="listing-image-wrap"><div class="listing-thumb"><a href="{href}" class="listing-featured-thumb hover-effect"><img width="592" height="444" src="{host}/wp-content/uploads/2021/0{i % 9 + 1}/img{i}-592x444.jpg" class="img-fluid wp-post-image" alt=""></a></div></div>
 <div class="preview_loader"></div></div>
 <div class="item-body flex-grow-1"><div class="labels-wrap labels-right"><a href="{host}/property-type/apartment/" class="hz-label label">Apartment</a></div>
  <h2 class="item-title"><a href="{href}">{esc(title)}</a></h2>
  <ul class="item-price-wrap hide-on-grid"><li class="item-price">{esc(price)}</li></ul>
  <address class="item-address">{esc(street)}, Lisboa, Portugal</address>
  <ul class="item-amenities item-amenities-with-icons"><li class="h-beds"><i class="houzez-icon icon-hotel-double-bed-1"></i><span class="item-amenities-text">Beds:</span> <span class="hz-figure">{r.randint(1, 4)}</span></li><li class="h-baths"><span class="hz-figure">{r.randint(1, 2)}</span></li><li class="h-area"><span class="hz-figure">{r.randint(40, 150)}</span> m²</li><li class="h-type"><span>Apartment</span></li></ul>
  <a class="btn btn-primary btn-item " target="_self" href="{href}">Details</a>
  <div class="item-author"><i class="houzez-icon icon-single-neutral mr-1"></i><a href="{host}/agent/{ag}/">{esc(ag.replace('-', ' ').title())}</a></div>
  <div class="item-date"><i class="houzez-icon icon-attachment mr-1"></i>{r.randint(1, 11)} months ago</div>
 </div></div></div></div>''')
    for ag in agents:
        excluded.append((host + "/agent/%s/" % ag, "agent page linked from cards"))
    excluded.append((host + "/property-type/apartment/", "taxonomy page linked from every card's type label"))
    nav = link_list(host, [("/", "Home"), ("/about-us/", "About Us"), ("/properties/", "Properties"), ("/for-rent/", "For Rent"),
                          ("/for-sale/", "For Sale"), ("/agents/", "Our Agents"), ("/blog/", "Blog"), ("/contact/", "Contact"),
                          ("/sell-your-property/", "Sell Your Property")], "navbar-nav main-nav", "nav-item")
    widget = "".join('<div class="widget-featured-property"><a href="%s/property/featured-villa-%d/"><img src="%s/wp-content/uploads/2020/12/f%d.jpg"></a><h3><a href="%s/property/featured-villa-%d/">Featured villa %d</a></h3><span class="item-price">€%s</span></div>'
                     % (host, k, host, k, host, k, k, group3(650000 + k * 100000, ","), ) for k in range(1, 4))
    for k in range(1, 4):
        excluded.append((host + "/property/featured-villa-%d/" % k, "sidebar 'Featured Properties' widget (sale villas, not this search)"))
    cities = link_list(host, [("/property-city/%s/" % c, c.title()) for c in ["lisboa", "cascais", "sintra", "oeiras", "almada", "setubal", "estoril", "ericeira"]], "widget-list")
    body = f'''<header class="header-main-wrap"><div class="header-desktop"><a href="{host}/" class="logo"><img src="{host}/wp-content/uploads/logo.png" alt="Lisbon Homes"></a><nav class="main-nav">{nav}</nav></div></header>
<section class="advanced-search-nav"><form class="houzez-search-form-js" method="get" action="{host}/search-results/"><select name="status[]"><option value="for-rent" selected>For Rent</option></select><select name="location[]"><option value="lisboa" selected>Lisboa</option></select><button type="submit">Search</button></form></section>
<section class="listing-wrap listing-v1"><div class="container"><div class="page-title-wrap"><div class="breadcrumb-wrap"><nav><ol class="breadcrumb"><li class="breadcrumb-item"><a href="{host}/">Home</a></li><li class="breadcrumb-item active">Search Results</li></ol></nav></div><h1>Search Results</h1></div>
<div class="row"><div class="col-lg-8 col-md-12 bt-content-wrap"><div class="listing-tools-wrap"><div class="d-flex"><div class="listing-tabs">{len(listings)} Properties</div><div class="sort-by"><select class="selectpicker" id="sort_properties"><option value="a_price">Price - Low to High</option></select></div></div></div>
 <div class="listing-view grid-view card-deck">{''.join(cards)}</div>
 <div class="pagination-wrap"><nav><ul class="pagination justify-content-center"><li class="page-item active"><a class="page-link" href="{esc(page_url)}">1</a></li></ul></nav></div></div>
 <div class="col-lg-4 col-md-12 bt-sidebar-wrap"><aside id="sidebar" class="sidebar-wrap"><div class="widget widget-featured-properties"><h3 class="widget-title">Featured Properties</h3>{widget}</div>
  <div class="widget widget_houzez_property_city"><h3 class="widget-title">Cities</h3>{cities}</div></aside></div></div></div></section>
<footer class="footer-wrap"><div class="footer-top-wrap">{link_list(host, [("/%s/" % slug(t), t) for t in ['Privacy Policy', 'Terms of Use', 'Cookie Policy', 'FAQ', 'Careers', 'Blog', 'Contact']], 'footer-nav')}</div><p>© 2021 Lisbon Homes Imobiliária</p></footer>
<script type='text/javascript' id='houzez-custom-js-extra'>var houzez_vars = {{"admin_url":"{host}\\/wp-admin\\/","houzez_rtl":"no","currency_symbol":"€"}};</script>'''
    head = tracking_scripts(r, "houzez") + "<link rel='stylesheet' href='%s/wp-content/themes/houzez/css/main.css?ver=2.3.0'>" % host + css_blob(r, 120)
    return ("houzez_wp_agency_lisboa_2021.html", page("pt-PT", "Search Results - Lisbon Homes", head, body),
            truth("houzez_wp_agency_lisboa_2021.html", page_url, listings, excluded,
                  "WordPress Houzez theme. Cards: div.listing-view > div.item-listing-wrap; URL h2.item-title a (slug only, no id); price "
                  "li.item-price (twice per card, grid and list variants). Agent links, the property-type label and the sidebar "
                  "Featured Properties widget are not results."))


def table2010():
    r = rng("table-2010")
    host = "http://www.immobilien-mueller-kassel.de"
    page_url = host + "/angebote.php?art=miete&seite=1"
    listings, rows = [], []
    for i in range(9):
        oid = 300 + r.randint(1, 600)
        title = r.choice(["2-Zimmer-Wohnung Vorderer Westen", "3 ZKB mit Balkon", "Single-Appartement Nähe Uni",
                          "Dachgeschosswohnung Wehlheiden", "4-Zimmer Altbau Südstadt"])
        href = "objekt_details.php?id=%d&amp;art=miete" % oid
        price = "%s,- &euro;" % group3(r.choice([380, 450, 520, 640, 780, 1050]), ".")
        listings.append((host + "/objekt_details.php?art=miete&id=%d" % oid, title, price.replace("&euro;", "€")))
        bg = "#EEEEEE" if i % 2 else "#FFFFFF"
        rows.append(f'''<tr bgcolor="{bg}">
<td width="130" valign="top"><a href="{href}"><img src="bilder/objekte/{oid}_1_klein.jpg" width="120" height="90" border="0" alt=""></a></td>
<td valign="top"><a href="{href}" class="objtitel"><b>{esc(title)}</b></a><br>
<font size="1">Objekt-Nr. {oid} &middot; {r.randint(35, 110)} m&sup2; &middot; {r.randint(1, 4)} Zimmer &middot; Kassel-{r.choice(['West', 'Mitte', 'Wehlheiden', 'Süd'])}</font><br>
<font size="1">Frei ab {r.choice(['sofort', '01.03.', '01.04.'])}, Kaution 3 KM</font></td>
<td width="110" align="right" valign="top"><font color="#990000"><b>{price}</b></font><br><font size="1">zzgl. NK</font></td>
<td width="70" align="center" valign="top"><a href="{href}"><img src="img/lupe.gif" border="0" alt="Details"></a><br><a href="merkzettel.php?add={oid}"><font size="1">merken</font></a></td></tr>''')
    menu = "".join('<tr><td class="menu"><a href="%s">%s</a></td></tr>' % (h, t) for h, t in [
        ("index.php", "Startseite"), ("angebote.php?art=miete", "Mietangebote"), ("angebote.php?art=kauf", "Kaufangebote"),
        ("gewerbe.php", "Gewerbe"), ("verkaufen.php", "Immobilie verkaufen"), ("bewertung.php", "Wertermittlung"),
        ("team.php", "Unser Team"), ("kontakt.php", "Kontakt"), ("anfahrt.php", "Anfahrt"), ("impressum.php", "Impressum")])
    body = f'''<table width="900" border="0" cellspacing="0" cellpadding="0" align="center">
<tr><td colspan="2"><img src="img/header.jpg" width="900" height="120" alt="Immobilien Müller Kassel"></td></tr>
<tr><td width="180" valign="top" bgcolor="#336699"><table width="100%" cellpadding="4">{menu}</table>
 <p><font color="#FFFFFF" size="1">Immobilien Müller<br>Friedrich-Ebert-Str. 12<br>34117 Kassel<br>Tel. 0561 / 12 34 56</font></p></td>
<td width="720" valign="top"><h1><font face="Verdana">Mietangebote</font></h1>
<p><font face="Verdana" size="2">Aktuell haben wir {len(listings)} Mietobjekte im Angebot. Seite 1 von 2.</font></p>
<table width="100%" border="0" cellspacing="1" cellpadding="4">
<tr bgcolor="#336699"><td><font color="#FFFFFF"><b>Foto</b></font></td><td><font color="#FFFFFF"><b>Objekt</b></font></td><td align="right"><font color="#FFFFFF"><b>Kaltmiete</b></font></td><td></td></tr>
{''.join(rows)}
</table>
<p align="center"><font size="2">Seite: <b>1</b> <a href="angebote.php?art=miete&amp;seite=2">2</a> <a href="angebote.php?art=miete&amp;seite=2">weiter &raquo;</a></font></p>
</td></tr>
<tr><td colspan="2" align="center"><font size="1"><a href="impressum.php">Impressum</a> | <a href="datenschutz.php">Datenschutz</a> | <a href="agb.php">AGB</a> | <a href="sitemap.php">Sitemap</a> &copy; 2010 Immobilien Müller</font></td></tr>
</table>
<script type="text/javascript">var gaJsHost = (("https:" == document.location.protocol) ? "https://ssl." : "http://www.");document.write(unescape("%3Cscript src='" + gaJsHost + "google-analytics.com/ga.js' type='text/javascript'%3E%3C/script%3E"));</script>
<script type="text/javascript">try {{var pageTracker = _gat._getTracker("UA-1234567-1");pageTracker._trackPageview();}} catch(err) {{}}</script>'''
    html_ = ('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
             '<title>Mietangebote - Immobilien Müller Kassel</title><style>td.menu a{color:#fff;font-family:Verdana;font-size:11px}</style></head>'
             '<body bgcolor="#FFFFFF" topmargin="0">' + body + '</body></html>\n')
    return ("table_agency_kassel_2010.html", html_,
            truth("table_agency_kassel_2010.html", page_url, listings, [],
                  "2010-style agency site: one <table> row per offer; relative links objekt_details.php?id=N&art=miete (id has 3 digits); "
                  "price '520,- €'. Left menu in a table, no nav/header/footer elements. Small page by nature (old sites are small)."))
