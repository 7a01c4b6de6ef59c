import { z } from 'zod';

/**
 * Retail affiliate integrations (spec extended: Affiliate Integration Setup, admin Affiliate Setup):
 * Amazon Associates through Amazon's Creators API, and Sam's Club through the FlexOffers network.
 * One configuration per operator and one for the platform (admins). Secrets are written, never read
 * back: answers say whether one is set and how it ends (DECISIONS 12).
 */

export const RetailAffiliateMessages = {
  saved: 'Configuration saved',
  saveFailed: 'Failed to save affiliate configuration.',
  adminSaveFailed: 'Failed to save configuration. Please try again.',
  testSucceeded: 'Connection successful',
  testFailed: "Failed to connect to Amazon or Sam's Club affiliate API. Please check your credentials.",
  amazonOff: 'Turn on the Amazon integration before testing it.',
  associateIdRequired: 'Enter your Amazon associate ID to test the connection.',
  accessKeyIdRequired: 'Enter the access key ID (your Creators API credential ID) to test the connection.',
  secretKeyRequired: 'Enter the secret key (your Creators API credential secret) to test the connection.',
  samsClubOff: "Turn on the Sam's Club integration before testing it.",
  flexOffersKeyRequired: 'Enter your FlexOffers API key to test the connection.',
  storedSecretUnreadable: 'The stored key can no longer be read (the server’s encryption key changed). Type it again.',
  associateIdInvalid: 'An associate ID looks like yourstore-20: letters, digits, hyphens and underscores.',
  accessKeyIdInvalid: 'Enter the credential ID as Amazon shows it: letters, digits, dots, hyphens and underscores.',
  secretInvalid: 'A key has no spaces and at most 512 characters.',
  publisherIdInvalid: 'A publisher ID has letters, digits and hyphens only.',
  flexOffersKeyInvalid: 'A FlexOffers API key looks like 8bb138d4-2438-478f-8265-6ee842cd12d7.',
  regionInvalid: 'Choose one of the listed regions.',
  rateRange: (max: number) => `Enter a rate from 0 to ${max}.`,
  rateDecimals: 'Use at most two decimals.',
} as const;

export const AMAZON_REGIONS = ['US', 'UK', 'DE', 'FR', 'IT', 'ES', 'IN', 'JP'] as const;
export type AmazonRegion = (typeof AMAZON_REGIONS)[number];

/** Each region's Amazon store: what the form shows and the marketplace Amazon's API is asked about. */
export const AMAZON_MARKETPLACES: Record<AmazonRegion, { label: string; marketplace: string }> = {
  US: { label: 'United States (amazon.com)', marketplace: 'www.amazon.com' },
  UK: { label: 'United Kingdom (amazon.co.uk)', marketplace: 'www.amazon.co.uk' },
  DE: { label: 'Germany (amazon.de)', marketplace: 'www.amazon.de' },
  FR: { label: 'France (amazon.fr)', marketplace: 'www.amazon.fr' },
  IT: { label: 'Italy (amazon.it)', marketplace: 'www.amazon.it' },
  ES: { label: 'Spain (amazon.es)', marketplace: 'www.amazon.es' },
  IN: { label: 'India (amazon.in)', marketplace: 'www.amazon.in' },
  JP: { label: 'Japan (amazon.co.jp)', marketplace: 'www.amazon.co.jp' },
};

export const RETAIL_PROVIDERS = ['amazon', 'samsclub'] as const;
export type RetailProvider = (typeof RETAIL_PROVIDERS)[number];

/** Spec extended 9: operators 0-15, the admin form 0-100, both in steps of 0.1, default 3.5. */
export const COMMISSION_RATE = { default: 3.5, step: 0.1, operatorMax: 15, adminMax: 100 } as const;

const SECRET_PATTERN = /^\S{1,512}$/;
const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Trimmed text; blank is "none" (null). */
const optionalId = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || pattern.test(value), message);

/** A secret as typed: blank or absent keeps the stored one, so it comes out as undefined. */
const secretInput = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || pattern.test(value), message);

