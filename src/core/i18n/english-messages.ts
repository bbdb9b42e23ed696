// English: the source catalogue. Its keys are the message ids every other catalogue has
// (catalogue.ts derives them from here, so this file imports nothing of ours).
// `{name}` is filled in; a `{slot}` the page fills with a link is listed in its comment.
export const messages = {
  // counts
  'count.reviews': { one: '{count} review', other: '{count} reviews' },
  'count.stars': { one: '{count} star', other: '{count} stars' },
  'rating.outOf5': '{value} out of 5 stars',
  'rating.outOf5Short': ' out of 5',
  'date.range': '{from} to {to}',
  /** between a label and what it labels: "5 stars: 412 reviews" */
  'punct.colon': ': ',

  // every page
  'page.skip': 'Skip to content',
  'brand.links': 'The business',
  'brand.home': 'Website',
  'brand.book': 'Book a service',
  'brand.call': 'Call {phone}',
  'page.feedAtom': 'Newest reviews (Atom)',
  'page.feedJson': 'Newest reviews (JSON Feed)',
  'page.reviewsJson': 'All reviews (JSON)',
  'page.title': '{name}: customer reviews',
  'footer.label': 'Data and feeds',
  'footer.atom': 'Atom feed',
  'footer.jsonFeed': 'JSON Feed',
  'footer.api': 'API and MCP',
  'footer.note': 'The business publishes these reviews itself, and leaves none out for its rating.',
  'footer.noteVerified': 'The business publishes these reviews itself: those with evidence that the reviewer is a customer, none left out for its rating.',
  'verify.job': {
    one: '{count} of {total} reviews comes from a customer matched to a job on the business’s records.',
    other: '{count} of {total} reviews come from customers matched to a job on the business’s records.',
  },
  'verify.platform': {
    one: '{count} of {total} reviews was marked verified by the platform it was written on.',
    other: '{count} of {total} reviews were marked verified by the platform they were written on.',
  },
  'verify.owner': {
    one: '{count} of {total} reviews was marked verified by the business itself.',
    other: '{count} of {total} reviews were marked verified by the business itself.',
  },
  'verify.none': {
    one: '{count} of {total} reviews carries no evidence that its author is a customer.',
    other: '{count} of {total} reviews carry no evidence that their authors are customers.',
  },
  'verify.nothing': {
    one: 'Nothing shows that the author of the review is a customer.',
    other: 'Nothing shows that the authors of the {count} reviews are customers: none has been matched to a job or verified.',
  },
  noReviews: 'No reviews yet.',
  newestReviews: 'Newest reviews',

  // home page
  'home.description': '{name} is rated {value} out of 5 in {count}.',
  'home.descriptionEmpty': 'Reviews of {name}.',
  'home.kicker': 'Customer reviews',
  'home.contact': 'Contact',
  'home.rating': 'Customer rating',
  'home.published': {
    one: '{count} review published, whatever its rating.',
    other: '{count} reviews published, whatever their rating.',
  },
  'home.leftOut': {
    one: ' {count} review left out because nothing shows its author is a customer; none is left out for its rating.',
    other: ' {count} reviews left out because nothing shows their authors are customers; none is left out for its rating.',
  },
  'home.noneLeftOut': ' None left out.',
  'home.browse': 'Browse reviews',
  'home.byRating': 'By rating',
  'home.byTechnician': 'By technician',
  'home.byService': 'By service',
  'home.byArea': 'By area',
  'home.insights': 'What customers say',
  'home.strongest': 'Strongest aspects',
  'home.weakest': 'Weakest aspects',
  'home.scores': 'Scores run from −1 (all negative) to +1 (all positive) over the reviews mentioning the aspect.',
  /** shown when not every review with text was read: languages as "German 900, English 334" */
  'home.coverage': 'The insights read {read} of {total} reviews with text ({languages}). Not analysed: {unread}.',
  'home.coverageNone': 'The insights could read none of the {total} reviews with text. Not analysed: {unread}.',
  /**
   * next to the insights on the home and facet pages: {language} as "German"; {found} and {tone} are whole numbers
   * of 10, rounded down from the measured recall and polarity accuracy
   */
  'insights.method':
    'Read by an automatic analyser: on real reviews in {language} it finds about {found} in ' +
    '10 of the points a person finds, and judges their tone right {tone} times in 10.',
  'home.technicians': 'Technicians',
  'home.colName': 'Name',
  'home.colRating': 'Rating',
  'home.colReviews': 'Reviews',
  'home.archiveTitle': 'All {count}',
  /** {page}: a link to the newest archive page; {all}: a link to the list of pages */
  'home.archiveText':
    'Every review is in the archive, {size} a page. Page 1 holds the oldest and {page} the newest, so a review keeps its page as new ones arrive. {all}.',
  'home.archivePage': 'page {number}',
  'home.archiveAll': 'All pages with their dates',
  'home.about': 'Contact and service area',
  'home.cityLine': '{locality}, {region} {postal_code}',
  'home.hours': 'Opening hours',
  'home.areas': 'Service areas',
  'home.services': 'Services',
  'home.faq': 'Questions and answers',

  // search and filters
  'search.label': 'Search and filter reviews',
  'search.query': 'Search the reviews',
  'search.stars': 'Stars',
  'search.any': 'Any',
  'search.technician': 'Technician',
  'search.service': 'Service',
  'search.area': 'Area',
  'search.source': 'Source',
  'search.sort': 'Sort',
  'search.newest': 'Newest',
  'search.highest': 'Highest rated',
  'search.lowest': 'Lowest rated',
  'search.withText': 'With text only',
  'search.submit': 'Search',
  'search.clear': 'Clear',
  'search.more': 'Show more reviews',
  'search.searching': 'Searching…',
  'search.failed': 'Search failed: {message}. The links under “Browse reviews” still work.',
  'search.results': 'Search results',
  'search.none': 'No review matches. Try fewer filters.',
  'search.matches': { one: '{count} review matches{order}; showing {shown}.', other: '{count} reviews match{order}; showing {shown}.' },
  'search.orderNewest': ', newest first',
  'search.orderHighest': ', highest rated first',
  'search.orderLowest': ', lowest rated first',

  // a review
  'review.by': 'Review by {name}',
  'review.on': 'on {source}',
  'review.onWebsite': 'on our website',
  'review.ratedOnly': 'Rated {rating} out of 5, without a written review.',
  'review.response': 'Response from the owner',
  'review.ownerReplied': ' · the owner replied',
  'review.noText': 'No written review.',
  'review.evidence.job': 'verified customer: matched to a job',
  'review.evidence.platform': 'verified by {platform}',
  'review.evidence.owner': 'marked verified by the business',
  'source.website': 'our website',
  'translation.show': 'Show the {language} translation',
  'translation.showNamed': 'Show the {language} translation',
  'translation.by': ' (by {by})',

  // archive
  'archive.title': 'All reviews of {name}',
  'archive.description': '{count} of {name}, {size} a page.',
  'archive.heading': 'All reviews',
  'archive.intro': '{count}, {size} a page. Page 1 holds the oldest reviews and the highest page the newest, so a review keeps its page as new ones arrive.',
  'archive.pages': 'Archive pages',
  'archive.pagesAgain': 'Archive pages, again',
  'archive.page': 'Page {number}',
  'archive.noReviewsYet': 'no reviews yet',
  'archive.pageTitle': 'Reviews of {name}, page {number} ({range})',
  'archive.pageDescription': '{count} of {name}, {range}.',
  'archive.pageHeading': 'Reviews, page {number}',
  'archive.pageIntro': '{count}, {range}, newest first. Page 1 holds the oldest reviews.',
  'archive.newer': '← Newer reviews (page {number})',
  'archive.newest': '← Newest reviews',
  'archive.allPages': 'All pages',
  'archive.older': 'Older reviews (page {number}) →',

  // facet pages
  'facet.technician': 'Reviews that name {label} as their technician',
  'facet.service': 'Reviews of the {label} service',
  'facet.area': 'Reviews of jobs in {label}',
  'facet.stars': 'Reviews that give {label}',
  'facet.title': '{label}: reviews of {name}',
  'facet.pageTitle': '{label}: reviews of {name}, page {number}',
  'facet.description': '{what}: {count}.',
  'facet.descriptionRated': '{what}: {count}, rated {value} out of 5.',
  'facet.allTopics': 'All topics',
  'facet.headingPage': ', page {number}',
  'facet.intro': '{what}: {count} of the {total} published, newest first.',
  'facet.rating': 'Rating',
  'facet.starsShare': '{percent} % of all reviews give {label}. Every rating has its page, the lowest included:',
  'facet.strongest': 'Strongest aspect: ',
  'facet.weakest': 'Weakest aspect: ',
  'facet.aspectScore': '({score} over {count})',
  'facet.sentiment': 'Of {count} with text about it: {positive} positive, {negative} negative, {neutral} neutral.',
  'facet.scores': 'Scores run from −1 (all negative) to +1 (all positive).',
  'facet.pageRange': 'Page {number}: {range}',
  'facet.newestOf': 'Newest {shown} of {count}',
  'facet.rowsNote': 'Each review links to its full text and any reply from the owner in the archive.',
  'facet.pagesOf': 'Pages of {label}',
  'facet.pagesNote': '{count}, {size} a page; page 1 holds the oldest, so a review keeps its page.',
  'facet.newest': 'Newest',
  'facet.noReviews': 'no reviews',
  'polarity.positive': 'positive',
  'polarity.negative': 'negative',
  'polarity.neutral': 'neutral',
  'histogram.label': 'Reviews by star rating',

  // the aspects of insights.json, by id
  'aspect.punctuality': 'Punctuality',
  'aspect.professionalism': 'Professionalism',
  'aspect.communication': 'Communication',
  'aspect.pricing': 'Pricing',
  'aspect.workmanship': 'Workmanship',
  'aspect.cleanliness': 'Cleanliness',
  'aspect.scheduling': 'Scheduling',
  'aspect.expertise': 'Expertise',
  'aspect.honesty': 'Honesty',
  'aspect.follow_up': 'Follow-up',

  // 404
  'notFound.title': 'Page not found: {name} reviews',
  'notFound.description': 'This page does not exist. The reviews of {name} are on the home page.',
  'notFound.heading': 'Page not found',
  /** {home}, {archive}, {api}: links */
  'notFound.text': 'There is no page at this address. The reviews of {name} are on {home}, every review is in {archive}, and programs can start at {api}.',
  'notFound.home': 'the home page',
  'notFound.archive': 'the archive',
  'notFound.api': 'the API page',

  // /embed/
  'embed.description': 'The rating and the {count} newest reviews of {name}.',
  /** {all}: a link to the home page */
  'embed.note': 'Every review is published, whatever its rating. {all}.',
  'embed.noteVerified': 'Every review with evidence that its author is a customer is published, whatever its rating. {all}.',
  'embed.all': 'Read them all',

  // JSON-LD
  'jsonld.services': 'Services',

  // /badge.svg
  'badge.label': 'reviews',
  'badge.empty': 'no reviews yet',
  'badge.spokenEmpty': '{label}: no reviews yet',
  'badge.spoken': '{label}: rated {value} out of 5 from {count}',

  // the feeds
  'feed.title': '{name}: newest reviews',
  'feed.description': 'The {count} newest reviews of {name}, each with the evidence that its author is a customer, if there is any.',
  'feed.copyright': 'Reviews by their authors, published by {name}',
  'feed.itemTitle': '{stars} {title} by {author}',
  'feed.untitled': '{rating}-star review',
  'feed.ratingOnly': '(rating only: {rating} of 5 stars)',
  'feed.response': 'Response from the owner ({date}): {text}',

  // <reviews-widget>
  'widget.failed': 'Reviews could not be loaded ({message}). ',
  'widget.read': 'Read the reviews',
  'widget.noTechnician': 'no technician “{name}”',
  'widget.noService': 'no service “{name}”',
  'widget.empty': '{label}: no reviews yet',
  'widget.rated': '{label}: rated {value} out of 5 from {count}',
  'widget.reviewsOf': 'Reviews of {label}',
  'widget.minStars': {
    one: 'Showing reviews with {stars} stars or more, as chosen by the site owner; {count} review with fewer stars is not shown here but is on the full page.',
    other:
      'Showing reviews with {stars} stars or more, as chosen by the site owner; {count} ' +
      'reviews with fewer stars are not shown here but are all on the full page.',
  },
  'widget.scroll': 'Reviews, scroll sideways',
  'widget.replied': 'The owner replied on {date}.',
  'widget.previous': '← Previous',
  'widget.next': 'Next →',
  'widget.all': 'Read all reviews',
  'widget.verified': ' · verified: {count} of {total}',

  // the MCP App, drawn by an agent's host in the conversation (src/mcp-app/)
  'app.whole': 'Show the whole review ({count} characters)',
  'app.failed': 'The next reviews could not be loaded ({message}).',
} as const;
