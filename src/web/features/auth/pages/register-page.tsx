import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.js';
import { CardContent } from '../../../components/ui/card.js';
import { readSubscriptionIntent } from '../../../lib/subscription-intent.js';
import { AuthLayout } from '../components/auth-layout.js';
import { RegisterForm } from '../components/register-form.js';

/** /register: creates an account, then /check-email?email=… (spec 2.10). */
export function RegisterPage() {
  // Read once: a plan picked on the pricing page before signing up.
  const [intent] = useState(readSubscriptionIntent);

  return (
    <AuthLayout
      title="Create your account"
      description="Start collecting product votes from your vending machine customers."
      icon={<UserPlus className="size-6" aria-hidden="true" />}
    >
      {intent ? (
        <CardContent className="pb-0">
          <Alert variant="info" className="mb-4">
            <p className="font-semibold">{intent.planName} plan selected</p>
            <p>Create your account and verify your email to continue with the {intent.planName} plan.</p>
          </Alert>
        </CardContent>
      ) : null}
      <RegisterForm />
    </AuthLayout>
  );
}
