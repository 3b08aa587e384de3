"""Round-2 unseen pages, part A: tables with agent cells, URL variants of one
listing, ids only in the query, slug-only URLs, onclick-only cards, two
result blocks, recommendation strips."""

from common import *


def _chrome(host, items, cls="nav"):
    return link_list(host, items, cls)


def _foot(host, words):
    return link_list(host, [("/%s" % slug(w), w) for w in words], "foot-links")


def table_agent_cells():
    r = rng("u2-table-agent")
    host = "https://www.lettingsboard.co.uk"
    page_url = host + "/Search/Results.aspx?area=islington&type=rent"
    agents = [(4471, "Foxtons Islington"), (5120, "Hamptons Highbury"), (3318, "Stirling Ackroyd"), (6002, "Hunters N7"), (4788, "Local Lets")]
    listings, excluded, rows = [], [], []
    for i in range(18):
        pid = 880000 + r.randint(1, 9999)
        beds = r.randint(1, 4)
        street = r.choice(STREETS["en"])
        title = "%d bed %s, %s, N%d" % (beds, r.choice(["flat", "maisonette", "house", "studio flat"]), street, r.randint(1, 19))
        price = "£%s pcm" % group3(r.choice([1350, 1450, 1695, 1850, 2100, 2450, 2900]), ",")
        aid, aname = agents[i % len(agents)]
        href = "/Property/Details.aspx?PropertyID=%d" % pid
        listings.append((host + href, title, price))
        cls = "gvRow" if i % 2 == 0 else "gvAltRow"
        rows.append(f'''<tr class="{cls}">
<td class="c-photo"><img src="/Photos/{pid}_1_t.jpg" width="100" height="75" alt="Photo"></td>
<td class="c-prop"><a id="ctl00_Main_gvResults_ctl{i + 2:02d}_lnkTitle" href="{href}">{esc(title)}</a><br><span class="small">Available {r.choice(['now', '1 March', '15 March', '1 April'])} &middot; {r.choice(['Furnished', 'Unfurnished', 'Part furnished'])}</span></td>
<td class="c-rent" align="right"><b>{esc(price)}</b></td>
<td class="c-agent"><a href="/Agents/Agent.aspx?AgentID={aid}">{esc(aname)}</a><br><span class="small">020 7{r.randint(100, 999)} {r.randint(1000, 9999)}</span></td></tr>''')
    for aid, aname in agents:
        excluded.append((host + "/Agents/Agent.aspx?AgentID=%d" % aid, "agent link in the 4th cell of every row"))
    nav = "".join('<td class="menu"><a href="%s%s">%s</a></td>' % (host, h, t) for h, t in [
        ("/", "Home"), ("/Search/Default.aspx?type=rent", "To Rent"), ("/Search/Default.aspx?type=sale", "For Sale"),
        ("/Agents/Default.aspx", "Find an Agent"), ("/Landlords.aspx", "Landlords"), ("/Account/Login.aspx", "Log in")])
    pager = "".join('<a href="javascript:__doPostBack(&#39;ctl00$Main$gvResults&#39;,&#39;Page$%d&#39;)">%d</a> ' % (k, k) for k in range(2, 8))
    body = f'''<form name="aspnetForm" method="post" action="Results.aspx?area=islington&amp;type=rent" id="aspnetForm">
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="/wEPDwUKLTk{r.getrandbits(256):x}">
<table width="960" align="center" cellpadding="0" cellspacing="0"><tr>{nav}</tr></table>
<table width="960" align="center"><tr><td valign="top" width="200"><div class="refine"><h3>Refine</h3>
<a href="{host}/Search/Results.aspx?area=islington&amp;type=rent&amp;maxprice=1500">Up to £1,500</a><br>
<a href="{host}/Search/Results.aspx?area=islington&amp;type=rent&amp;beds=2">2 beds</a><br>
<a href="{host}/Search/Results.aspx?area=islington&amp;type=rent&amp;furnished=1">Furnished</a></div></td>
<td valign="top"><h1>Property to rent in Islington</h1><p>{len(listings)} properties found</p>
<table class="gvResults" id="ctl00_Main_gvResults" cellspacing="0" border="1" style="border-collapse:collapse;">
<tr class="gvHeader"><th scope="col">Photo</th><th scope="col">Property</th><th scope="col">Rent</th><th scope="col">Agent</th></tr>
{''.join(rows)}
<tr class="gvPager"><td colspan="4"><span>1</span> {pager}</td></tr></table></td></tr></table>
<table width="960" align="center"><tr><td class="foot"><a href="{host}/About.aspx">About</a> | <a href="{host}/Privacy.aspx">Privacy</a> | <a href="{host}/Terms.aspx">Terms</a> | <a href="{host}/Contact.aspx">Contact</a></td></tr></table>
</form>'''
    html_ = ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
             '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>Property to rent in Islington</title></head>\n<body>' + body + '</body></html>\n')
    return ("aspnet_gridview_agent_cells.html", html_, truth("aspnet_gridview_agent_cells.html", page_url, listings, excluded,
            "ASP.NET GridView: one <tr> per property, alternating row classes; detail link (?PropertyID=) in the 2nd cell, agent link "
            "(?AgentID=, 4 digits, 5 agents over 18 rows) in the 4th; header and pager rows; layout tables, no nav/header/footer tags."))


