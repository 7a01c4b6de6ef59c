import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, KeyRound, Send, Trash2, Webhook } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookDeliveryType,
  type WebhookEndpoint,
} from '../../../../shared/webhooks.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { Label } from '../../../components/ui/label.js';
import { Switch } from '../../../components/ui/switch.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteWebhook, useRollWebhookSecret, useSendWebhookTest, useUpdateWebhook, useWebhookDeliveries, webhookKeys } from '../webhooks-api.js';
import { formatDateTime } from '../../../lib/dates.js';


const STATUS_BADGES: Record<WebhookDeliveryStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function answerOf(delivery: WebhookDelivery): string {
  if (delivery.attempts === 0) return delivery.status === 'pending' ? 'Sending…' : 'Not sent';
  return delivery.responseStatus === null ? 'No answer' : `HTTP ${delivery.responseStatus}`;
}

const eventLabel = (type: WebhookDeliveryType) => (type === 'ping' ? 'Test' : WEBHOOK_EVENT_LABELS[type].label);

/** A failed call's toast; a 404 means another tab deleted the endpoint, which the refreshed list shows. */
function toastFailure(title: string, error: unknown) {
  if (isUnauthorizedError(error) || readApiError(error).status === 404) return;
  toast({ title, description: readApiError(error).message, variant: 'destructive' });
}

interface ItemProps {
  endpoint: WebhookEndpoint;
  onSecretRolled: (secret: string) => void;
}

export function WebhookEndpointItem({ endpoint, onSecretRolled }: ItemProps) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const roll = useRollWebhookSecret();
  const test = useSendWebhookTest();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const switchId = useId();
  const deliveriesId = useId();
  const name = endpoint.description || endpoint.url;

  const onToggle = (enabled: boolean) =>
    update.mutate({ id: endpoint.id, enabled }, { onError: (error) => toastFailure('The endpoint could not be changed', error) });

  const onTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (result) => {
        setShowDeliveries(true);
        toast({ title: 'Test event sent', description: result.message });
      },
      onError: (error) => toastFailure('The test could not be sent', error),
    });

  const onRoll = async () => {
    try {
      onSecretRolled((await roll.mutateAsync(endpoint.id)).signingSecret);
    } catch (error) {
      toastFailure('The secret could not be rolled', error);
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(endpoint.id);
      toast({ title: 'Endpoint deleted', description: `Events no longer go to ${endpoint.url}.` });
    } catch (error) {
      toastFailure('The endpoint could not be deleted', error);
    }
  };

  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex items-center gap-2">
            <Webhook className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="font-mono text-sm break-all">{endpoint.url}</span>
          </div>
          {endpoint.description ? <p className="text-sm break-words">{endpoint.description}</p> : null}
          <ul className="flex flex-wrap gap-1" aria-label="Events">
            {endpoint.events.map((event) => (
              <li key={event}>
                <Badge variant="outline">{WEBHOOK_EVENT_LABELS[event].label}</Badge>
              </li>
            ))}
          </ul>
          <LastResult endpoint={endpoint} />
        </div>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={endpoint.enabled} disabled={update.isPending} onCheckedChange={onToggle} />
          <Label htmlFor={switchId}>
            Send events<span className="sr-only"> to {endpoint.url}</span>
          </Label>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" size="sm" className="w-full sm:w-fit" loading={test.isPending} disabled={!endpoint.enabled} onClick={onTest}>
          {test.isPending ? null : <Send className="size-4" aria-hidden="true" />}
          Send test<span className="sr-only"> to {endpoint.url}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-fit"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          <ChevronDown className={showDeliveries ? 'size-4 rotate-180' : 'size-4'} aria-hidden="true" />
          Recent deliveries<span className="sr-only"> to {endpoint.url}</span>
        </Button>
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" className="w-full sm:w-fit" loading={roll.isPending}>
              {roll.isPending ? null : <KeyRound className="size-4" aria-hidden="true" />}
              Roll secret<span className="sr-only"> of {endpoint.url}</span>
            </Button>
          }
          title="Roll the signing secret?"
          description="A new secret is made and shown once. From now on every delivery, retries included, is signed with it: update your receiver at once, or it will refuse them."
          confirmLabel="Roll secret"
          onConfirm={onRoll}
          waitForAction
        />
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" className="w-full sm:w-fit sm:ml-auto" loading={remove.isPending}>
              {remove.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
              Delete<span className="sr-only"> {endpoint.url}</span>
            </Button>
          }
          title="Delete this endpoint?"
          description={`Events stop going to ${endpoint.url}, and its delivery history is deleted. This cannot be undone.`}
          confirmLabel="Delete endpoint"
          onConfirm={onDelete}
          waitForAction
        />
      </div>
      <div id={deliveriesId} hidden={!showDeliveries}>
        {showDeliveries ? <DeliveryList endpointId={endpoint.id} /> : null}
      </div>
    </li>
  );
}

function LastResult({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.lastDeliveryAt) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  const when = <time dateTime={endpoint.lastDeliveryAt}>{formatDateTime(endpoint.lastDeliveryAt)}</time>;
  const ok = endpoint.lastStatus !== null && endpoint.lastStatus >= 200 && endpoint.lastStatus < 300;
  return (
    <p className={ok ? 'text-sm text-muted-foreground' : 'text-sm text-destructive-text'}>
      Last delivery {when}: {ok ? `answered ${endpoint.lastStatus}` : (endpoint.lastError ?? 'failed')}
    </p>
  );
}

function DeliveryList({ endpointId }: { endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const queryClient = useQueryClient();
  const waiting = deliveries.data?.some((delivery) => delivery.status === 'pending' && delivery.attempts === 0) ?? false;
  const wasWaiting = useRef(waiting);
  // A first answer came in: the endpoint's 'last delivery' line changed too.
  useEffect(() => {
    if (wasWaiting.current && !waiting) void queryClient.invalidateQueries({ queryKey: webhookKeys.all, exact: true });
    wasWaiting.current = waiting;
  }, [waiting, queryClient]);

  if (deliveries.isPending) return <p className="text-sm text-muted-foreground">Loading deliveries…</p>;
  if (deliveries.isError) return <p className="text-sm text-destructive-text">The deliveries could not be loaded. {readApiError(deliveries.error).message}</p>;
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">Nothing has been sent to this endpoint yet.</p>;
  return (
    <ul className="grid divide-y divide-border rounded-md border border-border" aria-label="Recent deliveries">
      {deliveries.data.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} />
      ))}
    </ul>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const badge = STATUS_BADGES[delivery.status];
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <li className="grid gap-1 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">{eventLabel(delivery.eventType)}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span>{answerOf(delivery)}</span>
        <span className="text-muted-foreground">{countOf(delivery.attempts, 'attempt')}</span>
        <time className="text-muted-foreground sm:ml-auto" dateTime={at}>
          {formatDateTime(at)}
        </time>
      </div>
      {delivery.error ? <p className="break-words text-muted-foreground">{delivery.error}</p> : null}
    </li>
  );
}
