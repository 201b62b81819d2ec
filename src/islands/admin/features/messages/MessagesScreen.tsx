// The staff inbox (docs/PRODUCT.md (Pages and screens)): what visitors sent through the contact form, newest
// first, in Inbox, Unread and Archived, with search. Opening a message marks it read; staff mark it unread,
// archive it, reply by email or (ADMIN and above, VISITOR_RULES) delete it. A prayer inquiry links to the
// private prayer request it became. What a visitor wrote is only ever text.
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { $auth } from '../../../../lib/client/session';
import type { ContactMessage, MessageChange } from '../../../../lib/shared/messages/api';
import { inquiryLabel, preferredContactLabel, serviceLabel } from '../../../../lib/shared/messages/contact-options';
import { formatDateTime, telHref } from '../../../../lib/shared/format';
import { formatPhone } from '../../../../lib/shared/phone';
import {
  Badge,
  Button,
  DetailList,
  EmptyState,
  ItemCard,
  LinkButton,
  Modal,
  ScreenHeader,
  ToggleGroup,
  toast,
  SearchableList,
  useFilteredList,
} from '../../../ui';
import { toastOnFailure, visitorDenial } from '../../content-form';
import { DenialNote } from '../../Denial';
import { QueryView } from '../../QueryView';
import { useListQuery } from '../../useListQuery';
import { deleteMessage, updateMessage } from './api';
import { messageKeys, messagesQuery } from './queries';
import { BOXES, EMPTY_MESSAGE_FILTERS, emptyBoxTitle, filterMessages, replyHref, type Box } from './model';

export default function MessagesScreen() {
  const role = useStore($auth).user?.role ?? null;
  const { client, query, items: messages, setItems } = useListQuery(messageKeys, messagesQuery);
  const list = useFilteredList(messages, EMPTY_MESSAGE_FILTERS, filterMessages);
  const { filters, set, shown } = list;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const changing = useMutation({
    mutationFn: ({ message, patch }: { message: ContactMessage; patch: MessageChange }) =>
      updateMessage(message.id, patch),
    // Opening a message marks it read at once: the change is harmless, and undone if the server refuses it.
    onMutate: ({ message, patch }) => {
      if (patch.read !== true || Object.keys(patch).length !== 1) return;
      client.setQueryData<ContactMessage[]>(messageKeys.list, (list) =>
        list?.map((m) => (m.id === message.id ? { ...m, read: true } : m)),
      );
      return { undo: () => setItems((list) => list.map((m) => (m.id === message.id ? message : m))) };
    },
    onError: (_error, _vars, optimistic) => optimistic?.undo(),
    onSuccess: (stored) => setItems((list) => list.map((m) => (m.id === stored.id ? stored : m))),
  });
  const deleting = useMutation({ mutationFn: (message: ContactMessage) => deleteMessage(message.id) });
  const busy = changing.isPending || deleting.isPending;
  const selected = messages.find((m) => m.id === selectedId) ?? null;
  const deleteDenied = visitorDenial(role, 'messages', 'delete', 'messages');

  async function change(message: ContactMessage, patch: MessageChange, done?: string) {
    await toastOnFailure('update the message', async () => {
      await changing.mutateAsync({ message, patch });
      if (done) toast(done);
    });
  }

  function open(message: ContactMessage) {
    setSelectedId(message.id);
    if (!message.read) void change(message, { read: true });
  }

  async function remove(message: ContactMessage) {
    if (busy || !window.confirm(`Delete the message from ${message.name}? This cannot be undone.`)) return;
    await toastOnFailure('delete the message', async () => {
      await deleting.mutateAsync(message);
      setItems((list) => list.filter((m) => m.id !== message.id));
      setSelectedId(null);
      toast(`Message from ${message.name} deleted`);
    });
  }

  const unread = messages.filter((m) => !m.read && !m.archived).length;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Messages" subtitle={`What visitors sent through the contact form. ${unread} unread.`}>
        <ToggleGroup<Box> label="Show" options={BOXES} value={filters.box} onChange={(box) => set({ box })} />
      </ScreenHeader>
      <QueryView query={query} noun="messages">
        <SearchableList
          list={list}
          noun="messages"
          placeholder="Search messages by name, email, phone, subject or text..."
          className="grid gap-4 md:grid-cols-2"
          empty={
            shown.length === 0 &&
            !filters.search.trim() && (
              <EmptyState title={emptyBoxTitle(filters.box, messages.length)}>
                What visitors send through the contact form shows here.
              </EmptyState>
            )
          }
        >
          {(m) => (
            <ItemCard
              key={m.id}
              title={m.subject}
              tags={[]}
              onOpen={() => open(m)}
              badges={
                <>
                  {!m.read && <Badge variant="primary">Unread</Badge>}
                  {m.archived && <Badge>Archived</Badge>}
                  <Badge variant="info">{inquiryLabel(m.inquiryType)}</Badge>
                  <time dateTime={m.createdAt} className="ml-auto text-xs text-muted">
                    {formatDateTime(m.createdAt)}
                  </time>
                </>
              }
            >
              <p className={m.read ? 'text-sm text-muted' : 'text-sm font-semibold text-text'}>
                {m.name} · {m.email}
              </p>
              <p className="line-clamp-2 text-sm whitespace-pre-line text-text">{m.message}</p>
            </ItemCard>
          )}
        </SearchableList>
      </QueryView>
      {selected && (
        <Modal
          open
          onClose={() => setSelectedId(null)}
          title={selected.subject}
          description={`From ${selected.name}, ${formatDateTime(selected.createdAt)}`}
          size="lg"
          footer={
            <>
              <Button
                variant={deleteDenied ? 'outline' : 'destructive'}
                onClick={() => void remove(selected)}
                disabled={!!deleteDenied || busy}
                aria-describedby={deleteDenied ? 'message-delete-note' : undefined}
              >
                Delete
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() =>
                  void change(
                    selected,
                    { archived: !selected.archived },
                    selected.archived ? 'Moved back to the inbox' : 'Message archived',
                  )
                }
              >
                {selected.archived ? 'Move to Inbox' : 'Archive'}
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => void change(selected, { read: !selected.read })}>
                {selected.read ? 'Mark Unread' : 'Mark Read'}
              </Button>
              <LinkButton href={replyHref(selected)}>Reply by Email</LinkButton>
            </>
          }
        >
          <div className="flex flex-col gap-4">
            <DetailList
              items={[
                { label: 'Name', value: selected.name },
                { label: 'Email', value: selected.email },
                {
                  label: 'Phone',
                  value: selected.phone ? (
                    <a href={telHref(formatPhone(selected.phone))} className="text-primary-strong hover:underline">
                      {formatPhone(selected.phone)}
                    </a>
                  ) : (
                    'Not given'
                  ),
                },
                { label: 'Preferred contact', value: preferredContactLabel(selected.preferredContact) },
                { label: 'Inquiry type', value: inquiryLabel(selected.inquiryType) },
                { label: 'Areas of interest', value: selected.services.map(serviceLabel).join(', ') || 'None chosen' },
              ]}
            />
            <p className="rounded-lg border border-border bg-surface p-4 text-sm whitespace-pre-wrap text-text">
              {selected.message}
            </p>
            {selected.prayerRequestId !== null && (
              <p className="text-sm">
                This prayer inquiry is also a private prayer request.{' '}
                <Link href="/prayers" className="font-semibold text-primary-strong hover:underline">
                  Open the prayer requests
                </Link>
              </p>
            )}
            <DenialNote id="message-delete-note" reason={deleteDenied} />
          </div>
        </Modal>
      )}
    </div>
  );
}
