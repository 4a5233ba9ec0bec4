import type { Message } from '@backroom/contract';

export type MessageDay = { day: string; messages: Message[] };

/** Messages (newest first) grouped by the day they were made, the newest day first. */
export function groupByDay(messages: readonly Message[]): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const day = message.createTime.slice(0, 10);
    const last = days[days.length - 1];
    if (last?.day === day) last.messages.push(message);
    else days.push({ day, messages: [message] });
  }
  return days;
}

/** `YYYY-MM-DD` of a date in the browser's time. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
