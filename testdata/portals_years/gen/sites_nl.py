"""funda, pararius and kamernet search pages in the markup of past and
recent years."""

from chrome import *

NL_NAV = ["Huren", "Kopen", "Nieuwbouw", "Makelaar zoeken", "Inloggen", "Mijn account", "Woningaanbod"]
NL_FOOT = ["Over ons", "Contact", "Vacatures", "Privacy", "Cookies", "Voorwaarden", "Help", "Adverteren",
           "Veilig zoeken", "Sitemap", "Pers", "Blog"]


def funda2019():
    r = rng("funda-2019")
    host = "https://www.funda.nl"
    page_url = host + "/huur/amsterdam/"
    listings, cards = [], []
    for i in range(15):
        gid = 40700000 + r.randint(1, 99999)
        street = r.choice(STREETS["nl"])
        addr = "%s %d%s" % (street, r.randint(1, 300), r.choice(["", "-2", " hs", " 3"]))
        kind = r.choice(["appartement", "appartement", "huis"])
        href = "/huur/amsterdam/%s-%d-%s/" % (kind, gid, slug(addr))
        price = "€ %s /mnd" % group3(r.choice([1250, 1500, 1650, 1800, 1950, 2200, 2500]), ".")
        listings.append((host + href, addr, price))
        agent = r.choice([("24573-rotsvast-amsterdam", "Rotsvast Amsterdam"), ("11432-vesteda", "Vesteda"),
                          ("20112-hoen-makelaars", "Hoen Makelaars"), ("63218-nelisse", "Nelisse")])
        top = i < 2
        cards.append(f'''<li class="search-result{' search-result-top' if top else ''}">
<div class="search-result-media"><a href="{href}" data-search-result-item-anchor="{gid}"><div class="search-result-image"><img src="https://cloud.funda.nl/valentina_media/1{gid % 1000:03d}/{gid}_180x120.jpg" alt="{esc(addr)}"></div></a>
{'<span class="label-top-positie">Top-positie</span>' if top else ''}</div>
<div class="search-result-content"><div class="search-result-content-inner">
 <div class="search-result__header"><div class="search-result__header-title-col"><a href="{href}" data-search-result-item-anchor="{gid}">
  <h2 class="search-result__header-title fd-m-none">{esc(addr)}</h2>
  <h4 class="search-result__header-subtitle fd-m-none">10{r.randint(11, 99)} {r.choice(['AB', 'KL', 'XZ'])} Amsterdam</h4></a></div>
  <div class="search-result__header-favorite-col"><a class="user-save-object" href="/mijn/bewaard/?id={gid}" rel="nofollow">Bewaar</a></div></div>
 <div class="search-result-info search-result-info-price"><span class="search-result-price">{esc(price)}</span></div>
 <ul class="search-result-kenmerken"><li><span title="Gebruiksoppervlakte wonen">{r.randint(35, 140)} m²</span></li><li>{r.randint(1, 5)} kamers</li></ul>
 <div class="search-result-makelaar"><a class="search-result-makelaar-name" href="/makelaars/amsterdam/{agent[0]}/">{agent[1]}</a></div>
</div></div></li>''')
        if i == 4:
            cards.append('<li class="search-results-advertisement"><div id="adv-search-results-1" class="advertisement"><span>Advertentie</span>'
                         '<a href="https://adclick.g.doubleclick.net/pcs/click?xai=AKAOj">ad</a></div></li>')
    body = f'''<header class="app-header">{links(host, [('/' + slug(w) + '/', w) for w in NL_NAV], 'app-header-nav')}</header>
<div class="container search-main"><aside class="search-sidebar"><form action="/huur/amsterdam/" method="get"><input name="filter_WijkNaam"></form>
{links(host, [('/huur/amsterdam/%s/' % f, f) for f in ['0-1000', '1000-1500', '1500-2000', '2-kamers', '3-kamers', 'balkon', 'tuin']], 'search-facets')}</aside>
<div class="search-content"><h1 class="search-output-result-count">{r.randint(900, 1400)} huurwoningen in Amsterdam</h1>
<ul class="search-sorting">{''.join('<li><a href="/huur/amsterdam/sorteer-%s/">%s</a></li>' % (s, s) for s in ['datum-af', 'prijs-op', 'prijs-af'])}</ul>
<ol class="search-results">{''.join(cards)}</ol>
{pagination(host, '/huur/amsterdam/p%d/')}
</div></div>
{seo_block(host, 'Populaire zoekopdrachten', [('/huur/%s/' % c, 'Huurwoningen ' + c.title()) for c in ['rotterdam', 'utrecht', 'den-haag', 'haarlem', 'amstelveen', 'zaandam', 'diemen', 'leiden']])}
{footer(host, NL_FOOT)}'''
    return ("funda_huur_amsterdam_2019.html", page("nl", "Huurwoningen Amsterdam [funda]", tracking_scripts(r, "funda"), body),
            truth("funda_huur_amsterdam_2019.html", page_url, listings, [],
                  "ol.search-results > li.search-result; two Top-positie cards in the list are results; makelaar and bewaar links are not."))


