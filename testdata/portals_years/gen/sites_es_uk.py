"""idealista, rightmove and zoopla search pages in the markup of past and
recent years."""

from chrome import *

ES_STREETS = ["calle de Toledo", "calle de Embajadores", "calle del Pez", "calle de Atocha", "calle de Bravo Murillo",
              "calle de Alcalá", "paseo de las Delicias", "calle de Hortaleza", "calle de Fuencarral", "calle de Lavapiés",
              "calle de Valencia", "calle de Santa Isabel", "calle de Argumosa", "calle de la Princesa"]
HOODS = ["Embajadores-Lavapiés", "Malasaña-Universidad", "Chueca-Justicia", "Palacio", "Cortes", "Sol"]


def _idealista_other_searches(host):
    return seo_block(host, "Otras búsquedas", [("/alquiler-viviendas/madrid/%s/" % s, "Alquiler de pisos en " + t) for s, t in
                                                 [("centro/lavapies-embajadores", "Lavapiés"), ("centro/malasana-universidad", "Malasaña"),
                                                  ("chamberi", "Chamberí"), ("arganzuela", "Arganzuela"), ("retiro", "Retiro"),
                                                  ("salamanca", "Salamanca"), ("tetuan", "Tetuán")]], "other-searches")


def idealista2016():
    r = rng("idealista-2016")
    host = "https://www.idealista.com"
    page_url = host + "/alquiler-viviendas/madrid/centro/"
    listings, cards = [], []
    for i in range(20):
        aid = 32000000 + r.randint(1, 999999)
        street = r.choice(ES_STREETS)
        title = "Piso en %s, %s, Madrid" % (street, r.choice(HOODS))
        href = "/inmueble/%d/" % aid
        price = "%s€/mes" % group3(r.choice([750, 850, 950, 1100, 1300, 1500]), ".")
        listings.append((host + href, title, price))
        top = i < 2
        pro = r.random() < .6
        cards.append(f'''<article class="item {'item_hightop' if top else ''} {'item_contains_branding' if pro else ''}">
<div class="item-multimedia"><a href="{href}" class="item-link-img"><img src="https://img3.idealista.com/blur/WEB_LISTING/0/id.pro.es.image.master/{aid % 100:02d}/{aid}.jpg" alt=""></a></div>
<div class="item-info-container">
 {'<span class="item-highlight-phrase">Destacado</span>' if top else ''}
 <a href="{href}" class="item-link" title="{esc(title)}">{esc(title)}</a>
 <div class="row price-row clearfix"><span class="item-price">{esc(price.split('€')[0])}<span>€/mes</span></span></div>
 <span class="item-detail">{r.randint(1, 4)} <small>hab.</small></span><span class="item-detail">{r.randint(35, 140)} <small>m²</small></span>
 <p class="item-description"><span class="ellipsis">Piso exterior muy luminoso, reformado, amueblado...</span></p>
 <div class="item-toolbar"><a class="icon-phone item-clickable-phone" href="tel:+34910000000">Ver teléfono</a><a class="icon-mail item-toolbar-contact" href="/inmueble/{aid}/#contacto" rel="nofollow">Contactar</a>
 {'<a class="logo-branding" href="/pro/inmobiliaria-centro-%d/"><img src="/logo.png" alt="Inmobiliaria"></a>' % (i % 4) if pro else ''}</div>
</div></article>''')
        if i in (5, 13):
            cards.append('<article class="adv noHover"><div class="adv-container" id="adv-listado-%d">Publicidad</div></article>' % i)
    body = f'''<header id="main-header">{links(host, [('/' + slug(w) + '/', w) for w in ['Alquilar', 'Comprar', 'Obra nueva', 'Publica tu anuncio gratis', 'Favoritos', 'Acceder']], 'header-menu')}</header>
<div id="main-content" class="container"><div class="listing-top"><h1 id="h1-container">{r.randint(1800, 3000)} pisos de alquiler en Centro, Madrid</h1>
<div class="listing-top-options"><a href="/alquiler-viviendas/madrid/centro/mapa">Ver mapa</a><a href="/alquiler-viviendas/madrid/centro/?ordenado-por=precios-asc">Más baratos</a></div></div>
<aside id="aside-filters"><form id="filter-form" action="/alquiler-viviendas/madrid/centro/">{links(host, [('/alquiler-viviendas/madrid/centro/con-%s/' % f, f) for f in ['precio-hasta_1000', 'de-dos-dormitorios', 'ascensor', 'terraza']])}</form></aside>
<section class="items-container">{''.join(cards)}</section>
<div class="pagination"><ul>{''.join('<li><a href="/alquiler-viviendas/madrid/centro/pagina-%d.htm">%d</a></li>' % (p, p) for p in range(2, 9))}<li class="next"><a class="icon-arrow-right-after" href="/alquiler-viviendas/madrid/centro/pagina-2.htm">Siguiente</a></li></ul></div>
{_idealista_other_searches(host)}</div>
{footer(host, ['Quiénes somos', 'Contacto', 'Trabaja con nosotros', 'Aviso legal', 'Privacidad', 'Cookies', 'Ayuda', 'Sala de prensa', 'Mapa web'])}'''
    return ("idealista_alquiler_madrid_centro_2016.html", page("es", "Pisos en alquiler en Centro, Madrid — idealista", tracking_scripts(r, "idealista"), body),
            truth("idealista_alquiler_madrid_centro_2016.html", page_url, listings, [],
                  "section.items-container > article.item (Destacado/top items are results; article.adv are ads); branding /pro/ links and Otras búsquedas not listings."))