const commissionRate = (max: number) =>
  z
    .number({ error: RetailAffiliateMessages.rateRange(max) })
    .min(0, RetailAffiliateMessages.rateRange(max))
    .max(max, RetailAffiliateMessages.rateRange(max))
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, RetailAffiliateMessages.rateDecimals);

/** Everything but the rate; shared by saving and by testing a connection with what the form holds. */
const integrationFields = {
  amazonEnabled: z.boolean().default(false),
  amazonAssociateId: optionalId(/^[A-Za-z0-9_-]{1,64}$/, RetailAffiliateMessages.associateIdInvalid),
  amazonAccessKeyId: optionalId(/^[A-Za-z0-9._-]{1,200}$/, RetailAffiliateMessages.accessKeyIdInvalid),
  amazonSecretKey: secretInput(SECRET_PATTERN, RetailAffiliateMessages.secretInvalid),
  /** Removes the stored secret key (a blank field keeps it). */
  clearAmazonSecretKey: z.boolean().default(false),
  amazonRegion: z.enum(AMAZON_REGIONS, { error: RetailAffiliateMessages.regionInvalid }).default('US'),
  samsClubEnabled: z.boolean().default(false),
  samsClubPublisherId: optionalId(/^[A-Za-z0-9-]{1,64}$/, RetailAffiliateMessages.publisherIdInvalid),
  flexOffersApiKey: secretInput(GUID_PATTERN, RetailAffiliateMessages.flexOffersKeyInvalid),
  clearFlexOffersApiKey: z.boolean().default(false),
};

/** POST /api/affiliate-config: the whole configuration; secrets are kept unless typed again or cleared. */
export const SaveRetailConfigSchema = z.strictObject({
  ...integrationFields,
  affiliateCommissionRate: commissionRate(COMMISSION_RATE.operatorMax).default(COMMISSION_RATE.default),
});
/** POST /api/admin/affiliate-config: the platform's, whose rate may go to 100. */
export const SaveAdminRetailConfigSchema = SaveRetailConfigSchema.extend({
  affiliateCommissionRate: commissionRate(COMMISSION_RATE.adminMax).default(COMMISSION_RATE.default),
});
export type SaveRetailConfig = z.input<typeof SaveRetailConfigSchema>;
export type RetailConfigInput = z.output<typeof SaveRetailConfigSchema>;

/** POST /api/affiliate-test/{provider}: the form as typed; its rate and other extras are ignored. */
export const TestConnectionSchema = z.object(integrationFields);
export type TestConnectionInput = z.output<typeof TestConnectionSchema>;

export const ProviderParamsSchema = z.object({
  provider: z.enum(RETAIL_PROVIDERS, { error: 'The provider is amazon or samsclub.' }),
});

export const RetailAffiliateConfigSchema = z.object({
  amazonEnabled: z.boolean(),
  amazonAssociateId: z.string().nullable(),
  amazonAccessKeyId: z.string().nullable(),
  amazonSecretKeySet: z.boolean(),
  /** The last four characters of a long enough secret, to tell keys apart; null otherwise. */
  amazonSecretKeyLast4: z.string().nullable(),
  amazonRegion: z.enum(AMAZON_REGIONS),
  samsClubEnabled: z.boolean(),
  samsClubPublisherId: z.string().nullable(),
  flexOffersApiKeySet: z.boolean(),
  flexOffersApiKeyLast4: z.string().nullable(),
  affiliateCommissionRate: z.number(),
  /** Null until first saved. */
  updatedAt: z.string().nullable(),
});
export type RetailAffiliateConfig = z.infer<typeof RetailAffiliateConfigSchema>;

/** What a failed connection test found, in the order people check them. */
export const CONNECTION_PROBLEMS = [
  'bad_credentials',
  'not_eligible',
  'region_mismatch',
  'account_mismatch',
  'timeout',
  'unreachable',
  'service_error',
] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];

/** A test that ran answers 200 whatever it found; `message` says it in plain words. */
export const ConnectionTestResultSchema = z.object({
  provider: z.enum(RETAIL_PROVIDERS),
  ok: z.boolean(),
  problem: z.enum(CONNECTION_PROBLEMS).nullable(),
  message: z.string(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;