def funda2024():
    r = rng("funda-2024")
    host = "https://www.funda.nl"
    page_url = host + "/zoeken/huur?selected_area=%5B%22amsterdam%22%5D"
    listings, excluded, cards = [], [], []
    for i in range(15):
        gid = 43100000 + r.randint(1, 899999)
        street = r.choice(STREETS["nl"])
        addr = "%s %d%s" % (street, r.randint(1, 300), r.choice(["", "-2", " H", " 3"]))
        kind = r.choice(["appartement", "appartement", "huis"])
        href = host + "/detail/huur/amsterdam/%s-%s/%d/" % (kind, slug(addr), gid)
        price = "€ %s /maand" % group3(r.choice([1450, 1650, 1800, 1950, 2200, 2500, 2850]), ".")
        listings.append((href, addr, price))
        agent = r.choice([("24573-rotsvast-amsterdam", "Rotsvast Amsterdam"), ("11432-vesteda", "Vesteda"),
                          ("63218-nelisse", "Nelisse Makelaars")])
        cards.append(f'''<div class="border-b pb-3"><div data-test-id="search-result-item" class="@container">
<div class="flex flex-col sm:flex-row">
 <a data-test-id="object-image-link" href="{href}" tabindex="-1" class="relative"><img class="size-full object-cover" src="https://cloud.funda.nl/valentina_media/18{gid % 10:01d}/{gid % 1000:03d}/{gid}_1440x960.jpg?options=width=360" alt="">
 {'<span class="absolute left-2 top-2 rounded-sm bg-red-70 px-2 text-xs text-white">Nieuw</span>' if i < 3 else ''}</a>
 <div class="relative flex w-full min-w-0 flex-col pl-0 pt-4 sm:pl-4 sm:pt-0">
  <div class="flex flex-col"><h2 data-test-id="street-name-house-number" class="font-semibold text-secondary-70 sm:mt-0"><a href="{href}" class="text-secondary-70 visited:text-purple-80 hover:text-secondary-70-darken-1">{esc(addr)}</a></h2>
  <div data-test-id="postal-code-city" class="truncate text-neutral-80">10{r.randint(11, 99)} {r.choice(['AB', 'KL', 'XZ'])} Amsterdam</div></div>
  <div class="font-semibold mt-2 mb-0"><div data-test-id="price-rent" class="truncate">{esc(price)}</div></div>
  <ul class="mt-1 flex h-6 min-w-0 flex-wrap overflow-hidden"><li class="mr-2 flex items-center">{r.randint(35, 140)} m²</li><li class="mr-2">{r.randint(1, 5)}</li><li>{r.choice('ABCD')}</li></ul>
  <div class="mt-auto pt-2"><a href="{host}/makelaar/{agent[0]}/" class="text-secondary-70 truncate text-xs">{agent[1]}</a></div>
 </div></div></div></div>''')
        if i == 5:
            cards.append('<div class="border-b pb-3"><div class="ad-container" data-test-id="advertisement"><span class="text-xs">Advertentie</span>'
                         '<div id="div-gpt-ad-zoekresultaten-1"></div></div></div>')
    blik = host + "/detail/huur/amsterdam/appartement-%s/%d/" % (slug(r.choice(STREETS["nl"]) + " 1"), 43999111)
    excluded.append((blik, "Blikvanger promotion above the sort bar (not in the result count)"))
    body = f'''<div id="__nuxt"><div id="__layout"><header class="border-b">{links(host, [('/' + slug(w) + '/', w) for w in NL_NAV], 'flex')}</header>
<main class="container"><div class="flex"><aside class="hidden md:block w-72"><form>{''.join('<label><input type="checkbox" name="{0}"> {0}</label>'.format(f) for f in ['balkon', 'tuin', 'gemeubileerd'])}</form></aside>
<div class="grow"><h1 class="text-2xl">{r.randint(1100, 1600)} huurwoningen in Amsterdam</h1>
<div class="blikvanger mb-4"><span class="text-xs">Blikvanger</span><a href="{blik}" class="block"><img src="https://cloud.funda.nl/valentina_media/blik.jpg" alt=""><h3>Exclusief wonen aan het IJ</h3><p>€ 3.950 /maand</p></a></div>
<div class="flex justify-between"><button type="button">Sorteer op: Relevantie</button><a href="{host}/zoeken/kaart/huur?selected_area=%5B%22amsterdam%22%5D">Kaart</a></div>
<div class="pt-4">{''.join(cards)}</div>
<nav class="mt-6 flex" aria-label="Paginering">{''.join('<a href="%s/zoeken/huur?selected_area=%%5B%%22amsterdam%%22%%5D&amp;search_result=%d" class="px-2">%d</a>' % (host, p, p) for p in range(2, 8))}</nav>
</div></div></main>
{seo_block(host, 'Ook interessant', [('/zoeken/huur?selected_area=%%5B%%22%s%%22%%5D' % c, 'Huurwoningen ' + c.title()) for c in ['amstelveen', 'diemen', 'zaandam', 'haarlem', 'utrecht', 'hoofddorp']])}
{footer(host, NL_FOOT)}</div></div>'''
    return ("funda_zoeken_huur_amsterdam_2024.html", page("nl", "Huurwoningen in Amsterdam | funda", tracking_scripts(r, "funda"), body),
            truth("funda_zoeken_huur_amsterdam_2024.html", page_url, listings, excluded,
                  "Nuxt/Tailwind cards div[data-test-id=search-result-item]; Blikvanger promo and makelaar links excluded."))