def idealista2023():
    r = rng("idealista-2023")
    host = "https://www.idealista.pt"
    page_url = host + "/arrendar-casas/lisboa/"
    listings, excluded, cards = [], [], []
    for i in range(30):
        aid = 32000000 + r.randint(1, 999999)
        street = r.choice(STREETS["pt"])
        title = "Apartamento T%d na %s, %s, Lisboa" % (r.randint(0, 3), street, r.choice(["Arroios", "Santa Maria Maior", "Estrela", "Misericórdia"]))
        href = "/imovel/%d/" % aid
        price = "%s€/mês" % group3(r.choice([900, 1100, 1250, 1400, 1600, 1800, 2200]), ".")
        listings.append((host + href, title, price))
        top = i < 3
        cards.append(f'''<article class="item extended-item item-multimedia-container {'item_hightop' if top else ''}" data-element-id="{aid}" data-online-booking="false">
<div class="item-gallery"><div class="item-multimedia"><picture class="item-multimedia-pictures__picture"><img src="https://img3.idealista.pt/blur/WEB_LISTING-M/0/id.pro.pt.image.master/{aid}.webp" alt=""></picture></div></div>
<div class="item-info-container">
 {'<div class="listing-tags-container"><span class="listing-tags ">Top+</span></div>' if top else ''}
 <a href="{href}" role="heading" aria-level="2" class="item-link " title="{esc(title)}">{esc(title)}</a>
 <div class="price-row "><span class="item-price h2-simulated">{esc(price.split('€')[0])}<span class="txt-big">€/mês</span></span></div>
 <div class="item-detail-char"><span class="item-detail">T{r.randint(0, 3)}</span><span class="item-detail">{r.randint(35, 140)} m² área bruta</span></div>
 <div class="item-description description"><p class="ellipsis">Apartamento remodelado, mobilado e equipado...</p></div>
 <div class="item-toolbar"><a class="item-toolbar-contact-phone" href="tel:+351210000000">Ver telefone</a><button class="favorite-btn" data-role="favorite">Guardar</button>
 <a class="logo-branding" href="/pro/imobiliaria-lx-{i % 5}/" title="Imobiliária"><img src="/logo.png" alt=""></a></div>
</div></article>''')
        if i in (4, 14, 24):
            cards.append('<article class="adv noHover"><div class="adv-container" id="adv-listing-%d" data-ad-slot="listing-middle">Publicidade</div></article>' % i)
    body = f'''<header id="main-header">{links(host, [('/' + slug(w) + '/', w) for w in ['Arrendar', 'Comprar', 'Empreendimentos', 'Publique o seu anúncio', 'Favoritos']], 'header-menu')}</header>
<main id="main-content"><div class="listing-top"><h1 id="h1-container">{r.randint(1800, 3000)} casas e apartamentos para arrendar em Lisboa</h1>
<div class="listing-top-options"><a href="/arrendar-casas/lisboa/mapa">Ver mapa</a><a href="/arrendar-casas/lisboa/?ordem=precos-asc">Mais baratos</a></div></div>
<section class="items-container items-list">{''.join(cards)}</section>
<div class="pagination"><ul>{''.join('<li><a href="/arrendar-casas/lisboa/pagina-%d">%d</a></li>' % (p, p) for p in range(2, 9))}<li class="next"><a class="icon-arrow-right-after" href="/arrendar-casas/lisboa/pagina-2">Seguinte</a></li></ul></div>
{seo_block(host, 'Outras pesquisas', [('/arrendar-casas/%s/' % s, 'Arrendar casas em ' + s.title()) for s in ['lisboa/arroios', 'lisboa/estrela', 'oeiras', 'amadora', 'cascais', 'almada']], 'other-searches')}
</main>
{footer(host, ['Quem somos', 'Contacto', 'Trabalhe connosco', 'Aviso legal', 'Privacidade', 'Cookies', 'Ajuda', 'Mapa do site'])}'''
    return ("idealista_pt_arrendar_lisboa_2023.html", page("pt", "Casas e apartamentos para arrendar em Lisboa — idealista", tracking_scripts(r, "idealista") + css_blob(r, 60), body),
            truth("idealista_pt_arrendar_lisboa_2023.html", page_url, listings, excluded,
                  "article.item[data-element-id] in section.items-container; Top+ items are results; adv articles, /pro/ agency logos, Outras pesquisas excluded."))


