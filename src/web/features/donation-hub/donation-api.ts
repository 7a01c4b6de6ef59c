import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DONATION_HISTORY_API,
  RECORD_DONATION_API,
  TAX_SETTINGS_API,
  TAX_SUMMARY_API,
  type DonationRecord,
  type RecordDonationInput,
} from '../../../shared/donation-hub.schemas.js';
import { type TaxSettings, type TaxSummary } from '../../../shared/donation-tax.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';

// Keys start with the URL (spec 7); a year is an object part with its own queryFn.
export const donationKeys = {
  /** Every donation, newest gift first. */
  history: [DONATION_HISTORY_API] as const,
};

export const taxKeys = {
  /** Every year's summary: invalidate after a donation or a change of the tax settings. */
  summary: [TAX_SUMMARY_API] as const,
  summaryFor: (year: number | null) => [...taxKeys.summary, { year }] as const,
  settings: [TAX_SETTINGS_API] as const,
};

/** GET /api/donation-hub/history. */
export const donationHistoryQuery = queryOptions<DonationRecord[]>({ queryKey: donationKeys.history });

export function useDonationHistory() {
  return useQuery(donationHistoryQuery);
}

/** POST /api/donation-hub/record; the history and every summary are read again after it. */
export function useRecordDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordDonationInput) => apiJson<DonationRecord>('POST', RECORD_DONATION_API, input),
    onSuccess: () => invalidateKeys(queryClient, donationKeys.history, taxKeys.summary),
  });
}

export const taxSummaryUrl = (year: number | null) => (year === null ? TAX_SUMMARY_API : `${TAX_SUMMARY_API}?year=${year}`);

/** GET /api/donation-hub/tax-summary[?year=]: without a year, the current one on the operator's calendar. */
export function useTaxSummary(year: number | null) {
  return useQuery({
    queryKey: taxKeys.summaryFor(year),
    queryFn: () => apiJson<TaxSummary>('GET', taxSummaryUrl(year)),
    // Another year keeps the figures on screen (marked busy) until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export const taxSettingsQuery = queryOptions<TaxSettings>({ queryKey: taxKeys.settings });

export function useTaxSettings() {
  return useQuery(taxSettingsQuery);
}

/** PUT /api/donation-hub/tax-settings; the summary's C corporation estimate follows it. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettings) => apiJson<TaxSettings>('PUT', TAX_SETTINGS_API, settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(taxKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: taxKeys.summary });
    },
  });
}
