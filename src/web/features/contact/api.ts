import { useMutation } from '@tanstack/react-query';
import type { ContactReceipt, ContactSubmission } from '../../../shared/contact.schemas.js';
import { apiJson } from '../../lib/api.js';

export const sendContactMessage = (message: ContactSubmission) => apiJson<ContactReceipt>('POST', '/api/contact', message);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
