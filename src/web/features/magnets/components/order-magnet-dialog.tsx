import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { Machine } from '../../../../shared/machines.schemas.js';
import {
  DEFAULT_MAGNET_COUNTRY,
  DEFAULT_MAGNET_QUANTITY,
  MAGNET_COUNTRIES,
  MAGNET_QUANTITIES,
  type MagnetCountry,
  type MagnetQuantity,
} from '../../../../shared/magnet-pricing.js';
import { MagnetMessages, MagnetOrderMessages, type MagnetQuoteRequest } from '../../../../shared/magnets.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useAuth } from '../../../lib/auth.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { voteUrlOf } from '../../../lib/vote-url.js';
import { subscriptionStatusQuery } from '../../billing/api.js';
import { magnetKeys, magnetVariantsQuery, useMagnetQuote, usePlaceMagnetOrder } from '../api.js';
import {
  addressProblemsOf,
  ADDRESS_FIELDS,
  EMPTY_MAGNET_ORDER_FORM,
  MagnetOrderFormSchema,
  countryName,
  isMissingInformation,
  orderButtonLabel,
  quoteAddressOf,
  type MagnetOrderFormInput,
  type MagnetOrderFormOutput,
} from '../order-form.js';
import { ChoiceGroup } from './choice-group.js';
import { MagnetPreview } from './magnet-preview.js';
import { MagnetSizeChoices } from './magnet-size-choices.js';
import { PriceSummary } from './price-summary.js';
import { ShippingAddressFields } from './shipping-address-fields.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

/** A finished address is priced after typing pauses this long, not at every key. */
const ADDRESS_QUOTE_DELAY_MS = 600;

const QUANTITY_CHOICES = MAGNET_QUANTITIES.map((quantity) => ({ value: quantity, label: String(quantity) }));
const COUNTRY_CHOICES = MAGNET_COUNTRIES.map((country) => ({ value: country, label: countryName(country) }));

/** The fields the server may name in a refusal. */
const FORM_FIELDS = [...ADDRESS_FIELDS.map((field) => `shippingAddress.${field}` as const), 'specialInstructions' as const];

interface OrderMagnetDialogProps {
  /** The machine whose QR code goes on the magnets; null when the dialog is closed. */
  machine: Machine | null;
  onClose: () => void;
}