def pararius2019():
    r = rng("pararius-2019")
    host = "https://www.pararius.nl"
    page_url = host + "/huurwoningen/amsterdam"
    listings, cards = [], []
    for i in range(20):
        pid = "PR000%07d" % r.randint(1000000, 9999999)
        street = r.choice(STREETS["nl"])
        kind = r.choice(["Appartement", "Appartement", "Huis", "Studio"])
        title = "%s %s" % (kind, street)
        href = "/%s-te-huur/amsterdam/%s/%s" % (kind.lower(), pid, slug(street))
        price = "€%s per maand" % group3(r.choice([1250, 1500, 1650, 1800, 1950, 2200]), ".")
        listings.append((host + href, title, price))
        agent = r.choice(["rotsvast-amsterdam", "vesteda", "mvgm-verhuur", "househunting-amsterdam"])
        hl = i in (0, 1)
        cards.append(f'''<li class="property-list-item-container {'highlighted' if hl else ''}">
 <div class="image"><a href="{href}"><img src="https://casco.pararius.nl/{pid}/{i}/foto.jpg" alt="{esc(title)}"></a>{'<span class="highlight-label">Uitgelicht</span>' if hl else ''}</div>
 <div class="details"><h2><a href="{href}">{esc(title)}</a></h2>
  <ul class="breadcrumbs"><li>10{r.randint(11, 99)} {r.choice(['AB', 'KL'])} Amsterdam ({esc(r.choice(['Kinkerbuurt', 'De Pijp', 'Oud-West', 'Centrum']))})</li></ul>
  <p class="price ">{esc(price.split(' per')[0])} <span class="price-type">per maand</span></p>
  <ul class="property-features"><li class="surface">{r.randint(30, 120)} m²</li><li class="bedrooms">{r.randint(1, 4)} slaapkamers</li><li class="furniture">{r.choice(['Gemeubileerd', 'Gestoffeerd', 'Kaal'])}</li></ul>
  <p class="estate-agent"><a href="/makelaars/amsterdam/{agent}">{agent.replace('-', ' ').title()}</a></p>
 </div></li>''')
    body = f'''<div id="header">{links(host, [('/' + slug(w), w) for w in NL_NAV], 'menu')}</div>
<div id="search-page"><div class="search-results-wrapper"><h1>Huurwoningen Amsterdam</h1><p class="count">{r.randint(1500, 2200)} resultaten</p>
<ul class="search-results-list">{''.join(cards)}</ul>
<ul class="pagination">{''.join('<li><a href="/huurwoningen/amsterdam/page-%d">%d</a></li>' % (p, p) for p in range(2, 9))}<li class="next"><a href="/huurwoningen/amsterdam/page-2">Volgende</a></li></ul>
</div>
<div class="search-sidebar"><h3>Andere wijken</h3>{links(host, [('/huurwoningen/amsterdam/%s' % w, w.title()) for w in ['centrum', 'de-pijp', 'oud-west', 'oost', 'noord', 'nieuw-west', 'zuid']])}</div></div>
{seo_block(host, 'Huurwoningen in de buurt', [('/huurwoningen/%s' % c, 'Huurwoningen ' + c.title()) for c in ['amstelveen', 'diemen', 'haarlem', 'zaandam', 'hoofddorp']])}
{footer(host, NL_FOOT)}'''
    return ("pararius_huurwoningen_amsterdam_2019.html", page("nl", "Huurwoningen Amsterdam - Pararius", tracking_scripts(r, "pararius"), body),
            truth("pararius_huurwoningen_amsterdam_2019.html", page_url, listings, [],
                  "ul.search-results-list > li.property-list-item-container; PR-ids; Uitgelicht cards are results; makelaar links not."))


