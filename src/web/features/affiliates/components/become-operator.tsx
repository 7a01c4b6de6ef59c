import { Refrigerator } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useBecomeOperator } from '../api.js';

/**
 * An affiliate who wants to run machines too: the same account becomes an operator's and keeps its
 * place in the program (the sidebar then leads back here). Asked first, since it changes the account.
 */
export function BecomeOperator() {
  const navigate = useNavigate();
  const becomeOperator = useBecomeOperator();

  const confirm = async () => {
    try {
      await becomeOperator.mutateAsync();
      toast({ title: 'Welcome, operator', description: 'Add your first vending machine from the dashboard.' });
      navigate(paths.dashboard);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Could not switch your account',
        description: readApiError(error).message ?? 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex gap-3">
        <Refrigerator className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Also run vending machines?</h2>
          <p className="text-sm text-muted-foreground">
            Use this account as an operator too: collect product votes on your own machines on the free Starter plan. Your link,
            referrals and earnings stay as they are.
          </p>
        </div>
      </div>
      <ConfirmAction
        trigger={<Button className="shrink-0">Also run vending machines</Button>}
        title="Run vending machines with this account?"
        description="Your account gets the operator dashboard, starting on the free Starter plan. You stay an affiliate, and this dashboard stays in your sidebar."
        confirmLabel="Yes, add the operator dashboard"
        confirmVariant="primary"
        onConfirm={confirm}
        waitForAction
      />
    </Card>
  );
}
