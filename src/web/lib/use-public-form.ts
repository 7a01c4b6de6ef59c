import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { toast } from '../components/ui/use-toast.js';
import { showServerFieldErrors } from './server-field-errors.js';

interface PublicFormOptions<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  empty: Input;
  /** The form's fields, which take the server's field errors. */
  fields: readonly Path<Input>[];
  send: (values: Output) => Promise<unknown>;
  sent: { title: string; description: string };
  failed: { title: string; fallback: string };
}

/**
 * A form anyone may send, signed in or not. What was typed stays until it is sent. A refusal is told
 * both in a toast and on the form (`failure`), in the server's own words where they help a visitor
 * (a field to fix, a wait) and in the form's general words otherwise.
 */
export function usePublicForm<Input extends FieldValues, Output>({ resolver, empty, fields, send, sent, failed }: PublicFormOptions<Input, Output>) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: empty as DefaultValues<Input> });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
      toast({ title: sent.title, description: sent.description });
      form.reset(empty);
    } catch (error) {
      const details = showServerFieldErrors(error, fields, form.setError);
      const explained = (details.status === 400 || details.status === 429) && details.message;
      const description = explained ? details.message! : failed.fallback;
      setFailure(description);
      toast({ title: failed.title, description, variant: 'destructive' });
    }
  });

  const { errors, isSubmitting } = form.formState;
  return { register: form.register, errors, isSubmitting, onSubmit, failure };
}