def pararius2024():
    r = rng("pararius-2024")
    host = "https://www.pararius.com"
    page_url = host + "/apartments/amsterdam"
    listings, excluded, cards = [], [], []
    for i in range(30):
        pid = "%08x" % r.getrandbits(32)
        street = r.choice(STREETS["nl"])
        kind = r.choice(["Flat", "Flat", "House", "Studio"])
        title = "%s %s %d" % (kind, street, r.randint(1, 300))
        href = "/%s-for-rent/amsterdam/%s/%s" % (kind.lower() if kind != "Flat" else "apartment", pid, slug(street))
        price = "€%s per month" % group3(r.choice([1450, 1650, 1800, 1950, 2200, 2500]), ",")
        listings.append((host + href, title, price))
        agent = r.choice(["vesteda", "mvgm-verhuur", "househunting-amsterdam", "rotsvast-amsterdam"])
        cards.append(f'''<li class="search-list__item search-list__item--listing"><section class="listing-search-item listing-search-item--list listing-search-item--for-rent">
 <div class="listing-search-item__depiction"><a class="listing-search-item__link listing-search-item__link--depiction" href="{href}"><wc-picture><img src="https://casco-media-prod.global.ssl.fastly.net/{pid}/p1.jpg" alt=""></wc-picture></a>
 {'<div class="listing-label listing-label--new">New</div>' if i < 4 else ''}</div>
 <h2 class="listing-search-item__title"><a class="listing-search-item__link listing-search-item__link--title" href="{href}">{esc(title)}</a></h2>
 <div class="listing-search-item__sub-title'">10{r.randint(11, 99)} {r.choice(['AB', 'KL'])} Amsterdam ({esc(r.choice(['De Pijp', 'Oud-West', 'Centrum']))})</div>
 <div class="listing-search-item__price">{esc(price)}</div>
 <div class="listing-search-item__features"><ul class="illustrated-features"><li class="illustrated-features__item--surface-area">{r.randint(30, 120)} m²</li><li>{r.randint(1, 4)} rooms</li></ul></div>
 <div class="listing-search-item__info"><a class="listing-search-item__link" href="/real-estate-agents/amsterdam/{agent}">{agent.replace('-', ' ').title()}</a></div>
</section></li>''')
        if i == 6:
            cards.append('<li class="search-list__item search-list__item--subscription"><div class="search-subscription"><h3>Get notified</h3>'
                         '<a href="/account/alerts/create?location=amsterdam" class="button">Create alert</a></div></li>')
        if i == 15:
            cards.append('<li class="search-list__item search-list__item--ad"><div class="advertisement" data-ad="pararius_srp_1">Advertisement</div></li>')
    proj = host + "/new-construction-projects/amsterdam/1b2c3d4e/sluisbuurt"
    excluded.append((proj, "new-construction project teaser below the list"))
    body = f'''<header class="masthead">{links(host, [('/' + slug(w), w) for w in ['Rent', 'Rent out', 'Real estate agents', 'Log in', 'Blog']], 'masthead__nav')}</header>
<main class="page__main"><div class="search-results"><h1 class="search-list-header__title">{r.randint(1500, 2200)} rental properties in Amsterdam</h1>
<ul class="search-list">{''.join(cards)}</ul>
<div class="pagination"><ul class="pagination__list">{''.join('<li class="pagination__item"><a class="pagination__link" href="/apartments/amsterdam/page-%d">%d</a></li>' % (p, p) for p in range(2, 9))}</ul><a class="pagination__link pagination__link--next" href="/apartments/amsterdam/page-2">Next</a></div>
<section class="project-teaser"><h3>New construction</h3><a href="{proj}">Sluisbuurt - from €1,650</a></section>
</div></main>
{seo_block(host, 'Popular searches', [('/apartments/%s' % c, 'Apartments ' + c.title()) for c in ['rotterdam', 'utrecht', 'the-hague', 'haarlem', 'amstelveen']])}
{footer(host, ['About', 'Contact', 'Privacy', 'Cookies', 'Terms', 'Help', 'Careers'])}'''
    return ("pararius_com_apartments_amsterdam_2024.html", page("en", "Rental properties in Amsterdam - Pararius", tracking_scripts(r, "pararius"), body),
            truth("pararius_com_apartments_amsterdam_2024.html", page_url, listings, excluded,
                  "section.listing-search-item in ul.search-list; alert and ad items; agent links in the card are not listings."))