UK_NAV = ["Buy", "Rent", "House Prices", "Find Agent", "Commercial", "Inspire", "Sign in"]
UK_FOOT = ["About", "Careers", "Contact us", "Help", "Terms of use", "Privacy policy", "Cookies", "Safety", "Sitemap",
           "Investor relations", "Advertise", "Blog"]


def rightmove2016():
    r = rng("rightmove-2016")
    host = "https://www.rightmove.co.uk"
    page_url = host + "/property-to-rent/find.html?locationIdentifier=REGION%5E87490&maxPrice=2000"
    listings, cards = [], []
    for i in range(10):
        pid = 58000000 + r.randint(1, 999999)
        beds = r.randint(1, 3)
        title = "%d bedroom flat to rent" % beds
        addr = "%s, London, %s" % (r.choice(STREETS["en"]), r.choice(["E8", "N1", "N7", "SE15", "E2"]))
        href = "/property-to-rent/property-%d.html" % pid
        price = "£%s pcm" % group3(r.choice([1300, 1450, 1600, 1750, 1950]), ",")
        listings.append((host + href, title, price))
        agent = r.choice([("Foxtons/Hackney-12345", "Foxtons, Hackney"), ("Hamptons/Islington-48211", "Hamptons, Islington"),
                          ("Stirling-Ackroyd/Shoreditch-9912", "Stirling Ackroyd, Shoreditch")])
        feat = i == 0
        cards.append(f'''<li class="summary-list-item {'is-featured' if feat else ''}" id="summary{pid}">
<div class="summarymaincontent">{'<div class="featured-property-label">Featured Property</div>' if feat else ''}
 <div class="photos"><a class="photo" href="{href}"><img src="https://media.rightmove.co.uk/dir/crop/10:9-16:9/{pid % 1000}k/{pid}/{pid}_IMG_00_0000_max_296x197.jpg" alt="Picture No. 1"></a><span class="photocount">{r.randint(4, 15)}</span></div>
 <div class="details clearfix"><h2 class="bedrooms"><a id="standardPropertySummary{pid}" href="{href}">{title}</a></h2>
  <span class="displayaddress">{esc(addr)}</span>
  <p class="price-new"><a href="{href}">{esc(price)}</a></p>
  <p class="description">Newly refurbished {beds} bed flat close to transport links, available now...</p>
  <div class="branchblurb"><p>Marketed by <a href="/estate-agents/agent/{agent[0]}.html">{esc(agent[1])}</a>. Telephone: <a href="tel:02070000000">020 7000 0000</a></p></div>
  <ul class="actions"><li><a href="/property-to-rent/contactBranch.html?propertyId={pid}" rel="nofollow">Contact agent</a></li><li><a href="/property-to-rent/saveProperty.html?propertyId={pid}" rel="nofollow">Save property</a></li></ul>
 </div></div></li>''')
    body = f'''<div id="header">{links(host, [('/' + slug(w) + '.html', w) for w in UK_NAV], 'mainnav')}</div>
<div id="content"><div id="searchTitle"><h1>Property To Rent in London</h1><span class="searchheader-resultcount">{r.randint(8000, 12000)}</span> results</div>
<div id="sidebar"><h3>Filter your results</h3>{links(host, [('/property-to-rent/find.html?locationIdentifier=REGION%%5E87490&%s' % f, f) for f in ['minBedrooms=1', 'minBedrooms=2', 'furnishTypes=furnished', 'letType=longTerm']])}</div>
<div id="results"><ol id="summaries" class="clearfix">{''.join(cards)}</ol>
<div class="pagenavigation"><ul>{''.join('<li><a href="/property-to-rent/find.html?locationIdentifier=REGION%%5E87490&amp;maxPrice=2000&amp;index=%d">%d</a></li>' % (p * 10, p + 1) for p in range(1, 9))}</ul><a class="pagenavigation pagenext" href="/property-to-rent/find.html?locationIdentifier=REGION%5E87490&amp;maxPrice=2000&amp;index=10">next</a></div></div>
{seo_block(host, 'Property to rent near London', [('/property-to-rent/%s.html' % c, 'Property to rent in ' + c.title()) for c in ['Hackney', 'Islington', 'Camden', 'Lambeth', 'Southwark', 'Croydon']])}</div>
{footer(host, UK_FOOT)}'''
    return ("rightmove_to_rent_london_2016.html", page("en-GB", "Property To Rent in London | Rightmove", tracking_scripts(r, "rightmove"), body),
            truth("rightmove_to_rent_london_2016.html", page_url, listings, [],
                  "ol#summaries > li.summary-list-item (pre-2017 layout); the featured property heads the list and is a result; agent, contact and save links are not."))