def url_variants():
    r = rng("u2-expose-variants")
    host = "https://www.immobilienscout24.de"
    page_url = host + "/Suche/de/berlin/berlin/wohnung-mieten?sorting=2"
    listings, excluded, cards = [], [], []
    for i in range(20):
        eid = 140000000 + r.randint(1, 9999999)
        title = r.choice(["Helle 2-Zimmer-Wohnung mit Balkon", "Erstbezug nach Sanierung", "Altbau mit Dielen im Kiez",
                          "Moderne Wohnung nahe S-Bahn", "Dachgeschoss mit Blick", "Ruhige 3 Zimmer im Hinterhaus"])
        street = "%s %d" % (r.choice(STREETS["de"]), r.randint(1, 140))
        price = "%s €" % group3(r.choice([780, 950, 1120, 1390, 1580, 1890]), ".")
        listings.append((host + "/de/expose/%d" % eid, title, price))
        excluded.append((host + "/expose/%d" % eid, "same listing as the title link, without the locale prefix"))
        cards.append(f'''<li class="result-list__listing" data-id="{eid}" data-go-to-expose-id="{eid}">
<article class="result-list-entry">
 <div class="result-list-entry__gallery-container"><a href="/expose/{eid}?ref=img#gallery" class="result-list-entry__brand-logo-container gallery-link" tabindex="-1"><img class="gallery__image" data-lazy-src="https://pictures.immobilienscout24.de/listings/{r.getrandbits(64):x}.jpg/ORIG/resize/310x233" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt=""></a>
  <button class="favorite-button" data-favorite-id="{eid}" aria-label="Merken">Merken</button></div>
 <div class="result-list-entry__data">
  <a href="/de/expose/{eid}" class="result-list-entry__brand-title-container" data-go-to-expose="true"><h5 class="result-list-entry__brand-title font-h6">{esc(title)}</h5></a>
  <div class="result-list-entry__address"><button class="result-list-entry__map-link link-text-secondary">{esc(street)}, Berlin</button></div>
  <div class="result-list-entry__criteria"><dl class="result-list-entry__primary-criterion"><dd class="font-highlight">{esc(price)}</dd><dt class="font-s">Kaltmiete</dt></dl>
   <dl class="result-list-entry__primary-criterion"><dd class="font-highlight">{r.randint(35, 120)} m²</dd><dt>Wohnfläche</dt></dl>
   <dl class="result-list-entry__primary-criterion"><dd class="font-highlight">{r.randint(1, 4)}</dd><dt>Zi.</dt></dl></div>
  <a href="/expose/{eid}" class="result-list-entry__details-link">Details ansehen</a>
 </div></article></li>''')
        if i in (5, 13):
            cards.append('<li class="result-list__listing result-list__listing--advertisement"><div class="adslot" id="is24-de-web-resultlist-%d"></div></li>' % i)
    nav = _chrome(host, [("/", "ImmoScout24"), ("/wohnen/mietwohnungen.html", "Mieten"), ("/wohnen/kaufen.html", "Kaufen"),
                        ("/anbieten/", "Anbieten"), ("/baufinanzierung/", "Finanzieren"), ("/meinkonto/", "Mein Konto")], "topnavigation")
    body = f'''<header class="page-header">{nav}</header>
<div id="resultListContainer" class="main-content"><h1 id="searchHeadline" class="font-h4">{r.randint(400, 900)} Wohnungen zur Miete in Berlin</h1>
<div class="sort-container"><a href="{esc(page_url)}&amp;sorting=3" rel="nofollow">Preis</a><a href="{esc(page_url)}&amp;sorting=4" rel="nofollow">Fläche</a></div>
<ul id="resultListItems" class="result-list">{''.join(cards)}</ul>
<div id="pager" class="pagination"><a href="/Suche/de/berlin/berlin/wohnung-mieten?pagenumber=2">2</a><a href="/Suche/de/berlin/berlin/wohnung-mieten?pagenumber=3">3</a><a href="/Suche/de/berlin/berlin/wohnung-mieten?pagenumber=2">Weiter</a></div></div>
<footer>{_foot(host, ['Impressum', 'Datenschutz', 'AGB', 'Hilfe', 'Karriere', 'Presse', 'Sicherheitstipps'])}</footer>'''
    head = tracking_scripts(r, "is24") + css_blob(r, 150)
    return ("expose_url_variants.html", page("de", "Wohnung mieten in Berlin", head, body),
            truth("expose_url_variants.html", page_url, listings, excluded,
                  "Each card links to its listing three ways: the image /expose/<id>?ref=img#gallery, the title /de/expose/<id> and "
                  "'Details ansehen' /expose/<id>. One listing per card; the title link's URL is the listing URL here."))


