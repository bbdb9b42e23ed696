import type { ColumnRules, Field } from './columns.ts';

const OUR_FIELDS: Field[] = [
  'id',
  'date',
  'rating',
  'title',
  'text',
  'author',
  'verified',
  'source',
  'technicians',
  'services',
  'service_area',
  'response_date',
  'response_text',
];

/** Our own field names: a spreadsheet typed by hand or exported from any review tool. */
export const CSV_RULES: ColumnRules = {
  aliases: Object.fromEntries(OUR_FIELDS.map((f) => [f, [f.replace(/_/g, '')]])),
  required: ['date', 'rating', 'text', 'author'],
  naiveTimes: 'local',
  idIsOurs: true,
};

export const TRUSTPILOT_SOURCE = 'trustpilot';

/**
 * The CSV of the Trustpilot Business app (Reviews > Export). Its verification level ("verified", or
 * "invited" in older exports, as opposed to "not-verified") is Trustpilot's own evidence. Its headers have changed
 * over the years and differ by export; these are the variants in circulation, matched
 * case- and punctuation-insensitively. Times are UTC.
 */
export const TRUSTPILOT_RULES: ColumnRules = {
  aliases: {
    id: ['reviewid', 'id'],
    date: ['reviewcreatedutc', 'reviewcreated', 'reviewdate', 'createdat', 'date'],
    rating: ['reviewstars', 'stars', 'reviewrating', 'rating'],
    title: ['reviewtitle', 'title'],
    text: ['reviewcontent', 'reviewtext', 'content', 'text'],
    author: ['reviewusername', 'reviewconsumername', 'consumername', 'reviewername', 'username', 'name'],
    response_text: ['replycontent', 'companyreply', 'businessreply', 'reviewreply', 'reply', 'replytext'],
    platform_verification: ['reviewverificationlevel', 'verificationlevel', 'reviewverified', 'isverified'],
    response_date: ['companyreplydateutc', 'businessreplydateutc', 'replydateutc', 'companyreplydate', 'businessreplydate', 'replydate'],
  },
  required: ['date', 'rating', 'text', 'author'],
  ignored: [
    'reviewconsumeruserid',
    'consumerid',
    'reviewuseremail',
    'consumeremail',
    'email',
    'sourceofreview',
    'domainurl',
    'webshopname',
    'businessunitid',
    'tags',
    'locationname',
    'locationid',
    'referenceid',
    'referencenumber',
    'reviewlanguage',
    'language',
    'consumercountry',
    'reviewconsumercountry',
    'reviewstatus',
    'status',
    'reviewupdatedutc',
    'reviewexperiencedutc',
    'dateofexperience',
    'reviewurl',
    'likes',
    'productname',
    'sku',
  ],
  naiveTimes: 'utc',
  idIsOurs: false,
  platform: TRUSTPILOT_SOURCE,
};