def _kamernet_tile(r, host, i):
    kid = 1500000 + r.randint(1, 299999)
    street = r.choice(STREETS["nl"])
    kind = r.choice(["kamer", "kamer", "studio", "appartement"])
    href = "%s/huren/%s-amsterdam/%s/%s-%d" % (host, kind, slug(street), kind, kid)
    price = "€ %d,-" % r.choice([450, 550, 650, 700, 800, 950])
    return kid, street, kind, href, price


def kamernet2018():
    r = rng("kamernet-2018")
    host = "https://kamernet.nl"
    page_url = host + "/huren/kamers-amsterdam"
    listings, excluded, tiles = [], [], []
    for i in range(18):
        kid, street, kind, href, price = _kamernet_tile(r, host, i)
        listings.append((href, street, price))
        tiles.append(f'''<div class="rowSearchResultRoom col s12 m6 l4" id="roomAdvert_{kid}"><div class="tile-wrapper">
 <a class="tile-img-link" href="{href}"><img class="tile-img" src="https://resources.kamernet.nl/image/{kid}/small" alt=""></a>
 {'<div class="tile-toproom">Top advertentie</div>' if i < 2 else ''}
 <div class="tile-data"><a class="tile-title-link" href="{href}"><div class="tile-title truncate">{esc(street)}</div></a>
  <div class="tile-city">Amsterdam</div><div class="tile-room-type">{kind.title()}</div>
  <div class="tile-rent">{price} <span class="tile-utilities">incl.</span></div><div class="tile-surface">{r.randint(9, 40)} m²</div>
  <div class="tile-availability">{r.choice(['Per direct', '01-06-2018', '15-07-2018'])}</div></div></div></div>''')
        if i == 8:
            tiles.append('<div class="rowSearchResultRoom col s12 m6 l4 promo-tile"><div class="tile-wrapper"><a href="/premium">'
                         '<div class="tile-title">Sneller een kamer? Word Premium</div></a></div></div>')
            excluded.append((host + "/premium", "Premium upsell tile in the grid"))
    body = f'''<nav class="navbar">{links(host, [('/' + slug(w), w) for w in ['Huren', 'Verhuren', 'Inloggen', 'Aanmelden', 'Premium', 'Help']], 'nav-list')}</nav>
<div class="container"><h1>Kamers te huur in Amsterdam</h1><div class="search-count">{r.randint(300, 800)} resultaten</div>
<div class="row searchresults">{''.join(tiles)}</div>
<ul class="pagination">{''.join('<li class="waves-effect"><a href="/huren/kamers-amsterdam?pageno=%d">%d</a></li>' % (p, p) for p in range(2, 9))}</ul>
{seo_block(host, 'Kamers in andere steden', [('/huren/kamers-%s' % c, 'Kamers ' + c.title()) for c in ['utrecht', 'rotterdam', 'groningen', 'leiden', 'delft', 'nijmegen']])}</div>
{footer(host, NL_FOOT)}'''
    return ("kamernet_huren_kamers_amsterdam_2018.html", page("nl", "Kamers Amsterdam - Kamernet", tracking_scripts(r, "kamernet"), body),
            truth("kamernet_huren_kamers_amsterdam_2018.html", page_url, listings, excluded,
                  "div.rowSearchResultRoom > div.tile-wrapper; Top advertentie tiles are results; the Premium promo tile is not."))


