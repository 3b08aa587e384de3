"""Search pages with result cards whose titles, prices, sizes and text
encoding trip a reader up."""

from common import head, nav, footer, listing, truth, esc


def carousel_counter():
    """Each card's photo carousel link shows a counter ("1/12") and the
    card's only heading is the price; the headline is a div named so."""
    host = "https://www.woonzoeker.nl"
    cards, want = [], []
    streets = ["Prinsengracht", "Keizersgracht", "Herengracht", "Singel", "Brouwersgracht", "Lijnbaansgracht"]
    for i, st in enumerate(streets):
        lid = 3310 + i * 7
        url = "/huurwoning/amsterdam/%s-%d" % (st.lower(), lid)
        rent = [1850, 2250, 1975, 2600, 1700, 2150][i]
        m2 = [62, 80, 70, 95, 55, 77][i]
        n = [12, 8, 15, 9, 11, 6][i]
        badge = '<span class="badge">Nieuw</span>' if i % 2 == 0 else ""
        cards.append(
            '<li class="result">'
            '<a class="gallery" href="%s"><div class="gallery__counter">1/%d</div>'
            '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="https://cdn.woonzoeker.nl/w/%d/1.jpg" alt=""></a>'
            '<div class="result__body"><h3 class="result__price">€ %s /mnd %s</h3>'
            '<a href="%s"><div class="result__headline">%s %d</div></a>'
            '<div class="result__subline">1016 AB Amsterdam</div>'
            '<ul class="result__facts"><li>%d m²</li><li>%d kamers</li></ul></div></li>' %
            (url, n, lid, "{:,}".format(rent).replace(",", "."), badge, url, st, 100 + i, m2, [2, 3, 3, 4, 2, 3][i]))
        want.append(listing(host + url, "%s %d" % (st, 100 + i), "€ %s /mnd" % "{:,}".format(rent).replace(",", "."), rent,
                            "%d m²" % m2, m2, [2, 3, 3, 4, 2, 3][i], "https://cdn.woonzoeker.nl/w/%d/1.jpg" % lid))
    body = (head("Huurwoningen Amsterdam") + "<body>" + nav([("/huurwoningen", "Huren"), ("/zoekprofiel", "Zoekprofiel")]) +
            '<main><h1>6 huurwoningen</h1><ul class="results">' + "".join(cards) + '</ul></main>' +
            footer([("/contact", "Contact")]) + "</body></html>\n")
    return "carousel_counter_price_heading.html", body, truth("carousel_counter_price_heading.html", host + "/huurwoningen/amsterdam", want)


def price_badge_line():
    """UK-style cards: the h2 is the price with a badge ("Featured",
    "Reduced"); the title is the element marked itemprop=name."""
    host = "https://www.letfinder.co.uk"
    cards, want = [], []
    rows = [("2 bed flat to rent", "Mare Street, London E8", 1950, "Featured"),
            ("1 bed apartment to rent", "Kingsland Road, London E2", 1650, "Reduced"),
            ("Studio to rent", "Essex Road, London N1", 1275, ""),
            ("3 bed maisonette to rent", "Green Lanes, London N16", 2600, "Just added"),
            ("2 bed terraced house to rent", "Lordship Lane, London SE22", 2300, "Featured")]
    for i, (title, addr, pcm, badge) in enumerate(rows):
        pid = 88123400 + i
        url = "/to-rent/details/%d" % pid
        cards.append(
            '<div class="listing" data-id="%d"><a href="%s" class="listing__image"><img src="/img/%d.jpg" alt="%s"></a>'
            '<div class="listing__content"><h2 class="listing__price"><a href="%s">£%s pcm</a> <span class="tag">%s</span></h2>'
            '<p itemprop="name"><a href="%s">%s</a></p><address>%s</address>'
            '<p class="listing__distance">0.%d miles Hackney Central</p></div></div>' %
            (pid, url, pid, esc(title), url, "{:,}".format(pcm), badge, url, title, addr, 3 + i))
        want.append(listing(host + url, title, "£%s pcm" % "{:,}".format(pcm), pcm, image="%s/img/%d.jpg" % (host, pid)))
    body = (head("Property to rent in London") + "<body>" + nav([("/to-rent", "To rent"), ("/for-sale", "For sale")]) +
            '<main><div class="results">' + "".join(cards) + '</div></main>' + footer([("/help", "Help")]) + "</body></html>\n")
    return "uk_price_badge_heading.html", body, truth("uk_price_badge_heading.html", host + "/to-rent/london", want)