def rightmove2023():
    r = rng("rightmove-2023")
    host = "https://www.rightmove.co.uk"
    page_url = host + "/property-to-rent/find.html?locationIdentifier=REGION%5E87490&maxPrice=2500&index=0"
    listings, cards = [], []
    ids = []
    for i in range(24):
        pid = 135000000 + r.randint(1, 9999999)
        ids.append(pid)
        beds = r.randint(1, 3)
        title = "%d bedroom flat" % beds
        addr = "%s, London, %s" % (r.choice(STREETS["en"]), r.choice(["E8", "N1", "N7", "SE15", "E2"]))
        href = "/properties/%d#/?channel=RES_LET" % pid
        price = "£%s pcm" % group3(r.choice([1650, 1800, 1950, 2100, 2300, 2450]), ",")
        listings.append((host + "/properties/%d" % pid, title, price))
        feat = i == 0
        agent = r.choice([("Foxtons/Hackney-12345", "Foxtons"), ("Hamptons/Islington-48211", "Hamptons"), ("Chestertons/Islington-3102", "Chestertons")])
        cards.append(f'''<div class="l-searchResult is-list" data-test="propertyCard-{i}"><div id="property-{pid}" class="propertyCard propertyCard--{'featured' if feat else 'premium'}">
<div class="propertyCard-wrapper">{'<div class="propertyCard-moreInfoFeaturedTitle">Featured Property</div>' if feat else ''}
 <div class="propertyCard-images"><a class="propertyCard-img-link aspect-3x2" data-test="property-img" href="{href}"><div class="propertyCard-img"><img itemprop="image" src="https://media.rightmove.co.uk/dir/crop/10:9-16:9/{pid % 1000}k/{pid}/{pid}_IMG_00_0000_max_476x317.jpeg" alt="Property Image 1"></div></a></div>
 <div class="propertyCard-content"><div class="propertyCard-section"><div class="propertyCard-details"><a class="propertyCard-link" href="{href}" data-test="property-details">
  <h2 class="propertyCard-title" itemprop="name">{title}</h2><address class="propertyCard-address property-address"><meta itemprop="streetAddress" content="{esc(addr)}"><span>{esc(addr)}</span></address></a>
  <div class="property-information"><span class="text">Flat</span><span class="text">{beds}</span></div></div>
  <div class="propertyCard-description"><a class="propertyCard-link" href="{href}"><span itemprop="description">A superb {beds} bedroom apartment available to rent...</span></a></div></div>
 <div class="propertyCard-header"><div class="propertyCard-price"><a class="propertyCard-priceLink propertyCard-rentalPrice" href="{href}"><div class="propertyCard-rentalPrice-primary"><span class="propertyCard-priceValue">{esc(price)}</span></div><div class="propertyCard-rentalPrice-secondary"><span class="propertyCard-secondaryPriceValue">£{r.randint(300, 600)} pw</span></div></a></div></div>
 <div class="propertyCard-contacts"><div class="propertyCard-branchLogo"><a class="propertyCard-branchLogo-link" href="/estate-agents/agent/{agent[0]}.html"><img class="propertyCard-branchLogo-image" src="https://media.rightmove.co.uk/company/clogo.png" alt="{agent[1]} Logo"></a></div>
  <div class="propertyCard-contactsItem"><a class="propertyCard-contactsPhoneNumber" href="tel:02070000000">020 7000 0000</a><a class="propertyCard-contactsEmail" href="/property-to-rent/contactBranch.html?propertyId={pid}" rel="nofollow">Contact</a></div></div>
 </div></div></div></div>''')
    template = ('<div class="l-searchResult is-list is-hidden" data-bind="visible: !loaded"><div class="propertyCard"><div class="propertyCard-wrapper">'
                '<a class="propertyCard-link" data-bind="attr: { href: propertyUrl }" href=""><h2 class="propertyCard-title" data-bind="text: displayTitle"></h2></a>'
                '<span class="propertyCard-priceValue" data-bind="text: price"></span></div></div></div>')
    body = f'''<header class="header">{links(host, [('/' + slug(w) + '.html', w) for w in UK_NAV], 'header-nav')}</header>
<div id="l-container"><div class="l-filters"><h1 class="searchTitle-heading">Property To Rent in London</h1><span class="searchHeader-resultCount">{r.randint(8000, 12000)}</span>
<div class="filtersBar">{links(host, [('/property-to-rent/find.html?locationIdentifier=REGION%%5E87490&%s' % f, f) for f in ['minBedrooms=1', 'furnishTypes=furnished', 'letType=longTerm', 'includeLetAgreed=false']])}</div></div>
<div class="l-searchResults" id="l-searchResults">{template}{''.join(cards)}</div>
<div class="l-pagination"><div class="pagination-controls"><button class="pagination-button pagination-direction--previous" disabled>Previous</button><select class="pagination-dropdown">{''.join('<option value="%d">%d</option>' % (p * 24, p + 1) for p in range(10))}</select><button class="pagination-button pagination-direction--next">Next</button></div></div>
{seo_block(host, 'Property to rent near London', [('/property-to-rent/%s.html' % c, 'Property to rent in ' + c.title()) for c in ['Hackney', 'Islington', 'Camden', 'Lambeth', 'Southwark', 'Croydon']])}</div>
{footer(host, UK_FOOT)}'''
    return ("rightmove_to_rent_london_2023.html", page("en-GB", "Property To Rent in London | Rightmove", tracking_scripts(r, "rightmove"), body),
            truth("rightmove_to_rent_london_2023.html", page_url, listings, [],
                  "div.l-searchResult > div.propertyCard (Knockout-era markup still served in 2023); featured property first; hidden template card, agent logo/phone/contact links excluded."))


