import { EXPORT_DATASET_INFO } from '../../../shared/exports.schemas.js';

/** README.txt of the ZIP: what each file holds, in the words a person reading the archive needs. */
export function exportReadme(email: string, builtAt: Date): string {
  const files: [string, string][] = [
    ['account.json', 'Your profile and settings: name, company, contact details, preferences and notification choices. Your password and two-factor secret are never included.'],
    ['billing.json', 'Your subscriptions and the invoices Stripe reported paid, with their amounts in cents.'],
    ['machines.csv', 'Your vending machines, with every column as stored.'],
    ['products.csv', EXPORT_DATASET_INFO.products.description.replace(' in the period', '')],
    ['votes.csv', EXPORT_DATASET_INFO.votes.description.replace(' in the period', '')],
    ['suggestions.csv', EXPORT_DATASET_INFO.suggestions.description],
    ['vending-issues.csv', EXPORT_DATASET_INFO['vending-issues'].description],
    ['restocks.csv', 'Every restock visit you recorded: machine, product, units and when.'],
    ['purchase-list.csv', 'Your purchase list as it stands.'],
    ['donations.csv', 'Your donation records, with the charity as it was named on the day of the gift.'],
    ['donation-lines.csv', 'The items of each donation (donation_id names the donation in donations.csv).'],
    ['charities.csv', 'The private charities you added to the directory.'],
    ['receipts/', 'A PDF receipt for each donation, as the donation hub prints it.'],
    ['magnet-orders.csv', EXPORT_DATASET_INFO['magnet-orders'].description],
    ['planograms.csv', 'Every slot of your machines’ planograms, with the product each held and when (ended_at is empty for the slots as they are now).'],
    ['sales-imports.csv', 'The DEX and telemetry files you imported, each with the report of what it did.'],
    ['dex-audits.csv', 'Each DEX audit of a machine: when it was read and the counters it left.'],
    ['machine-sales.csv', 'The sales your machines reported: units and money per selection, from the imports in sales-imports.csv.'],
    ['telemetry-mappings.csv', 'Which column of each telemetry export shape is the machine, the selection, the time, the quantity and the price.'],
  ];
  const width = Math.max(...files.map(([name]) => name.length)) + 2;
  return [
    'VendVote: a copy of your data',
    '',
    `Account: ${email}`,
    `Made: ${builtAt.toISOString()} (UTC)`,
    '',
    'Tables are CSV files (UTF-8, comma-separated, with a header row; times in ISO 8601, UTC).',
    'Everything else is JSON. Ids connect the files: machine_id in one file is id in machines.csv.',
    '',
    ...files.map(([name, text]) => `${name.padEnd(width)}${text}`),
    '',
  ].join('\r\n');
}