def postcode_line():
    """The card's h4 is the postcode and city; the headline is the link
    named as the title (data-testid) beside it."""
    host = "https://www.huurwoningenplein.nl"
    cards, want = [], []
    rows = [("Appartement Overtoom 211", "1054 HT Amsterdam", 1795), ("Studio Jan Pieter Heijestraat 9", "1053 GM Amsterdam", 1250),
            ("Benedenwoning Van Woustraat 145", "1074 AJ Amsterdam", 2100), ("Appartement Zeeburgerdijk 77", "1093 SM Amsterdam", 1890),
            ("Maisonnette Kinkerstraat 300", "1053 GA Amsterdam", 2350)]
    for i, (title, pc, rent) in enumerate(rows):
        url = "/huur/amsterdam/%d-%s" % (771200 + i, title.lower().replace(" ", "-"))
        cards.append(
            '<article class="card"><h4 class="card__location">%s</h4>'
            '<a data-testid="listing-title" class="card__link" href="%s">%s</a>'
            '<div class="card__price">€ %s per maand</div><div class="card__meta">%d m² · %d kamers</div></article>' %
            (pc, url, esc(title), "{:,}".format(rent).replace(",", "."), 50 + 10 * i, 2 + i % 3))
        want.append(listing(host + url, title, "€ %s per maand" % "{:,}".format(rent).replace(",", "."), rent,
                            "%d m²" % (50 + 10 * i), 50 + 10 * i, 2 + i % 3))
    body = (head("Huurwoningen in Amsterdam") + "<body>" + nav([("/huur", "Huur")]) +
            '<main><section class="cards">' + "".join(cards) + '</section></main>' + footer([("/privacy", "Privacy")]) + "</body></html>\n")
    return "postcode_heading_title_link.html", body, truth("postcode_heading_title_link.html", host + "/huur/amsterdam", want)


def whole_card_link():
    """Each card is one <a> with no heading and no class that says title:
    its text starts with the price and the price per m², then the headline
    in its own element, then the facts."""
    host = "https://www.mietwohnung24.de"
    cards, want = [], []
    rows = [("Helle Altbauwohnung in Friedrichshain", 1290, 71), ("Moderne Wohnung mit Einbauküche", 980, 52),
            ("Dachgeschoss mit Blick über Neukölln", 1540, 84), ("Kleine Wohnung nahe Hermannplatz", 720, 36),
            ("Familienwohnung mit zwei Bädern", 2150, 118), ("Erstbezug im Neubau", 1680, 77)]
    for i, (title, rent, m2) in enumerate(rows):
        url = "/expose/%d" % (5500100 + i * 9)
        per = ("%.2f" % (rent / m2)).replace(".", ",")
        cards.append(
            '<a class="block rounded shadow p-4" href="%s"><div class="flex gap-2"><span class="text-xl font-bold">%s €</span>'
            '<span class="text-sm text-gray-500">%s €/m²</span></div><div class="text-lg font-semibold">%s</div>'
            '<div class="text-sm">%d m² · %d Zimmer · Berlin</div></a>' %
            (url, "{:,}".format(rent).replace(",", "."), per, esc(title), m2, [3, 2, 3, 1, 4, 3][i]))
        want.append(listing(host + url, title, "%s €" % "{:,}".format(rent).replace(",", "."), rent, "%d m²" % m2, m2,
                            [3, 2, 3, 1, 4, 3][i]))
    body = (head("Mietwohnungen Berlin") + "<body>" + nav([("/mieten", "Mieten")]) +
            '<main><div class="grid grid-cols-3">' + "".join('<div class="col">%s</div>' % c for c in cards) + '</div></main>' +
            footer([("/impressum", "Impressum")]) + "</body></html>\n")
    return "whole_card_link_price_first.html", body, truth("whole_card_link_price_first.html", host + "/mieten/berlin", want)


