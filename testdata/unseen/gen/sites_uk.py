"""SpareRoom, OpenRent and Zillow-style reconstructions (English-language portals)."""

import json
from common import *


def spareroom():
    r = rng("spareroom-2023")
    host = "https://www.spareroom.co.uk"
    sid = "1263455677"
    page_url = host + "/flatshare/?search_id=%s&" % sid
    listings, excluded, cards = [], [], []
    areas = ["Camden (NW1)", "Kentish Town (NW5)", "Islington (N1)", "Holloway (N7)", "Archway (N19)",
             "Tufnell Park (N19)", "Chalk Farm (NW1)", "Highbury (N5)", "Belsize Park (NW3)", "Gospel Oak (NW5)"]
    kinds = ["Double room", "Large double room", "Ensuite double", "Single room", "Bright double room"]
    for i in range(11):
        fid = 16923400 + r.randint(1, 9999)
        featured = i in (0, 1)
        if i == 5:
            cards.append('<li class="listing-result-advert"><div class="advert-mpu" id="div-gpt-ad-1512345678901-0" '
                         'data-ad-slot="/6144/spareroom/search_results_inline"><span class="advert-label">Advertisement</span>'
                         '<a href="https://adclick.g.doubleclick.net/pcs/click?xai=AKAOjsv5&sig=Cg0ArKJSzFz">'
                         '<img src="https://tpc.googlesyndication.com/simgad/12345" alt=""></a></div></li>')
        price = r.choice([650, 750, 800, 850, 900, 950, 1000, 1100, 1250])
        title = "%s in %s" % (r.choice(kinds), r.choice(["lovely flat", "friendly house share", "quiet flat",
                                                         "newly refurbished flat", "Victorian house"]))
        href = ("/flatshare/flatshare_detail.pl?flatshare_id=%d&search_id=%s&city_id=&flatshare_type=offered"
                "&search_results=%%2Fflatshare%%2F%%3Fsearch_id%%3D%s%%26&" % (fid, sid, sid))
        url = host + href
        p = "£%s pcm" % group3(price, ",")
        area = areas[i % len(areas)]
        listings.append((url, title, p))
        badge = '<span class="featured-listing-label">Featured</span>' if featured else ""
        cards.append(f'''
<li class="listing-result{' listing-result--featured' if featured else ''}" data-listing-id="{fid}" data-listing-type="offered" data-listing-featured="{1 if featured else 0}" data-listing-days-old="{r.randint(0, 14)}" data-listing-neighbourhood="{esc(area.split(' (')[0])}" data-listing-postcode="{area[-4:-1]}" data-listing-rooms-in-property="{r.randint(2, 5)}">
 <article class="panel-listing-result {'featured' if featured else 'standard'}">
  <header class="desktop">
   <a href="{esc(href)}" data-detail-url="{esc(href)}" title="" class="">
    {badge}<h2>{esc(title)}</h2>
    <em class="shortDescription"><strong class="listingPrice">{esc(p)}</strong> <span class="listingLocation">{esc(area)}</span></em>
   </a>
  </header>
  <figure class="photo photo-{'large' if featured else 'small'}">
   <a href="{esc(href)}" class="listing-photo-link"><img src="https://photos2.spareroom.co.uk/images/flatshare/listings/large/{fid % 100}/{fid // 100}/{fid}.jpg" alt="{esc(title)}" width="260" height="195"></a>
   <span class="photo-count">{r.randint(3, 12)} photos</span>
  </figure>
  <div class="listing-results-content desktop">
   <p class="description">{esc(title)}. Available {r.choice(['now', '1 Jun', '15 Jun', '1 Jul'])}. {r.choice(['Bills included.', 'Bills excluded.', 'Some bills included.'])} Friendly professional housemates, close to the tube, {r.randint(2, 10)} minutes walk to the station, fully furnished with a double bed, wardrobe and desk...</p>
   <a href="{esc(href)}" class="more">More info</a>
  </div>
  <footer class="listing-footer">
   <ul class="listing-footer__features">
    <li class="listing-footer__feature">{r.choice(['Bills inc.', 'Broadband', 'Garden'])}</li>
    <li class="listing-footer__feature">Available {r.choice(['now', 'Jun', 'Jul'])}</li>
   </ul>
   <a href="/flatshare/save_ad.pl?flatshare_id={fid}&flatshare_type=offered" class="tooltip save-listing" data-flatshare-id="{fid}" rel="nofollow">Save</a>
   <a href="/flatshare/flatshare_detail.pl?flatshare_id={fid}&mode=contact&submode=byemail&flatshare_type=offered" class="contact-listing" rel="nofollow">Contact</a>
  </footer>
 </article>
</li>''')
    nav = link_list(host, [("/flatshare/", "Rooms for rent"), ("/roommate/", "Flatmates"), ("/flatshare/index.cgi?mode=list_my_ads", "My ads"),
                          ("/content/default/whole-property/", "Whole properties"), ("/content/advice/", "Advice"),
                          ("/flatshare/logon.pl", "Log in"), ("/flatshare/register.pl", "Sign up"),
                          ("/content/default/buddy-up/", "Buddy ups"), ("/flatshare/upgrade.pl", "Upgrade")], "nav-main")
    popular = [("/flatshare/london/%s" % slug(a.split(" (")[0]), "Rooms in " + a.split(" (")[0]) for a in areas] + \
              [("/flatshare/%s" % c, "Rooms in " + c.title()) for c in ["manchester", "bristol", "leeds", "brighton",
                                                                        "edinburgh", "glasgow", "birmingham", "liverpool"]]
    filters = "".join('<li><a href="/flatshare/?search_id=%s&amp;%s=%s" rel="nofollow">%s</a></li>' % (sid, k, v, esc(t))
                      for k, v, t in [("min_rent", "500", "£500+"), ("max_rent", "1000", "Up to £1,000"),
                                      ("rooms_for", "males", "Males"), ("rooms_for", "females", "Females"),
                                      ("ensuite", "Y", "Ensuite"), ("bills_inc", "Y", "Bills inc."),
                                      ("available_now", "Y", "Available now"), ("days_of_wk_available", "7", "7 days a week"),
                                      ("photoadvert", "Y", "With photos"), ("showme_1beds", "Y", "Include 1 beds")])
    pages = "".join('<li><a href="/flatshare/?offset=%d&amp;search_id=%s&amp;sort_by=by_day&amp;mode=list" title="Go to page %d">%d</a></li>' % (o * 10, sid, o + 1, o + 1) for o in range(1, 10))
    footer = link_list(host, [("/content/about-us/%s/" % slug(t), t) for t in
                              ["About SpareRoom", "Careers", "Press", "Safety", "Terms", "Privacy", "Cookies", "Contact us",
                               "Help", "Accessibility", "Rent guarantees", "Landlord advice", "Flatmate advice",
                               "Room calculator", "Flatmate agreement", "Moving tips", "Rent index", "App", "SpareRoom US",
                               "Sitemap", "Blog", "Partners", "Affiliates", "Modern slavery"]], "footer-links")
    body = f'''
<div id="header"><a href="/" class="logo">SpareRoom</a>{nav}</div>
<div id="maincontent" class="maincontent">
 <div class="breadcrumbs"><a href="/">Home</a> &gt; <a href="/flatshare/london">London</a> &gt; Camden</div>
 <div id="mainheader"><h1>Rooms for rent in Camden</h1>
  <p class="navcurrent"><strong>1-10</strong> of <strong>{r.randint(180, 400)}</strong> results</p>
  <form class="sort-form" action="/flatshare/" method="get"><select name="sort_by"><option value="by_day">Newest ads</option><option value="price_low_to_high">Price (low to high)</option></select></form>
 </div>
 <aside id="searchFilters" class="filters"><h3>Refine search</h3><ul class="filter-links">{filters}</ul></aside>
 <div id="listing_results"><ul class="listing-results">{''.join(cards)}</ul></div>
 <div class="navnext"><ul class="pagination">{pages}</ul><a href="/flatshare/?offset=10&amp;search_id={sid}&amp;sort_by=by_day&amp;mode=list" id="paginationNextPageLink">Next &gt;&gt;</a></div>
 <div class="popular-areas"><h3>Popular searches</h3>{link_list(host, popular, "popular-area-links")}</div>
</div>
<div id="footer">{footer}<p>&copy; SpareRoom 2023</p></div>'''
    head = tracking_scripts(r, "spareroom") + css_blob(r, 260)
    return ("spareroom_uk_camden_2023.html", page("en-GB", "Rooms for rent in Camden | SpareRoom", head, body),
            truth("spareroom_uk_camden_2023.html", page_url, listings, excluded,
                  "Cards: ul.listing-results > li.listing-result (the two 'Featured' cards sit in the list with the same markup: kept). "
                  "The inline advert li has no listing link. URLs keep search_results (search_id is a tracking param)."))