def query_id_object_php():
    r = rng("u2-object-php")
    host = "https://www.hausverwaltung-brenner.de"
    page_url = host + "/objects.php?type=rent"
    listings, excluded, cards = [], [], []
    for i in range(11):
        oid = r.randint(1000, 9999)
        title = r.choice(["3-Zimmer-Wohnung im 2. OG", "Gemütliche Dachgeschosswohnung", "Erdgeschosswohnung mit Garten",
                          "Maisonette mit Balkon", "2-Zimmer-Wohnung, saniert"])
        city = r.choice(["Regensburg-Kumpfmühl", "Regensburg-Westenviertel", "Neutraubling", "Regensburg-Innenstadt"])
        price = "%s,00 EUR" % group3(r.choice([590, 640, 720, 810, 965, 1100]), ".")
        listings.append((host + "/object.php?id=%d" % oid, title, price))
        excluded.append((host + "/kontakt.php?obj=%d" % oid, "enquiry link carrying the object id"))
        cards.append(f'''<div class="estate">
 <figure class="estate-img"><img src="/media/obj/{oid}/thumb_1.jpg" alt="Außenansicht"></figure>
 <div class="estate-body"><h4>{esc(title)}</h4><p class="estate-loc">{esc(city)}</p>
  <dl class="estate-facts"><dt>Kaltmiete</dt><dd>{esc(price)}</dd><dt>Wohnfläche</dt><dd>{r.randint(45, 110)} m²</dd><dt>Zimmer</dt><dd>{r.randint(1, 4)}</dd><dt>Objekt-Nr.</dt><dd>{oid}</dd></dl>
  <p class="estate-actions"><a href="object.php?id={oid}" class="button">Exposé ansehen</a> <a href="kontakt.php?obj={oid}" class="button-secondary">Anfrage</a></p></div></div>''')
    menu = "".join('<li><a href="/%s">%s</a></li>' % (h, t) for h, t in [
        ("index.php", "Start"), ("objects.php?type=rent", "Mietobjekte"), ("objects.php?type=commercial", "Gewerbe"),
        ("verwaltung.php", "Hausverwaltung"), ("team.php", "Team"), ("kontakt.php", "Kontakt"), ("impressum.php", "Impressum")])
    body = f'''<div id="page"><div id="top"><img src="/img/logo.png" alt="Hausverwaltung Brenner"><ul id="menu">{menu}</ul></div>
<div id="content"><h1>Aktuelle Mietangebote</h1><p>Wir vermieten derzeit {len(listings)} Wohnungen in Regensburg und Umgebung.</p>
<div class="estates">{''.join(cards)}</div>
<p class="pages">Seite 1 von 2 &middot; <a href="objects.php?type=rent&amp;page=2">nächste Seite</a></p></div>
<div id="bottom"><a href="/impressum.php">Impressum</a> &middot; <a href="/datenschutz.php">Datenschutz</a> &middot; &copy; Hausverwaltung Brenner</div></div>'''
    return ("object_php_query_id.html", page("de", "Mietangebote - Hausverwaltung Brenner", "<link rel=stylesheet href=/css/style.css>", body),
            truth("object_php_query_id.html", page_url, listings, excluded,
                  "Small agency PHP site: the id (4 digits) is only in the query (object.php?id=N); the title is an unlinked <h4>, the only "
                  "detail link is the 'Exposé ansehen' button; an enquiry link kontakt.php?obj=N in every card; no nav/header/footer tags."))