def address_facts():
    """US rentals: the card is one link around the address, beds, baths,
    square feet and a distance; the address is the headline."""
    host = "https://www.rentspot.com"
    cards, want = [], []
    rows = [("1421 E Pine St, Seattle, WA 98122", 2450, 2, 1, 850), ("512 Broadway E, Seattle, WA 98102", 1995, 1, 1, 640),
            ("3300 Fremont Ave N, Seattle, WA 98103", 3100, 3, 2, 1240), ("815 NW 65th St, Seattle, WA 98117", 2750, 2, 2, 980),
            ("2200 Westlake Ave, Seattle, WA 98121", 2300, 1, 1, 720)]
    for i, (addr, usd, beds, baths, sqft) in enumerate(rows):
        url = "/apartments/%s/%d" % (addr.split(",")[0].lower().replace(" ", "-"), 300100 + i)
        cards.append(
            '<li class="card"><a href="%s"><picture><source srcset="https://photos.rentspot.com/%d-640.webp 640w, https://photos.rentspot.com/%d-1280.webp 1280w">'
            '<img src="https://photos.rentspot.com/%d-320.jpg" alt=""></picture>'
            '<span class="card-price">$%s/mo</span><address>%s</address>'
            '<ul class="card-facts"><li>%d bds</li><li>%d ba</li><li>%s sqft</li></ul>'
            '<span class="card-distance">%.1f mi to Downtown</span></a></li>' %
            (url, 300100 + i, 300100 + i, 300100 + i, "{:,}".format(usd), addr, beds, baths, "{:,}".format(sqft), 0.8 + i))
        want.append(listing(host + url, addr, "$%s/mo" % "{:,}".format(usd), usd, "%s sqft" % "{:,}".format(sqft),
                            round(sqft * 0.09290304, 1), None, "https://photos.rentspot.com/%d-640.webp" % (300100 + i)))
    body = (head("Apartments for rent in Seattle, WA") + "<body>" + nav([("/seattle-wa", "Seattle"), ("/list-a-property", "List a property")]) +
            '<main><ul class="cards">' + "".join(cards) + '</ul></main>' + footer([("/about", "About")]) + "</body></html>\n")
    return "us_address_facts_link.html", body, truth("us_address_facts_link.html", host + "/seattle-wa", want)


def price_ranges():
    """New-build projects show a rent range; a range stays a range, its
    lower bound is the number."""
    host = "https://www.nieuwbouwhuur.nl"
    rows = [("Project De Kade", "€ 1.200 - € 1.500 /mnd", 1200), ("Project Havenkwartier", "1.350 - 1.900 €", 1350),
            ("Project Zuidas Toren", "van € 1.650 tot € 2.400", 1650), ("Project Lindenhof", "€ 995 – € 1.250 per maand", 995),
            ("Appartement Parkzicht", "€ 1.475 /mnd", 1475)]
    cards, want = [], []
    for i, (title, price, low) in enumerate(rows):
        url = "/project/%s-%d" % (title.lower().replace(" ", "-"), 4410 + i)
        cards.append('<div class="project-card"><h2><a href="%s">%s</a></h2><div class="project-card__price">%s</div>'
                     '<div class="project-card__units">%d woningen</div></div>' % (url, title, price, 12 + i))
        want.append(listing(host + url, title, price, low))
    body = (head("Nieuwbouw huurwoningen") + "<body>" + nav([("/projecten", "Projecten")]) +
            '<main><div class="projects">' + "".join(cards) + '</div></main>' + footer([("/contact", "Contact")]) + "</body></html>\n")
    return "newbuild_price_ranges.html", body, truth("newbuild_price_ranges.html", host + "/projecten/amsterdam", want)


def partial_mojibake():
    """Titles where the umlauts are right but a "m²" was double-encoded
    ("mÂ²") next to a no-break space: the repair must work on that part."""
    host = "https://www.wohnung-direkt.de"
    rows = [("Schöne Wohnung, 65\u00a0mÂ² mit Balkon", "Schöne Wohnung, 65\u00a0m² mit Balkon", 950, 65, None),
            ("Gemütliche Maisonette, 80\u00a0mÂ², Köln-Sülz", "Gemütliche Maisonette, 80\u00a0m², Köln-Sülz", 1240, 80, None),
            ("WG-Zimmer in MÃ¼nchen-Schwabing", "WG-Zimmer in München-Schwabing", 690, None, None),
            ("Ruhige Lage, 3 Zimmer, 72\u00a0mÂ²", "Ruhige Lage, 3 Zimmer, 72\u00a0m²", 1100, 72, 3)]
    cards, want = [], []
    for i, (shown, right, rent, m2, rooms) in enumerate(rows):
        url = "/angebot/%d" % (220300 + i)
        cards.append('<li class="offer"><h3><a href="%s">%s</a></h3><span class="offer-price">%d&nbsp;€</span></li>' %
                     (url, shown.replace("\u00a0", "&nbsp;"), rent))
        # the sizes and rooms are shown in the titles
        want.append(listing(host + url, right, "%d €" % rent, rent, "%d m²" % m2 if m2 else None, m2, rooms))
    body = (head("Wohnungen") + "<body>" + nav([("/suche", "Suche")]) + '<main><ul class="offers">' + "".join(cards) +
            '</ul></main>' + footer([("/impressum", "Impressum")]) + "</body></html>\n")
    return "partial_mojibake_m2.html", body, truth("partial_mojibake_m2.html", host + "/suche/wohnungen", want)


