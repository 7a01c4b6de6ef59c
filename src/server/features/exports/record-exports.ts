import { and, asc, eq } from 'drizzle-orm';
import { ISSUE_STATUS_LABELS } from '../../../shared/feedback.schemas.js';
import { MAGNET_ORDER_STATUS_LABELS } from '../../../shared/magnets.schemas.js';
import { formatCents } from '../../../shared/money.js';
import { magnetOrders, suggestions, vendingIssues, vendingMachines } from '../../db/schema.js';
import { during, iso, keyset, ownMachine, type ExportDefinition } from './export-definition.js';

const SUGGESTION_LABELS = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const;
const PAYMENT_LABELS = { checkout: 'Paid by card at checkout', invoice: 'Added to the subscription invoice', manual: 'Settled by hand (no billing)' } as const;

const dollars = (cents: number) => formatCents(BigInt(cents));

/** Ideas customers (or the operator) sent; one without a machine came from the demo page or the operator. */
export const suggestionExport: ExportDefinition = {
  table: suggestions,
  headers: () => ['Suggestion ID', 'Received (UTC)', 'Machine ID', 'Machine', 'Product', 'Brand', 'Category', 'Suggested by', 'Status', 'Decided (UTC)', 'Product ID'],
  async batch(ctx, scope, page) {
    const rows = await ctx.db
      .select({ suggestion: suggestions, machineName: vendingMachines.name })
      .from(suggestions)
      .leftJoin(vendingMachines, ownMachine(scope.ownerId, suggestions.machineId))
      .where(
        and(
          eq(suggestions.userId, scope.ownerId),
          scope.machineId === undefined ? undefined : eq(suggestions.machineId, scope.machineId),
          ...during(suggestions.createdAt, scope),
          ...keyset(suggestions.id, page),
        ),
      )
      .orderBy(asc(suggestions.id))
      .limit(page.limit);
    return rows.map(({ suggestion: s, machineName }) => ({
      id: s.id,
      cells: [s.id, iso(s.createdAt), s.machineId, machineName, s.name, s.brand, s.category, s.suggestedBy, SUGGESTION_LABELS[s.status], iso(s.processedAt), s.productId],
    }));
  },
};

export const issueExport: ExportDefinition = {
  table: vendingIssues,
  headers: () => ['Issue ID', 'Reported (UTC)', 'Machine ID', 'Machine', 'Product', 'Customer name', 'Customer email', 'Description', 'Status', 'Last changed (UTC)', 'Resolved (UTC)', 'Public reply', 'Source'],
  async batch(ctx, scope, page) {
    const rows = await ctx.db
      .select({ issue: vendingIssues, machineName: vendingMachines.name })
      .from(vendingIssues)
      .leftJoin(vendingMachines, ownMachine(scope.ownerId, vendingIssues.machineId))
      .where(
        and(
          eq(vendingIssues.userId, scope.ownerId),
          scope.machineId === undefined ? undefined : eq(vendingIssues.machineId, scope.machineId),
          ...during(vendingIssues.createdAt, scope),
          ...keyset(vendingIssues.id, page),
        ),
      )
      .orderBy(asc(vendingIssues.id))
      .limit(page.limit);
    return rows.map(({ issue: i, machineName }) => ({
      id: i.id,
      cells: [
        i.id,
        iso(i.createdAt),
        i.machineId,
        machineName,
        i.productName,
        i.customerName,
        i.customerEmail,
        i.issueDescription,
        ISSUE_STATUS_LABELS[i.status],
        iso(i.updatedAt),
        iso(i.resolvedAt),
        i.publicReply,
        i.source,
      ],
    }));
  },
};

/** Orders keep the machine's name when the machine is deleted; prices are VendVote's charges, in US dollars. */
export const magnetOrderExport: ExportDefinition = {
  table: magnetOrders,
  headers: () => [
    'Order ID',
    'Ordered (UTC)',
    'Machine ID',
    'Machine',
    'Magnet size',
    'Quantity',
    'Unit price (USD)',
    'Shipping (USD)',
    'Total (USD)',
    'Status',
    'Payment',
    'Paid (UTC)',
    'Carrier',
    'Tracking number',
    'Shipped (UTC)',
    'Delivered (UTC)',
    'Ship to',
    'Address line 1',
    'Address line 2',
    'City',
    'State',
    'ZIP code',
    'Country',
    'Special instructions',
  ],
  async batch(ctx, scope, page) {
    const rows = await ctx.db
      .select()
      .from(magnetOrders)
      .where(
        and(
          eq(magnetOrders.userId, scope.ownerId),
          scope.machineId === undefined ? undefined : eq(magnetOrders.machineId, scope.machineId),
          ...during(magnetOrders.createdAt, scope),
          ...keyset(magnetOrders.id, page),
        ),
      )
      .orderBy(asc(magnetOrders.id))
      .limit(page.limit);
    return rows.map((o) => {
      const address = o.shippingAddress;
      return {
        id: o.id,
        cells: [
          o.id,
          iso(o.createdAt),
          o.machineId,
          o.machineName,
          o.magnetSize,
          o.quantity,
          dollars(o.unitPriceCents),
          dollars(o.shippingCents),
          dollars(o.totalCents),
          MAGNET_ORDER_STATUS_LABELS[o.status],
          PAYMENT_LABELS[o.paymentMethod],
          iso(o.paidAt),
          o.carrier,
          o.trackingNumber,
          iso(o.shippedAt),
          iso(o.deliveredAt),
          address.fullName,
          address.addressLine1,
          address.addressLine2,
          address.city,
          address.state,
          address.zipCode,
          address.country,
          o.specialInstructions,
        ],
      };
    });
  },
};