def openrent():
    r = rng("openrent-2022")
    host = "https://www.openrent.co.uk"
    page_url = host + "/properties-to-rent/london?term=London&prices_max=2200"
    listings, cards = [], []
    kinds = [("1 Bed Flat", 1), ("2 Bed Flat", 2), ("Studio Flat", 0), ("Room in a Shared House", 1), ("3 Bed Maisonette", 3)]
    for i in range(20):
        pid = 1700000 + r.randint(1, 199999)
        kind, beds = r.choice(kinds)
        street = r.choice(STREETS["en"])
        pc = r.choice(["N7", "E8", "SE15", "NW5", "E3", "N16", "SW9", "W12", "E17", "N4"])
        title = "%s, %s, %s" % (kind, street, pc)
        href = "/property-to-rent/london/%s/%d" % (slug(title), pid)
        price = r.choice([1150, 1300, 1450, 1600, 1750, 1850, 1950, 2100, 2150])
        p = "£%s" % group3(price, ",")
        listings.append((host + href, title, p + " per month"))
        cards.append(f'''<a class="pli clearfix" href="{href}" target="_blank" id="{pid}">
<div class="pim-container"><div class="pim"><img class="propertyPic" data-src="//imagescdn.openrent.co.uk/listings/{pid}/o_1f{r.randint(100, 999)}_{i}.JPG" src="/images/blank.gif" alt="{esc(title)}"></div>
{'<div class="banner banner-new">NEW</div>' if i < 3 else ''}</div>
<div class="listing-info">
 <div class="listing-title">{esc(title)}</div>
 <div class="pim pl-title"><h2>{esc(p)} <span class="per-month">per month</span></h2></div>
 <ul class="lic clearfix"><li><i class="fa fa-bed"></i> {beds} Bed</li><li><i class="fa fa-bath"></i> 1 Bath</li><li class="lpcc">Max Tenants: {beds + 1}</li></ul>
 <div class="listing-desc">{esc(kind)} available {r.choice(['now', 'from 1st June', 'from 15th July'])}. {r.choice(['Bills not included', 'Furnished', 'Unfurnished', 'Students welcome'])}. Located {r.randint(2, 12)} minutes from the station...</div>
 <div class="badges">{'<span class="badge">Video Viewings</span>' if r.random() < .5 else ''}<span class="badge">Zero Deposit</span></div>
</div></a>''')
        if i == 9:
            cards.append('<div class="search-prompt-tile"><div class="alert-box"><h3>Get alerts for new properties</h3>'
                         '<a href="/Alerts/Create?term=London&amp;prices_max=2200" class="btn btn-primary" rel="nofollow">Create alert</a></div></div>')
    nav = link_list(host, [("/properties-to-rent", "Search Properties"), ("/landlords", "Landlords"), ("/tenants", "Tenants"),
                          ("/pricing", "Pricing"), ("/faq", "FAQ"), ("/login", "Log In"), ("/register", "Register"),
                          ("/guides", "Guides"), ("/rent-now", "Rent Now"), ("/reviews", "Reviews")], "nav navbar-nav")
    areas = ["camden", "hackney", "islington", "lambeth", "southwark", "tower-hamlets", "wandsworth", "lewisham",
             "haringey", "ealing", "brent", "newham", "croydon", "greenwich", "barnet", "enfield"]
    near = link_list(host, [("/properties-to-rent/%s" % a, "Property to rent in " + a.replace("-", " ").title()) for a in areas], "nearby-searches")
    footer = link_list(host, [("/%s" % slug(t), t) for t in ["About", "Press", "Careers", "Blog", "Contact", "Terms and Conditions",
                                                             "Privacy Policy", "Cookie Policy", "Sitemap", "Landlord Insurance",
                                                             "Tenancy Agreement", "Rent Guarantee", "Gas Safety Certificate",
                                                             "EPC", "Inventory", "Referencing", "Deposit Protection",
                                                             "Right to Rent", "How To Rent Guide"]], "footer-links")
    body = f'''<nav class="navbar navbar-default">{nav}</nav>
<div class="container-fluid search-container"><div class="row">
 <div class="col-md-3 filters-col"><form id="searchFilters" action="/properties-to-rent/london" method="get">
  <label>Max price <select name="prices_max"><option>1000</option><option selected>2200</option></select></label>
  <label><input type="checkbox" name="bedrooms_min" value="1"> 1+ beds</label>
  <label><input type="checkbox" name="isLive" value="true" checked> Hide let agreed</label>
  <a href="/properties-to-rent/london?term=London&amp;prices_max=2200&amp;viewingProperty=map" rel="nofollow">Map view</a>
 </form></div>
 <div class="col-md-9"><h1 class="search-title">Properties to rent in London</h1><p class="results-count">{len(listings)} of {r.randint(800, 1500)} properties</p>
  <div id="property-data">{''.join(cards)}</div>
  <div class="pagination-wrap"><a href="/properties-to-rent/london?term=London&amp;prices_max=2200&amp;skip=20" rel="next">Show more</a></div>
  <div class="seo-links"><h3>Nearby searches</h3>{near}</div>
 </div></div></div>
<footer class="footer">{footer}<p>OpenRent Ltd</p></footer>'''
    head = tracking_scripts(r, "openrent") + css_blob(r, 120) + jsonld_breadcrumbs([(host, "Home"), (page_url, "London")])
    return ("openrent_uk_london_2022.html", page("en-GB", "Properties to rent in London | OpenRent", head, body),
            truth("openrent_uk_london_2022.html", page_url, listings, [],
                  "Cards: div#property-data > a.pli (the whole card is one <a>; title div.listing-title, price h2 in div.pl-title). "
                  "No agents (OpenRent is landlord-direct). The alert-prompt tile between cards is no listing."))