def index_php_oid():
    r = rng("u2-index-oid")
    host = "https://www.affitti-lagodigarda.it"
    page_url = host + "/index.php?page=search&cat=affitto&Itemid=12"
    listings, cards = [], []
    for i in range(10):
        oid = r.choice([r.randint(10, 99), r.randint(100, 999), r.randint(1000, 4999)])
        title = r.choice(["Bilocale vista lago", "Trilocale con giardino", "Monolocale in centro storico",
                          "Appartamento con terrazza", "Villetta a schiera"])
        town = r.choice(["Bardolino", "Garda", "Lazise", "Malcesine", "Torri del Benaco"])
        price = "€ %s/mese" % group3(r.choice([650, 780, 900, 1100, 1350]), ".")
        href = "index.php?page=detail&oid=%d&Itemid=12" % oid
        listings.append((host + "/index.php?Itemid=12&oid=%d&page=detail" % oid, "%s - %s" % (title, town), price))
        cards.append(f'''<div class="item-row clearfix">
<div class="item-photo"><a href="{esc(href)}"><img src="images/immobili/{oid}/small_01.jpg" alt="{esc(title)}"></a></div>
<div class="item-text"><a class="item-link" href="{esc(href)}"><strong>{esc(title)} - {esc(town)}</strong></a>
<div class="item-desc">{r.randint(35, 120)} mq, {r.randint(1, 3)} camere, {r.choice(['posto auto', 'aria condizionata', 'arredato', 'balcone'])}.</div>
<div class="item-canone">Canone: {esc(price)}</div></div></div>''')
    menu = "".join('<li class="item-%d"><a href="%s">%s</a></li>' % (k, esc(h), t) for k, (h, t) in enumerate([
        ("index.php?page=home&Itemid=1", "Home"), ("index.php?page=search&cat=vendita&Itemid=11", "Vendita"),
        ("index.php?page=search&cat=affitto&Itemid=12", "Affitto"), ("index.php?page=chisiamo&Itemid=3", "Chi siamo"),
        ("index.php?page=contatti&Itemid=4", "Contatti")]))
    body = f'''<div id="wrapper"><div id="header"><a href="index.php"><img src="templates/lago/images/logo.png" alt="Affitti Lago di Garda"></a></div>
<div id="mainmenu"><ul class="menu">{menu}</ul></div>
<div id="main"><div class="componentheading">Immobili in affitto</div>
<div class="search-results">{''.join(cards)}</div>
<div class="pagination"><a href="index.php?page=search&amp;cat=affitto&amp;Itemid=12&amp;limitstart=10">Avanti</a></div></div>
<div id="footer">Agenzia Immobiliare Lago di Garda &middot; P.IVA 01234560234 &middot; <a href="index.php?page=privacy&amp;Itemid=5">Privacy</a></div></div>'''
    return ("index_php_page_detail_oid.html", page("it", "Immobili in affitto", "", body),
            truth("index_php_page_detail_oid.html", page_url, listings, [],
                  "Old CMS where every page is index.php?page=...: the search, the menu and the details share one path; the detail is "
                  "page=detail&oid=N with ids of 2 to 4 digits; title in <strong> inside the link, price 'Canone: € 900/mese'."))


