import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, ContactMessageFilter, ContactMessagePage, ContactReplyInput } from '../../../shared/contact.schemas.js';
import { apiJson } from '../../lib/api.js';

export const ADMIN_CONTACT_MESSAGES_URL = '/api/admin/contact-messages';
export const CONTACT_MESSAGES_PAGE_SIZE = 20;

// Keys start with the URL, as the default loader expects.
export const contactMessageKeys = {
  all: [ADMIN_CONTACT_MESSAGES_URL] as const,
  list: (status: ContactMessageFilter, page: number) => [...contactMessageKeys.all, { status, page }] as const,
};

/** GET /api/admin/contact-messages: those waiting first, then newest; one page at a time. */
export const contactMessagesQuery = (status: ContactMessageFilter, page: number) =>
  queryOptions({
    queryKey: contactMessageKeys.list(status, page),
    queryFn: () =>
      apiJson<ContactMessagePage>('GET', `${ADMIN_CONTACT_MESSAGES_URL}?status=${status}&page=${page}&pageSize=${CONTACT_MESSAGES_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

export function useContactMessages(status: ContactMessageFilter, page: number) {
  return useQuery(contactMessagesQuery(status, page));
}

/** PATCH /api/admin/contact-messages/{id}: handled, or back to waiting. */
export function useSetContactMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => apiJson<ContactMessage>('PATCH', `${ADMIN_CONTACT_MESSAGES_URL}/${id}`, { handled }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}

/** POST /api/admin/contact-messages/{id}/replies: mailed to the sender; the message is handled. */
export function useReplyToContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: ContactReplyInput }) => apiJson<ContactMessage>('POST', `${ADMIN_CONTACT_MESSAGES_URL}/${id}/replies`, reply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