def menu_promo_card():
    """immobilienscout24.de: the header's mega menu has a promo tile made
    from the listing-card component, linking to "post a wanted ad". The
    definition's card selector matches it; it is no result."""
    host = "https://www.immobilienscout24.de"
    cards, want = [], []
    for i in range(5):
        oid = 150010200 + i * 5
        title = ["Sonnige 2-Zimmer-Wohnung", "Altbau im Bergmannkiez", "Neubau mit Aufzug", "Wohnung am Tempelhofer Feld",
                 "Ruhige 3-Zimmer-Wohnung"][i]
        rent = [1090, 1340, 1620, 980, 1510][i]
        m2 = [55, 68, 74, 49, 83][i]
        cards.append(
            '<article data-obid="%d"><a href="/expose/%d"><h2>%s</h2></a>'
            '<dl data-testid="attributes"><dt>Kaltmiete</dt><dd>%s €</dd><dt>Wohnfläche</dt><dd>%d m²</dd><dt>Zimmer</dt><dd>%d</dd></dl>'
            '<div data-testid="hybridViewAddress">Kreuzberg, Berlin</div></article>' %
            (oid, oid, title, "{:,}".format(rent).replace(",", "."), m2, [2, 2, 3, 2, 3][i]))
        want.append(listing("%s/expose/%d" % (host, oid), title, "%s €" % "{:,}".format(rent).replace(",", "."), rent,
                            "%d m²" % m2, m2, [2, 2, 3, 2, 3][i]))
    menu = ('<header class="is24-header"><div class="megamenu"><ul><li><a href="/wohnen/">Wohnen</a></li></ul>'
            '<div class="listing-card promo"><a href="/gesuch-aufgeben/"><h2>Gesuch aufgeben</h2></a><p>Lass dich finden</p></div></div></header>')
    body = (head("Wohnung mieten Berlin Kreuzberg") + "<body>" + menu +
            '<main><div class="result-list">' + "".join(cards) + '</div></main>' + footer([("/impressum.html", "Impressum")]) +
            "</body></html>\n")
    return "is24_menu_promo_tile.html", body, truth("is24_menu_promo_tile.html", host + "/Suche/de/berlin/berlin/kreuzberg/wohnung-mieten",
                                                     want, excluded=[host + "/gesuch-aufgeben/"])


def _utf16_page(name, enc, bom):
    host = "https://www.zimmer-frei.de"
    cards, want = [], []
    for i, (title, rent) in enumerate([("Zimmer in Köln-Ehrenfeld", 540), ("Möbliertes Zimmer in Düsseldorf", 610),
                                       ("WG-Zimmer nahe Universität Bonn", 480)]):
        url = "/zimmer/%d" % (61000 + i)
        cards.append('<li class="room"><h2><a href="%s">%s</a></h2><p class="price">%d €</p></li>' % (url, title, rent))
        want.append(listing(host + url, title, "%d €" % rent, rent))
    body = ('<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-16">'
            '<title>Zimmer frei</title></head><body><ul class="rooms">' + "".join(cards) + '</ul></body></html>\n')
    return name, bom + body, truth(name, host + "/zimmer/nrw", want), enc


def utf16le():
    return _utf16_page("saved_utf16le_bom.html", "utf-16-le", "\ufeff")


def utf16be():
    return _utf16_page("saved_utf16be_bom.html", "utf-16-be", "\ufeff")


def javascript_links():
    """An old agency page: most cards link by script (href="javascript:
    ..."), which the reader cannot follow; it must say so."""
    host = "https://www.makler-altstadt.de"
    cards, want, dropped = [], [], []
    for i in range(5):
        oid = 3301 + i
        title = ["3-Zimmer-Wohnung Altstadt", "Penthouse am Markt", "2-Zimmer-Wohnung mit Garten", "Loft im Speicher",
                 "Apartment am Bahnhof"][i]
        rent = [890, 1750, 760, 1390, 540][i]
        if i < 2:
            href = "/objekt.php?id=%d" % oid
            want.append(listing(host + href, title, "%d,- €" % rent, rent, rooms=3 if i == 0 else None))
        else:
            href = "javascript:zeigeObjekt(%d)" % oid
            dropped.append(href)
        cards.append('<tr class="objekt"><td><a href="%s">%s</a></td><td class="preis">%d,- €</td></tr>' %
                     (href, title, rent))
    body = (head("Mietangebote") + '<body><table class="objekte">' + "".join(cards) + '</table></body></html>\n')
    return "javascript_hrefs_old_agency.html", body, truth("javascript_hrefs_old_agency.html", host + "/mietangebote.php", want,
                                                            dropped=dropped)