def webflow_slugs():
    r = rng("u2-webflow")
    host = "https://www.mitteflats.com"
    page_url = host + "/rentals"
    words = ["Sunny", "Quiet", "Bright", "Cosy", "Spacious", "Modern", "Charming", "Airy"]
    kinds = ["loft", "studio", "flat", "apartment", "penthouse"]
    areas = ["Mitte", "Prenzlauer Berg", "Kreuzberg", "Neukölln", "Friedrichshain", "Wedding", "Moabit"]
    listings, excluded, cards, seen = [], [], [], set()
    while len(cards) < 14:
        title = "%s %s in %s" % (r.choice(words), r.choice(kinds), r.choice(areas))
        s = slug(title)
        if s in seen:
            continue
        seen.add(s)
        price = "€%s / month" % group3(r.choice([1150, 1390, 1650, 1890, 2200, 2600]), ",")
        listings.append((host + "/rentals/" + s, title, price))
        cards.append(f'''<div role="listitem" class="collection-item w-dyn-item"><a href="/rentals/{s}" class="rental-card w-inline-block">
<img src="https://assets-global.website-files.com/6123ab/{r.getrandbits(48):x}_{s}.jpg" loading="lazy" alt="" class="rental-image">
<div class="rental-card-content"><div class="text-block-12">{esc(title)}</div><div class="rental-price">{esc(price)}</div>
<div class="rental-meta"><div>{r.randint(1, 4)} rooms</div><div class="dot">·</div><div>{r.randint(30, 140)} m²</div></div></div></a></div>''')
    hoods = "".join('<div role="listitem" class="hood-item w-dyn-item"><a href="/neighbourhoods/%s" class="hood-link w-inline-block"><img src="https://assets-global.website-files.com/6123ab/hood_%s.jpg" alt=""><div class="text-block-20">%s</div></a></div>' % (slug(a), slug(a), esc(a)) for a in areas)
    for a in areas:
        excluded.append((host + "/neighbourhoods/" + slug(a), "neighbourhood guide collection"))
    posts = "".join('<div role="listitem" class="post-item w-dyn-item"><a href="/journal/%s" class="post-link">%s</a><div class="post-date">%s</div></div>' % (slug(t), esc(t), d)
                    for t, d in [("How to get your Anmeldung", "Jan 12, 2023"), ("Deposits explained", "Dec 2, 2022"), ("Moving to Berlin with pets", "Nov 20, 2022")])
    body = f'''<div data-collapse="medium" class="navbar w-nav"><a href="/" class="brand w-nav-brand"><img src="https://assets-global.website-files.com/6123ab/logo.svg" alt=""></a>
<nav role="navigation" class="nav-menu w-nav-menu"><a href="/rentals" class="nav-link w-nav-link w--current">Rentals</a><a href="/neighbourhoods" class="nav-link w-nav-link">Neighbourhoods</a><a href="/journal" class="nav-link w-nav-link">Journal</a><a href="/landlords" class="nav-link w-nav-link">For landlords</a><a href="/contact" class="nav-link w-nav-link">Contact</a></nav></div>
<div class="section-hero"><h1 class="heading-3">Furnished rentals in Berlin</h1><p class="paragraph-4">Hand-picked flats for 3 to 24 months.</p></div>
<div class="section"><div class="container w-container"><div class="w-dyn-list"><div role="list" class="collection-list w-dyn-items w-row">{''.join(cards)}</div>
<div role="navigation" aria-label="List" class="w-pagination-wrapper"><a href="?b3f1c9e2_page=2" aria-label="Next Page" class="w-pagination-next"><div>Next</div></a></div></div></div></div>
<div class="section grey"><div class="container w-container"><h2 class="heading-5">Explore the neighbourhoods</h2><div class="w-dyn-list"><div role="list" class="hood-list w-dyn-items">{hoods}</div></div></div></div>
<div class="section"><div class="container w-container"><h2 class="heading-5">From the journal</h2><div class="w-dyn-list"><div role="list" class="post-list w-dyn-items">{posts}</div></div></div></div>
<div class="footer"><div class="container w-container"><a href="/imprint" class="footer-link">Imprint</a><a href="/privacy" class="footer-link">Privacy</a><a href="/terms" class="footer-link">Terms</a><div class="text-block-30">© 2023 Mitte Flats GmbH</div></div></div>
<script src="https://d3e54v103j8qbb.cloudfront.net/js/jquery-3.5.1.min.dc5e7f18c8.js" type="text/javascript"></script>'''
    html_ = page("en", "Rentals | Mitte Flats", '<meta content="Webflow" name="generator"><link href="https://assets-global.website-files.com/6123ab/css/mitteflats.webflow.css" rel="stylesheet">', body)
    html_ = html_.replace("<html ", '<html data-wf-domain="www.mitteflats.com" data-wf-page="6123ab0001" data-wf-site="6123ab" ', 1)
    return ("webflow_slug_only.html", html_, truth("webflow_slug_only.html", page_url, listings, excluded,
            "Webflow CMS collection list: div[role=list].w-dyn-items > div[role=listitem].w-dyn-item > a.rental-card (whole card one <a>); "
            "URLs /rentals/<slug> with no digits at all; title in div.text-block-12 (no heading, no 'title' class). A neighbourhood "
            "collection and a journal collection of the same Webflow markup follow (no prices): not results."))


