import { baseMessage, type Message } from '@backroom/contract';
import { useEffect, useRef } from 'react';
import { i18n } from '../../../core/i18n';
import { API_BASE, call } from '../../../core/request';

/** Where every message query of the web app sits, so one new message refreshes the bell and the list. */
export const MESSAGES_KEY = ['base', 'messages'] as const;

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

/**
 * The message stream while the shell is open: a short-lived ticket, then the browser's own
 * EventSource on `message/stream`. When the stream breaks (the instance drained or died, the
 * network dropped) it waits, takes a new ticket and resumes after the last message it had
 * (`lastEventId`), so nothing made meanwhile is missed; the wait doubles up to 30 s while it fails.
 */
export function useMessageStream(onMessage: (message: Message) => void): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = 0;
    let wait = FIRST_WAIT_MS;
    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void open(), wait);
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    };
    const open = async () => {
      try {
        const { ticket } = await call(baseMessage.api.ticket, undefined, { silent: true, quiet: true });
        if (stopped) return;
        const query = new URLSearchParams({ ticket, language: i18n.language });
        if (last > 0) query.set('lastEventId', String(last));
        const stream = new EventSource(`${API_BASE}${baseMessage.api.stream.url}?${query}`);
        source = stream;
        stream.onopen = () => {
          wait = FIRST_WAIT_MS;
        };
        stream.addEventListener('message', (event) => {
          const message = JSON.parse(event.data) as Message;
          last = Math.max(last, message.id);
          handler.current(message);
        });
        // The browser would reconnect with the same ticket, which is spent: this hook reconnects itself.
        stream.onerror = () => {
          stream.close();
          if (source === stream) source = null;
          retry();
        };
      } catch {
        retry();
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, []);
}