def zoopla2018():
    r = rng("zoopla-2018")
    host = "https://www.zoopla.co.uk"
    page_url = host + "/to-rent/property/london/?price_frequency=per_month&q=London&results_sort=newest_listings"
    listings, excluded, cards = [], [], []
    for i in range(25):
        lid = 47000000 + r.randint(1, 999999)
        beds = r.randint(1, 3)
        title = "%d bed flat to rent" % beds
        addr = "%s, London %s" % (r.choice(STREETS["en"]), r.choice(["E8", "N1", "N7", "SE15", "E2"]))
        href = "/to-rent/details/%d" % lid
        price = "£%s pcm" % group3(r.choice([1300, 1450, 1600, 1750, 1950]), ",")
        listings.append((host + href, title, price))
        agent = r.choice([("foxtons-hackney-12345", "Foxtons - Hackney"), ("hamptons-islington-48211", "Hamptons - Islington")])
        prem = i < 2
        cards.append(f'''<li class="srp clearfix {'premium-listing' if prem else ''}" data-listing-id="{lid}" itemscope itemtype="http://schema.org/Residence">
<div class="listing-results-wrapper"><div class="listing-results-left">
 <a class="photo-hover" href="{href}"><img class="js-lazy-loaded" src="https://lid.zoocdn.com/354/255/{lid:x}.jpg" alt="{title}"></a>{'<span class="premium-listing-label">Premium Listing</span>' if prem else ''}</div>
<div class="listing-results-right clearfix">
 <a class="listing-results-price text-price" href="{href}">{esc(price)} <span class="price-modifier">({group3(r.randint(300, 460), ',')} pw)</span></a>
 <h2 class="listing-results-attr"><a href="{href}" style="text-decoration:underline;">{title}</a></h2>
 <h3 class="listing-results-attr"><span class="num-icon num-beds">{beds}</span></h3>
 <a class="listing-results-address" href="{href}">{esc(addr)}</a>
 <p>Available {r.choice(['immediately', 'from 1st Jun', 'from 15th Jul'])}. A bright {beds} bedroom flat...</p>
 <div class="listing-results-footer clearfix"><p class="top-half listing-results-marketed"><small>Listed on {r.randint(1, 28)}th May 2018 by <a href="/find-agents/branch/{agent[0]}/"><span>{agent[1]}</span></a></small></p>
 <a class="listing-results-save" href="/myaccount/saved-properties/save/?listing_id={lid}" rel="nofollow">Save</a></div>
</div></div></li>''')
    feat = []
    for j in range(3):
        lid = 48000000 + r.randint(1, 999999)
        u = host + "/to-rent/details/%d" % lid
        excluded.append((u, "Featured properties sidebar (paid, not in the result list)"))
        feat.append('<div class="featured-property"><a href="/to-rent/details/%d"><img src="https://lid.zoocdn.com/120/90/%x.jpg" alt=""><span>£%s pcm</span></a></div>'
                    % (lid, lid, group3(r.choice([2100, 2400]), ",")))
    body = f'''<div id="header">{links(host, [('/' + slug(w) + '/', w) for w in ['For sale', 'To rent', 'House prices', 'Find agents', 'Commercial', 'Sign in']], 'nav')}</div>
<div id="content" class="clearfix"><div id="content-main"><h1 class="listing-results-utils-heading">Property to rent in London</h1><span class="listing-results-utils-count">1 - 25 of {r.randint(10000, 20000)}</span>
<ul class="listing-results clearfix js-gtm-list">{''.join(cards)}</ul>
<div class="paginate bg-muted">{''.join('<a href="/to-rent/property/london/?pn=%d&amp;price_frequency=per_month&amp;q=London&amp;results_sort=newest_listings">%d</a>' % (p, p) for p in range(2, 9))}<a href="/to-rent/property/london/?pn=2&amp;price_frequency=per_month&amp;q=London&amp;results_sort=newest_listings">Next</a></div></div>
<div id="sidebar"><div class="sidebar-featured"><h3>Featured properties</h3>{''.join(feat)}</div>
{seo_block(host, 'Nearby areas', [('/to-rent/property/%s/' % c, 'Property to rent in ' + c.title()) for c in ['hackney', 'islington', 'camden', 'lambeth', 'southwark']])}</div></div>
{footer(host, UK_FOOT)}'''
    return ("zoopla_to_rent_london_2018.html", page("en-GB", "Property to Rent in London - Flats & Houses to Rent in London - Zoopla", tracking_scripts(r, "zoopla"), body),
            truth("zoopla_to_rent_london_2018.html", page_url, listings, excluded,
                  "ul.listing-results > li[data-listing-id]; Premium Listing cards are results; the sidebar Featured properties are excluded."))


