import { Mail } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { NotificationMessages, type NotificationPreferences } from '../../../../shared/notifications.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { Label } from '../../../components/ui/label.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Switch } from '../../../components/ui/switch.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useNotificationPreferences, useSendTestNotification, useUpdateNotificationPreferences } from '../api.js';
import { SettingsCardSkeleton } from './settings-skeleton.js';
import { WebhooksCard } from './webhooks-card.js';

type Channel = keyof NotificationPreferences;

interface Option {
  key: Channel;
  label: string;
  description: string;
  note?: string;
}

const CHANNELS: readonly Option[] = [
  { key: 'email', label: 'Email notifications', description: 'Receive notifications at your sign-in email address.' },
  { key: 'sms', label: 'SMS alerts', description: NotificationMessages.smsUnavailable },
];

const ALERTS: readonly Option[] = [
  {
    key: 'lowInventory',
    label: 'Low inventory',
    description:
      'When a product you recorded a restock for is predicted to reach your reorder threshold within 3 days. Once per product and machine per restock.',
  },
  {
    key: 'highVotes',
    label: 'High votes',
    description: 'When a product gets at least three times its usual daily votes at a machine (and at least 10). At most once a day per product and machine.',
  },
  {
    key: 'machineOffline',
    label: 'Machine offline',
    description: 'When a machine that gets votes most days has had none for 3 days, or is set to maintenance or inactive.',
  },
  { key: 'dailySummary', label: 'Daily summary', description: 'At 8:00 your time: yesterday’s votes per machine, top movers, new suggestions and issues.' },
  {
    key: 'periodicReport',
    label: 'Periodic report',
    description: 'Top products per machine, risers and fallers, suggestions approved and issues resolved, at the report frequency set under Preferences.',
  },
];

/** Notification preferences (spec extended 7, 8): each switch saves at once; a failed save puts it back. */
export function NotificationsTab() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  if (preferences.isPending) return <SettingsCardSkeleton label="Loading notification preferences" rows={6} />;
  if (preferences.isError) {
    return (
      <LoadError
        what="notification preferences"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isRefetching}
      />
    );
  }

  const current = preferences.data;
  const toggle = (key: Channel, on: boolean) =>
    update.mutate(
      { ...current, [key]: on },
      {
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          toast({ title: NotificationMessages.updateFailed, description: readApiError(error).message, variant: 'destructive' });
        },
      },
    );

  const row = (option: Option, inactiveReasonId?: string) => (
    <PreferenceSwitch
      key={option.key}
      option={option}
      checked={current[option.key]}
      onChange={(on) => toggle(option.key, on)}
      disabled={option.key === 'sms' || inactiveReasonId !== undefined}
      inactiveReasonId={inactiveReasonId}
      badge={option.key === 'sms' ? <Badge variant="secondary">{NotificationMessages.smsSetupRequired}</Badge> : null}
    />
  );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>How we reach you</CardTitle>
          <CardDescription>Changes are saved as soon as you make them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid divide-y divide-border">{CHANNELS.map((option) => row(option))}</ul>
          <TestEmailButton emailOn={current.email} />
        </CardContent>
      </Card>
      <TopicsCard emailOn={current.email}>{(inactiveReasonId) => ALERTS.map((option) => row(option, inactiveReasonId))}</TopicsCard>
      <WebhooksCard />
    </div>
  );
}

/**
 * The topics. Every one is sent by email, so with email off they are inactive: disabled (dimmed) and
 * saying why, with their stored choices kept for when email comes back on.
 */
function TopicsCard({ emailOn, children }: { emailOn: boolean; children: (inactiveReasonId: string | undefined) => ReactNode }) {
  const reasonId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>What we tell you about</CardTitle>
        {emailOn ? null : <CardDescription id={reasonId}>{NotificationMessages.topicsNeedEmail}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y divide-border">{children(emailOn ? undefined : reasonId)}</ul>
      </CardContent>
    </Card>
  );
}

interface PreferenceSwitchProps {
  option: Option;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
  /** Why the switch cannot be used now, read with it. */
  inactiveReasonId?: string;
  badge: ReactNode;
}

function PreferenceSwitch({ option, checked, onChange, disabled, inactiveReasonId, badge }: PreferenceSwitchProps) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={id}>{option.label}</Label>
          {badge}
        </div>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {option.description}
        </p>
        {option.note ? (
          <p id={`${id}-note`} className="text-xs text-muted-foreground">
            {option.note}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-describedby={[inactiveReasonId, `${id}-description`, option.note ? `${id}-note` : null].filter(Boolean).join(' ')}
      />
    </li>
  );
}

/** POST /api/notifications/test; only with email notifications on, as the server requires. */
function TestEmailButton({ emailOn }: { emailOn: boolean }) {
  const send = useSendTestNotification();
  const hintId = useId();
  const onClick = () =>
    send.mutate(undefined, {
      onSuccess: (result) => toast({ title: NotificationMessages.testSentTitle, description: result.message }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: NotificationMessages.testFailed, description: readApiError(error).message, variant: 'destructive' });
      },
    });
  return (
    <div className="grid gap-2 border-t border-border pt-4">
      <Button
        variant="outline"
        className="w-full sm:w-fit"
        disabled={!emailOn}
        loading={send.isPending}
        aria-describedby={emailOn ? undefined : hintId}
        onClick={onClick}
      >
        {send.isPending ? null : <Mail className="size-4" aria-hidden="true" />}
        Send test email
      </Button>
      {emailOn ? null : (
        <p id={hintId} className="text-sm text-muted-foreground">
          {NotificationMessages.emailOff}
        </p>
      )}
    </div>
  );
}