def kamernet2024():
    r = rng("kamernet-2024b")
    host = "https://kamernet.nl"
    page_url = host + "/en/for-rent/properties-amsterdam"
    listings, excluded, cards, rail = [], [], [], []
    for i in range(18):
        kid, street, kind, href, price = _kamernet_tile(r, host, i)
        kid += 800000
        href = "%s/huren/%s-amsterdam/%s/%s-%d" % (host, kind, slug(street), kind, kid)
        title = "%s %s" % (kind.title(), street)
        listings.append((href, title, price))
        cards.append(f'''<div class="MuiGrid-root MuiGrid-item MuiGrid-grid-xs-12 MuiGrid-grid-md-4 mui-style-1a2b3c"><div class="MuiPaper-root MuiCard-root SearchResultCard_root__Qz81a mui-style-9x8y7z">
<a class="MuiCardActionArea-root SearchResultCard_link__aB3dE" href="{href.replace(host, '')}"><div class="SearchResultCard_media__p0Q"><img alt="{esc(title)}" src="https://resources.kamernet.nl/image/{kid}/small" loading="lazy"></div>
<div class="MuiCardContent-root"><h6 class="MuiTypography-root MuiTypography-subtitle1">{esc(title)}</h6><p class="MuiTypography-root MuiTypography-body2">Amsterdam</p>
<div class="SearchResultCard_chips__k2"><span class="MuiChip-label">{r.randint(9, 40)} m²</span><span class="MuiChip-label">{r.choice(['Furnished', 'Unfurnished'])}</span></div>
<p class="MuiTypography-root MuiTypography-h6">{price}<span class="MuiTypography-caption"> /month incl.</span></p></div></a></div></div>''')
    for j in range(3):
        kid, street, kind, href, price = _kamernet_tile(r, host, 100 + j)
        href = "%s/huren/%s-amstelveen/%s/%s-%d" % (host, kind, slug(street), kind, kid + 900000)
        excluded.append((href, "'Also interesting nearby' rail (Amstelveen), not this search"))
        rail.append(f'''<a class="ListingCard_root__kP3xZ" href="{href.replace(host, '')}"><span class="ListingCard_title__Ut7aL">{esc(kind.title() + ' ' + street)}</span><span class="ListingCard_price__mJ8Kd">{price}</span></a>''')
    body = f'''<div id="__next"><header class="MuiAppBar-root">{links(host, [('/en/' + slug(w), w) for w in ['Find a room', 'Rent out', 'Log in', 'Sign up', 'Premium', 'Help']], 'Header_nav')}</header>
<main class="SearchPage_main__w"><h1 class="MuiTypography-h4">{r.randint(300, 800)} rooms and properties in Amsterdam</h1>
<div class="MuiGrid-root MuiGrid-container SearchResults_grid__x1">{''.join(cards)}</div>
<nav class="MuiPagination-root"><ul class="MuiPagination-ul">{''.join('<li><a class="MuiPaginationItem-root" href="/en/for-rent/properties-amsterdam?pageNo=%d">%d</a></li>' % (p, p) for p in range(2, 9))}</ul></nav>
<section class="AlsoInteresting_root__r1"><h2>Also interesting nearby</h2><div class="Carousel_track__c9">{''.join(rail)}</div></section>
{seo_block(host, 'Rooms in other cities', [('/en/for-rent/rooms-%s' % c, 'Rooms ' + c.title()) for c in ['utrecht', 'rotterdam', 'groningen', 'leiden', 'delft']])}</main>
{footer(host, ['About', 'Contact', 'Privacy', 'Terms', 'Safety', 'Help'])}</div>'''
    return ("kamernet_for_rent_amsterdam_2024.html", page("en", "Rooms and properties for rent in Amsterdam | Kamernet", tracking_scripts(r, "kamernet") + css_blob(r, 80), body),
            truth("kamernet_for_rent_amsterdam_2024.html", page_url, listings, excluded,
                  "MUI grid of SearchResultCard; the 'Also interesting nearby' carousel uses the ListingCard component (guessed); excluded."))
