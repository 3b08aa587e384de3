package read

// portalDefs is the table of known portals. Layouts come from saved pages
// where the repo has one (testdata/real: funda 2022, pararius 2022,
// rightmove 2020, zoopla 2020, wg-gesucht 2023, immowelt 2022) and from the
// portals' current markup otherwise; the generic reader covers the rest.
var portalDefs = compilePortals([]portalDef{
	{
		Name: "kamernet.nl", Sites: []string{"kamernet.nl"}, Expected: true,
		// /huren/kamer-amsterdam/damrak/kamer-2345678
		IDPattern: `-(\d{4,})/?$`,
		Layouts: []portalLayout{
			{Card: `a[class*="ListingCard"], [data-testid*="listing-card"]`, Title: `h2, h3, [class*="Title"], [class*="title"]`, Price: `[class*="Price"], [class*="price"]`},
			{Card: `.tile-wrapper, .rowSearchResultRoom`, Link: `a.tile-title-link, a[href*="/huren/"]`, Title: `.tile-title, h2`, Price: `.tile-rent, [class*="price"]`, Place: `.tile-city`},
		},
	},
	{
		Name: "funda.nl", Sites: []string{"funda.nl"}, Expected: true,
		// old /huur/amsterdam/appartement-88373769-westerlengte-131/,
		// new /detail/huur/amsterdam/appartement-x/43123456/
		IDPattern: `/(\d{6,})/?$|[a-z]-(\d{6,})-`,
		Layouts: []portalLayout{
			{Card: `[data-test-id="search-result-item"]`, Link: `a[data-test-id="object-image-link"], h2 a, a[href*="/detail/"]`,
				Title: `[data-test-id="street-name-house-number"], h2`, Price: `[data-test-id="price-rent"], [data-test-id="price-sale"], [data-test-id="price"]`,
				Place: `[data-test-id="postal-code-city"]`},
			{Card: `li.search-result`, Link: `.search-result__header-title-col a[href]`, Title: `.search-result__header-title`,
				Price: `.search-result-price`, Place: `.search-result__header-subtitle`},
		},
	},
	{
		Name: "pararius.nl", Sites: []string{"pararius.nl", "pararius.com"}, Expected: true,
		// /appartement-te-huur/amsterdam/61d026c2/bilderdijkkade; before
		// about 2020 /appartement-te-huur/amsterdam/PR0001460838/kinkerstraat
		IDPattern: `/([0-9a-f]{8})(?:/|$)|/(PR\d{8,})(?:/|$)`,
		Layouts: []portalLayout{
			{Card: `section.listing-search-item`, Link: `a.listing-search-item__link--title`, Title: `a.listing-search-item__link--title`,
				Price: `.listing-search-item__price`, Place: `.listing-search-item__sub-title`},
			{Card: `li.search-list__item--listing`, Link: `a[class*="link--title"], h2 a`, Title: `h2`, Price: `[class*="price"]`, Place: `[class*="sub-title"]`},
			// 2019
			{Card: `li.property-list-item-container`, Link: `h2 a`, Title: `h2`, Price: `p.price`, Place: `ul.breadcrumbs li`},
		},
	},
	{
		Name: "idealista.com", Sites: []string{"idealista.com", "idealista.it", "idealista.pt"}, Expected: true,
		IDPattern: `/(?:inmueble|immobile|imovel)/(\d+)`,
		Layouts: []portalLayout{
			{Card: `article.item:not(.adv)`, IDAttr: "data-element-id", Link: `a.item-link`, Title: `a.item-link`,
				Price: `.item-price`, Place: `.item-detail-location`},
		},
	},
	{
		Name: "rightmove.co.uk", Sites: []string{"rightmove.co.uk"}, Expected: true,
		// /property-for-sale/property-86282804.html, /properties/123456789
		IDPattern: `property-(\d+)\.html|/properties/(\d+)`, DetailURL: "/properties/{id}",
		Layouts: []portalLayout{
			{Card: `[data-testid="propertyCard"], [data-test="propertyCard"]`, Link: `a[href*="/properties/"], a.propertyCard-link`,
				Title: `h2, [data-testid="property-title"]`, Price: `[class*="PropertyPrice_price"], [data-testid="property-price"], .propertyCard-priceValue`,
				Place: `address`},
			{Card: `div.l-searchResult`, Link: `a.propertyCard-link`, Title: `h2.propertyCard-title`, Price: `.propertyCard-priceValue`,
				Place: `address.propertyCard-address`},
			{Card: `div.propertyCard`, Link: `a.propertyCard-link, a[href*="/properties/"]`, Title: `h2`, Price: `.propertyCard-priceValue, [class*="price"]`,
				Place: `address`},
			// before the 2017 redesign
			{Card: `ol#summaries li.summary-list-item`, Link: `h2 a`, Title: `h2`, Price: `.price-new`, Place: `.displayaddress`},
		},
	},
	{
		Name: "zoopla.co.uk", Sites: []string{"zoopla.co.uk"}, Expected: true,
		IDPattern: `/details/(\d+)`, DetailURL: "/to-rent/details/{id}/",
		Layouts: []portalLayout{
			// the featured strip above the regular list holds results too
			{Card: `[data-testid="featured-listings"] [id^="listing_"], [data-testid="regular-listings"] [id^="listing_"]`, Link: `a[href*="/details/"]`, Title: `h2, [data-testid="listing-title"]`,
				Price: `[data-testid="listing-price"], p[class*="price"]`, Place: `address`},
			{Card: `li[data-listing-id]`, IDAttr: "data-listing-id", Link: `a.listing-results-price, a[href*="/details/"]`,
				Title: `h2 a, h2`, Price: `a.listing-results-price`, Place: `a.listing-results-address`},
		},
	},
	{
		Name: "wg-gesucht.de", Sites: []string{"wg-gesucht.de"}, Expected: true,
		// /wg-zimmer-in-Berlin-Charlottenburg.10401873.html
		IDPattern: `\.(\d+)\.html$`,
		Layouts: []portalLayout{
			// cards whose links carry data-campaign_type are paid partner
			// placements, not search results
			// (before about 2020 the cards had no wgg_card class)
			{Card: `div.offer_list_item[data-id]:not(:has([data-campaign_type]))`, IDAttr: "data-id",
				Link: `h3.truncate_title a`, Title: `h3.truncate_title`, Price: `.middle .col-xs-3 b`, Place: `.col-xs-11 span`},
		},
	},
	{
		Name: "immobilienscout24.de", Sites: []string{"immobilienscout24.de"}, Expected: true,
		IDPattern: `/expose/(\d+)`, DetailURL: "/expose/{id}",
		Layouts: []portalLayout{
			{Card: `li.result-list__listing[data-id]`, IDAttr: "data-id", Link: `a[href*="/expose/"]`,
				Title: `h2, .result-list-entry__brand-title`, Price: `dl.result-list-entry__primary-criterion dd`,
				Place: `.result-list-entry__address`},
			{Card: `article[data-obid], div.listing-card`, IDAttr: "data-obid", Link: `a[href*="/expose/"]`,
				Title: `h2, [data-testid="headline"]`, Price: `[data-testid="attributes"] dd, [class*="price"]`, Place: `[data-testid="hybridViewAddress"], address`},
		},
	},
	{
		Name: "immowelt.de", Sites: []string{"immowelt.de"}, Expected: true,
		IDPattern: `/expose/([a-z0-9-]+)`, DetailURL: "/expose/{id}",
		Layouts: []portalLayout{
			{Card: `[data-testid="serp-core-classified-card-testid"]`, Link: `a[href*="/expose/"]`, Title: `h2, [data-testid="cardmfe-description-box-text-test-id"]`,
				Price: `[data-testid="cardmfe-price-testid"]`, Place: `[data-testid="cardmfe-description-box-address"]`},
			{Card: `div[class^="EstateItem-"]`, Link: `a[href*="/expose/"]`, Title: `h2`, Price: `[data-test="price"]`,
				Place: `[class*="estateFacts"] span, [class*="IconFact"] span`},
		},
	},
})