def zillow():
    r = rng("zillow-2023")
    host = "https://www.zillow.com"
    page_url = host + "/seattle-wa/rentals/"
    listings, excluded, cards = [], [], []
    for i in range(24):
        zpid = 48800000 + r.randint(1, 999999)
        num = r.randint(100, 9999)
        street = r.choice(STREETS["us"])
        zipc = r.choice(["98101", "98102", "98103", "98109", "98115", "98122", "98144"])
        building = i in (3, 11, 17)
        if building:
            name = r.choice(["The Huxley", "Solana Apartments", "Broadstone Infinity", "AVA Capitol Hill", "Mercer Blu"])
            code = "".join(r.choice("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
            url = "%s/b/%s-seattle-wa-%s/" % (host, slug(name), code)
            addr = "%s | %d %s, Seattle, WA %s" % (name, num, street, zipc)
            price = "$%s+ 1 bd" % group3(r.choice([1795, 1850, 1995, 2100]), ",")
            listings.append((url, addr, price.split(" ")[0]))
            units = "".join('<li class="StyledPropertyCardHomeDetailsList"><a href="%s" class="PropertyCardInventorySet__StyledLink">'
                            '<span class="PropertyCardInventoryBox__PriceText">$%s+</span><span>%d bd</span></a></li>'
                            % (url + "#bedrooms-%d" % b, group3(1700 + b * 500, ","), b) for b in (0, 1, 2))
        else:
            addr = "%d %s %s, Seattle, WA %s" % (num, street, r.choice(["", "APT %d" % r.randint(100, 999), "#%d" % r.randint(1, 40)]), zipc)
            addr = " ".join(addr.split())
            url = "%s/homedetails/%s/%d_zpid/" % (host, slug(addr), zpid)
            price = "$%s/mo" % group3(r.choice([1450, 1595, 1750, 1950, 2200, 2450, 2850, 3100]), ",")
            listings.append((url, addr, price))
            units = ""
        if i == 6:
            cards.append('<li class="ListItem-c11n-8-84-3__sc-10e22w8-0 StyledListCardWrapper-srp__sc-wtsrtn-0 kgdSKo"><div id="nav-ad-container" data-test="search-list-first-ad" class="StyledAdContainer-srp__sc-14w3c0w-0"><div class="ad-label">Advertisement</div><div id="div-gpt-ad-srp-list-1" data-slot="/7449/zillow/rentals_srp/list_1"></div></div></li>')
        imgs = "".join('<li class="StyledCarouselItem"><a href="%s" tabindex="-1" class="Anchor-c11n-8-84-3__sc-hn4bge-0 StyledPropertyCardPhotoLink"><img src="https://photos.zillowstatic.com/fp/%032x-p_e.jpg" alt="%s"></a></li>'
                       % (esc(url), r.getrandbits(128), esc(addr)) for _ in range(3))
        cards.append(f'''<li class="ListItem-c11n-8-84-3__sc-10e22w8-0 StyledListCardWrapper-srp__sc-wtsrtn-0 kgdSKo"><div class="StyledPropertyCardDataWrapper-c11n-8-84-3__sc-1omp4c3-0">
<article data-test="property-card" role="presentation" class="StyledPropertyCard-c11n-8-84-3__sc-jvwq6q-0 ixoxuS property-card" id="zpid_{zpid}">
 <div class="StyledPropertyCardPhotoWrapper"><ul class="StyledCarousel">{imgs}</ul>
  <button type="button" class="StyledHeartButton" aria-label="Save">Save</button>
  {'<span class="StyledPropertyCardBadge">3D Tour</span>' if r.random() < .3 else ''}</div>
 <div class="StyledPropertyCardDataWrapper-c11n-8-84-3__sc-1omp4c3-0 property-card-data">
  <a href="{esc(url)}" data-test="property-card-link" class="StyledPropertyCardDataArea-c11n-8-84-3__sc-yipmu-0 property-card-link" tabindex="0"><address data-test="property-card-addr">{esc(addr)}</address></a>
  <div class="StyledPropertyCardDataArea-c11n-8-84-3__sc-yipmu-0 fDSTNn"><span data-test="property-card-price">{esc(price)}</span>
   <ul class="StyledPropertyCardHomeDetailsList-c11n-8-84-3__sc-1xvdaej-0">{units or '<li><b>%d</b> <abbr>bds</abbr></li><li><b>1</b> <abbr>ba</abbr></li><li><b>%d</b> <abbr>sqft</abbr></li>' % (r.randint(0, 3), r.randint(400, 1400))}</ul>
  </div>
  <div class="StyledPropertyCardDataArea-c11n-8-84-3__sc-yipmu-0 jretvB">{esc(r.choice(['Apartment for rent', 'House for rent', 'Condo for rent', 'Townhouse for rent']))}</div>
  <div class="StyledPropertyCardBrokerage">Listing by: {esc(r.choice(['Greystar', 'Seattle Rental Group', 'Redside Partners', 'Blanton Turner']))}</div>
 </div>
</article></div></li>''')
    featured_urls = [host + "/homedetails/%d-featured-seattle-wa/%d_zpid/" % (k, 49900000 + k) for k in range(1, 4)]
    for u in featured_urls:
        excluded.append((u, "'Homes you may like' strip below the results (recommendations, not this search's results)"))
    recs = "".join('<li class="RecommendedCard"><a href="%s"><img src="https://photos.zillowstatic.com/fp/rec%d.jpg"><span>$%s/mo</span><span>Recommended</span></a></li>'
                   % (u, k, group3(2000 + k * 150, ",")) for k, u in enumerate(featured_urls))
    nearby = link_list(host, [("/%s-wa/rentals/" % c, c.replace("-", " ").title() + " WA Rentals") for c in
                              ["bellevue", "redmond", "kirkland", "renton", "tacoma", "everett", "bothell", "shoreline",
                               "lynnwood", "kent", "burien", "issaquah", "sammamish", "tukwila"]], "StyledNearbyCities")
    nav = link_list(host, [("/homes/", "Buy"), ("/homes/for_rent/", "Rent"), ("/sell/", "Sell"), ("/home-loans/", "Home Loans"),
                          ("/professionals/real-estate-agent-reviews/", "Find an Agent"), ("/rental-manager/", "Manage Rentals"),
                          ("/advertise/", "Advertise"), ("/help/", "Help"), ("/user/acct/login/", "Sign in")], "znav-links")
    footer = link_list(host, [("/z/%s/" % slug(t), t) for t in ["About", "Zestimates", "Research", "Careers", "Help", "Advertise",
                                                                "Fair Housing Guide", "Terms of use", "Privacy Notice", "Ad Choices",
                                                                "Cookie Preference", "Learn", "AI", "Mobile Apps", "Trulia",
                                                                "StreetEasy", "HotPads", "Out East", "ShowingTime+"]], "footer-nav")
    ssr = json.dumps({"cat1": {"searchResults": {"listResults": [{"zpid": str(i), "detailUrl": u, "address": t, "price": p}
                                                                 for i, (u, t, p) in enumerate(listings)]},
                               "searchList": {"totalResultCount": 812}}, "queryState": {"mapBounds": {"west": -122.5, "east": -122.2}}})
    body = f'''<header class="znav"><a href="/" class="znav-logo">Zillow</a><nav>{nav}</nav></header>
<div id="grid-search-results" class="result-list-container"><div class="search-page-list-header"><h1>Seattle WA Rental Listings</h1><span class="result-count">812 rentals</span>
 <div class="filter-button-group"><button>Price</button><button>Beds &amp; Baths</button><button>Home Type</button><button>More</button></div>
 <div class="sort-options"><button>Sort: Recommended</button></div></div>
 <ul class="List-c11n-8-84-3__sc-1smrmqp-0 StyledSearchListWrapper-srp__sc-1ieen0c-0 photo-cards">{''.join(cards)}</ul>
 <div class="search-pagination"><nav role="navigation" aria-label="Pagination">{''.join('<a href="/seattle-wa/rentals/%d_p/" title="Page %d">%d</a>' % (k, k, k) for k in range(2, 9))}</nav></div>
 <div class="RecommendedHomes"><h2>Homes you may like</h2><ul>{recs}</ul></div>
 <div class="nearby-cities"><h2>Nearby cities</h2>{nearby}</div>
</div>
<footer class="zsg-footer">{footer}</footer>
<script id="__NEXT_DATA__" type="application/json">{esc(ssr)}</script>'''
    head = tracking_scripts(r, "zillow") + css_blob(r, 400)
    return ("zillow_us_seattle_rentals_2023.html", page("en", "Seattle WA Rental Listings | Zillow", head, body),
            truth("zillow_us_seattle_rentals_2023.html", page_url, listings, excluded,
                  "Cards: article[data-test=property-card] in ul.photo-cards; URL a[data-test=property-card-link]; title the address; "
                  "price span[data-test=property-card-price]. Three building cards (/b/<name>-<code>/ with '$1,795+ 1 bd') are shown in the "
                  "result list with a price: kept as listings (the building page lists its vacant units); their per-unit-type links "
                  "(#bedrooms-N) are parts of the card. The ad li and the 'Homes you may like' strip are excluded."))