def onclick_divs():
    r = rng("u2-onclick")
    host = "https://www.wbg-seeblick.de"
    page_url = host + "/wohnungssuche/ergebnisse.html?zimmer=2"
    listings, cards = [], []
    forms = ["location.assign('{u}')", "window.location='{u}';return false;", 'document.location.href="{u}"', "window.open('{u}','_self')"]
    for i in range(12):
        code = "WE-%04d-%02d" % (r.randint(100, 999), r.randint(1, 12))
        u = "/wohnungssuche/detail.html?objekt=%s" % code
        title = r.choice(["2-Raum-Wohnung mit Balkon", "Seniorengerechte Wohnung", "Familienwohnung mit Aufzug",
                          "Sanierte Altbauwohnung", "Wohnung am Park"])
        street = "%s %d" % (r.choice(STREETS["de"]), r.randint(1, 80))
        price = "%s € warm" % group3(r.choice([520, 610, 690, 745, 820, 905]), ".")
        listings.append((host + u, title, price))
        oc = esc(forms[i % len(forms)].format(u=u))
        cards.append(f'''<div class="immo-item" onclick="{oc}" style="cursor:pointer">
<div class="immo-bild" style="background-image:url('/fileadmin/objekte/{code}/titel.jpg')"></div>
<div class="immo-info"><div class="immo-titel">{esc(title)}</div><div class="immo-adresse">{esc(street)}</div>
<div class="immo-daten"><span>{r.randint(2, 3)} Räume</span> <span>{r.randint(45, 90)} m²</span> <span class="immo-miete">{esc(price)}</span></div></div>
<div class="immo-merken" onclick="event.stopPropagation();merkliste.toggle('{code}')">&#9734; merken</div></div>''')
    body = f'''<div class="page"><div class="kopf"><a href="/"><img src="/fileadmin/logo.svg" alt="WBG Seeblick eG"></a>
<ul class="hauptmenue"><li><a href="/wohnungssuche.html">Wohnungssuche</a></li><li><a href="/mitglied-werden.html">Mitglied werden</a></li><li><a href="/service.html">Service</a></li><li><a href="/kontakt.html">Kontakt</a></li></ul></div>
<div class="inhalt"><h1>Freie Wohnungen</h1><div class="filter"><span onclick="filter.set('zimmer',1)">1 Raum</span><span onclick="filter.set('zimmer',2)">2 Räume</span><span onclick="filter.set('zimmer',3)">3 Räume</span></div>
<div class="immo-liste">{''.join(cards)}</div>
<div class="blaettern"><span class="aktiv">1</span><span onclick="location.href='/wohnungssuche/ergebnisse.html?zimmer=2&amp;seite=2'">2</span></div></div>
<div class="fuss"><a href="/impressum.html">Impressum</a> <a href="/datenschutz.html">Datenschutz</a></div></div>'''
    return ("onclick_divs_no_anchors.html", page("de", "Freie Wohnungen - WBG Seeblick", "", body),
            truth("onclick_divs_no_anchors.html", page_url, listings, [],
                  "No <a> in the result list: every card is a div with an onclick in one of four forms (location.assign, window.location=, "
                  "document.location.href=, window.open); object codes WE-0412-03 (no 5-digit id); a 'merken' onclick inside each card."))