/** Order QR Code Magnet (spec core 2.9): printed magnets of a machine's QR code, priced by the server. */
export function OrderMagnetDialog({ machine, onClose }: OrderMagnetDialogProps) {
  return (
    <Dialog open={machine !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">{machine ? <OrderMagnetForm machine={machine} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function OrderMagnetForm({ machine, onClose }: { machine: Machine; onClose: () => void }) {
  const charge = useChargeFormat();
  const queryClient = useQueryClient();
  const { isAdmin } = useAuth();
  const subscription = useQuery(subscriptionStatusQuery);
  const placeOrder = usePlaceMagnetOrder();
  const instructionsId = useId();
  const variants = useQuery(magnetVariantsQuery);
  const [chosenSku, setChosenSku] = useState<number | undefined>();
  // The first size on offer until another is chosen (and if the chosen one is no longer offered).
  const variant = variants.data?.find((candidate) => candidate.id === chosenSku) ?? variants.data?.[0];
  const sku = variant?.id;
  const [quantity, setQuantity] = useState<MagnetQuantity>(DEFAULT_MAGNET_QUANTITY);
  const [country, setCountry] = useState<MagnetCountry>(DEFAULT_MAGNET_COUNTRY);
  // A refusal stays on screen beside the button, not only in a toast that goes away.
  const [failure, setFailure] = useState<string | null>(null);
  // Set once Stripe's page is on its way: the button stays busy until the browser leaves.
  const [leaving, setLeaving] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MagnetOrderFormInput, unknown, MagnetOrderFormOutput>({
    resolver: zodResolver(MagnetOrderFormSchema),
    defaultValues: EMPTY_MAGNET_ORDER_FORM,
  });

  // A complete address is priced with the printer's real shipping, once typing pauses.
  const address = useWatch({ control, name: 'shippingAddress' });
  const settledAddress = useDebouncedValue(JSON.stringify(quoteAddressOf(address) ?? null), ADDRESS_QUOTE_DELAY_MS);
  const request = useMemo((): MagnetQuoteRequest | null => {
    if (sku === undefined) return null;
    const quoteAddress = JSON.parse(settledAddress) as MagnetQuoteRequest['address'] | null;
    return { sku, quantity, countryCode: country, ...(quoteAddress ? { address: quoteAddress } : {}) };
  }, [sku, quantity, country, settledAddress]);
  const quote = useMagnetQuote(request);
  // The price the order is placed at: the quote of exactly this choice, not the one still on screen.
  const current = quote.data && !quote.isPlaceholderData ? quote.data : undefined;

  const onInvalid = (invalid: FieldErrors<MagnetOrderFormInput>) => {
    if (ADDRESS_FIELDS.some((field) => isMissingInformation(invalid.shippingAddress?.[field]?.message))) {
      toast({ title: MagnetMessages.missingInformationTitle, description: MagnetMessages.missingInformationText, variant: 'destructive' });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!current) return;
    setFailure(null);
    const problems = Object.entries(addressProblemsOf(country, values.shippingAddress)) as ['state' | 'zipCode', string][];
    if (problems.length > 0) {
      problems.forEach(([field, message], index) => setError(`shippingAddress.${field}`, { type: 'validate', message }, { shouldFocus: index === 0 }));
      return;
    }
    try {
      const result = await placeOrder.mutateAsync({
        machineId: machine.id,
        machineName: machine.name,
        qrCodeUrl: voteUrlOf(machine.id),
        sku: current.variant.id,
        magnetSize: current.variant.options.size,
        quantity,
        unitPrice: current.unitPrice.amount,
        totalPrice: current.retailPrice.amount,
        shippingAddress: { ...values.shippingAddress, country },
        specialInstructions: values.specialInstructions,
      });
      if (result.requiresPayment) {
        if (!result.checkoutUrl) throw new Error(MagnetMessages.orderFailedText);
        setLeaving(true);
        toast({ title: result.title, description: result.message });
        window.location.assign(result.checkoutUrl);
        return;
      }
      toast({ title: result.title, description: result.message });
      onClose();
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FORM_FIELDS, setError);
      // The server's price moved since the quote: show the new one, and let the operator decide.
      if (details.message === MagnetOrderMessages.priceChanged) void queryClient.invalidateQueries({ queryKey: magnetKeys.quotes });
      const message = details.message ?? MagnetMessages.orderFailedText;
      setFailure(message);
      toast({ title: MagnetMessages.orderFailedTitle, description: message, variant: 'destructive' });
    }
  }, onInvalid);

  const ready = current !== undefined;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Order QR Code Magnet</DialogTitle>
        <DialogDescription>
          Printed magnets with the QR code of {machine.name} ({machine.location}), shipped to you.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        {/* Said before any address is typed: the server answers the mode with the first quote. */}
        {quote.data?.payment === 'manual' ? (
          <Alert data-testid="magnet-manual-notice">
            <p>{MagnetOrderMessages.manualNotice}</p>
          </Alert>
        ) : null}
        <div className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)]">
          <MagnetPreview machineId={machine.id} machineName={machine.name} />
          <div className="grid content-start gap-4">
            <MagnetSizeChoices variants={variants} value={sku} onChange={setChosenSku} />
            <ChoiceGroup legend="Quantity" choices={QUANTITY_CHOICES} value={quantity} onChange={setQuantity} />
            <ChoiceGroup legend="Ship to" choices={COUNTRY_CHOICES} value={country} onChange={setCountry} />
          </div>
        </div>

        <ShippingAddressFields register={register} errors={errors.shippingAddress} country={country} />

        <div className="grid gap-2">
          <Label htmlFor={instructionsId}>Special Instructions (optional)</Label>
          <Textarea
            id={instructionsId}
            rows={3}
            placeholder="e.g. Deliver to the front desk."
            aria-invalid={errors.specialInstructions ? true : undefined}
            aria-describedby={errors.specialInstructions ? `${instructionsId}-error` : undefined}
            {...register('specialInstructions')}
          />
          {errors.specialInstructions ? (
            <p id={`${instructionsId}-error`} className="text-sm font-medium text-destructive-text">
              {errors.specialInstructions.message}
            </p>
          ) : null}
        </div>

        <PriceSummary
          quote={quote.data}
          updating={quote.isPlaceholderData}
          error={quote.isError ? quote.error : variants.isError ? variants.error : null}
          onRetry={() => void (variants.isError ? variants.refetch() : quote.refetch())}
          showRevenue={isAdmin}
        />

        {failure ? (
          <Alert variant="destructive">
            <p>{failure}</p>
          </Alert>
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready} loading={isSubmitting || leaving}>
            {/* The total of exactly this choice: while a new quote loads, no figure rather than the last one. */}
            {orderButtonLabel({ tier: subscription.data?.tier, payment: quote.data?.payment, total: current?.retailPrice.amount, format: charge })}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