def zoopla2024():
    r = rng("zoopla-2024")
    host = "https://www.zoopla.co.uk"
    page_url = host + "/to-rent/property/london/?q=London&search_source=to-rent"
    listings, excluded, cards, featured = [], [], [], []
    for i in range(28):
        lid = 66000000 + r.randint(1, 999999)
        beds = r.randint(1, 3)
        title = "%d bed flat to rent" % beds
        addr = "%s, London %s" % (r.choice(STREETS["en"]), r.choice(["E8", "N1", "N7", "SE15", "E2"]))
        href = "/to-rent/details/%d/?search_identifier=%032x" % (lid, r.getrandbits(128))
        price = "£%s pcm" % group3(r.choice([1650, 1800, 1950, 2100, 2300, 2450]), ",")
        listings.append((host + "/to-rent/details/%d/" % lid, title, price))
        card = f'''<div id="listing_{lid}" class="dkr2t82"><div class="dkr2t83 _1sdptga1"><div class="_1lw0o5c0">
<a href="{esc(href)}" class="_1lw0o5c2" data-testid="listing-card-content"><div class="_1lw0o5c3"><picture><img src="https://lid.zoocdn.com/645/430/{lid:x}.jpg" alt=""></picture></div>
<div class="_1lw0o5c6"><p class="_64if862 _194zg6t3 r4q9to0">{esc(price)}</p><p class="_64if863 _194zg6t8">£{r.randint(380, 560)} pw</p>
<h2 class="_1ankud51 _194zg6t9">{title}</h2><address class="m6hnz62 _194zg6t9">{esc(addr)}</address>
<ul class="_1wmbmfq1"><li>{beds} beds</li><li>1 bath</li></ul><p class="_194zg6t9">Listed on {r.randint(1, 28)}th Feb</p></div></a>
<div class="_1lw0o5c9"><a href="/find-agents/branch/{r.choice(['foxtons-hackney-12345', 'hamptons-islington-48211'])}/" class="jlg7640"><img src="https://st.zoocdn.com/zoopla_static_agent_logo_(1).png" alt="Agent logo"></a>
<button type="button" aria-label="Save this property">Save</button></div></div></div></div>'''
        if i < 3:
            featured.append(card.replace('<div class="_1lw0o5c6">', '<div class="_1lw0o5c6"><span class="_1rz4bsh0">Featured</span>', 1))
        else:
            cards.append(card)
        if i == 9:
            cards.append('<div class="dkr2t82"><div data-testid="ad-slot" class="_1dm1r9v0" id="div-gpt-ad-srp-1"><span>Advertisement</span></div></div>')
    similar = []
    for j in range(4):
        lid = 67000000 + r.randint(1, 999999)
        excluded.append((host + "/to-rent/details/%d/" % lid, "'You may also be interested in' carousel below the list"))
        similar.append('<li class="_10kd6d90"><a href="/to-rent/details/%d/?search_identifier=x"><p>£%s pcm</p><h3>2 bed flat</h3></a></li>'
                       % (lid, group3(r.choice([1900, 2200]), ",")))
    body = f'''<div id="__next"><header class="_1g1x0mt0">{links(host, [('/' + slug(w) + '/', w) for w in ['For sale', 'To rent', 'House prices', 'Agent valuation', 'Sign in']], '_1g1x0mt3')}</header>
<main id="main-content" class="_1hvbgfx0"><h1 class="_1sm8fz80">Property to rent in London</h1><p>{r.randint(10000, 20000)} results</p>
<div data-testid="search-content"><div data-testid="featured-listings" class="_13ckssr0">{''.join(featured)}</div><div data-testid="regular-listings" class="_13ckssr0">{''.join(cards)}</div></div>
<nav aria-label="Pagination" class="_1r6ik0a0"><ul>{''.join('<li><a href="/to-rent/property/london/?pn=%d&amp;q=London&amp;search_source=to-rent">%d</a></li>' % (p, p) for p in range(2, 8))}</ul></nav>
<section class="_10kd6d80"><h2>You may also be interested in</h2><ul>{''.join(similar)}</ul></section>
{seo_block(host, 'Property to rent nearby', [('/to-rent/property/%s/' % c, 'Property to rent in ' + c.title()) for c in ['hackney', 'islington', 'camden', 'lambeth', 'southwark']])}</main>
{footer(host, UK_FOOT)}</div>'''
    return ("zoopla_to_rent_london_2024.html", page("en-GB", "Property to rent in London - Zoopla", tracking_scripts(r, "zoopla") + css_blob(r, 150), body),
            truth("zoopla_to_rent_london_2024.html", page_url, listings, excluded,
                  "Three 'Featured' cards in data-testid=featured-listings above data-testid=regular-listings, same card markup: all are results; "
                  "the 'You may also be interested in' carousel and agent logo links are not."))
