import { z } from 'zod';
import {
  COMMISSION_RATE,
  SaveAdminRetailConfigSchema,
  SaveRetailConfigSchema,
  type AmazonRegion,
  type RetailAffiliateConfig,
  type RetailProvider,
  type SaveRetailConfig,
} from '../../../shared/retail-affiliates.schemas.js';
import type { RetailConfigScope } from './api.js';

/** What the form edits: text as typed (blank is "none"; a blank secret keeps the stored one). */
export interface RetailConfigFormValues {
  amazonEnabled: boolean;
  amazonAssociateId: string;
  amazonAccessKeyId: string;
  amazonSecretKey: string;
  clearAmazonSecretKey: boolean;
  amazonRegion: AmazonRegion;
  samsClubEnabled: boolean;
  samsClubPublisherId: string;
  flexOffersApiKey: string;
  clearFlexOffersApiKey: boolean;
  /** As typed; turned into a number on save (spec: anything not a number counts as 0). */
  affiliateCommissionRate: string;
}

export const RETAIL_CONFIG_FIELDS = [
  'amazonEnabled',
  'amazonAssociateId',
  'amazonAccessKeyId',
  'amazonSecretKey',
  'amazonRegion',
  'samsClubEnabled',
  'samsClubPublisherId',
  'flexOffersApiKey',
  'affiliateCommissionRate',
] as const satisfies readonly (keyof RetailConfigFormValues)[];

/** The fields a provider's test needs, and the switch that must be on for it. */
export const PROVIDER_FIELDS = {
  amazon: { enabled: 'amazonEnabled', id: 'amazonAssociateId' },
  samsclub: { enabled: 'samsClubEnabled', id: null },
} as const satisfies Record<RetailProvider, { enabled: keyof RetailConfigFormValues; id: keyof RetailConfigFormValues | null }>;

export function retailFormValues(config: RetailAffiliateConfig): RetailConfigFormValues {
  return {
    amazonEnabled: config.amazonEnabled,
    amazonAssociateId: config.amazonAssociateId ?? '',
    amazonAccessKeyId: config.amazonAccessKeyId ?? '',
    amazonSecretKey: '',
    clearAmazonSecretKey: false,
    amazonRegion: config.amazonRegion,
    samsClubEnabled: config.samsClubEnabled,
    samsClubPublisherId: config.samsClubPublisherId ?? '',
    flexOffersApiKey: '',
    clearFlexOffersApiKey: false,
    affiliateCommissionRate: String(config.affiliateCommissionRate),
  };
}

/** Spec extended 9: a rate that is not a number becomes 0. */
export function rateFromInput(text: string): number {
  const rate = Number.parseFloat(text);
  return Number.isFinite(rate) ? rate : 0;
}

/** The request body for the form as it stands: what Save sends, and what Test Connection carries. */
export function toRequestBody(values: RetailConfigFormValues): SaveRetailConfig {
  return { ...values, affiliateCommissionRate: rateFromInput(values.affiliateCommissionRate) };
}

/** The server's own rules, run on the body the form would send, so messages match the server's. */
export function retailConfigFormSchema(scope: RetailConfigScope) {
  const server = scope === 'admin' ? SaveAdminRetailConfigSchema : SaveRetailConfigSchema;
  return z.custom<RetailConfigFormValues>().transform(toRequestBody).pipe(server);
}

export const maxRateFor = (scope: RetailConfigScope) => (scope === 'admin' ? COMMISSION_RATE.adminMax : COMMISSION_RATE.operatorMax);
