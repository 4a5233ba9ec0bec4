import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../core/i18n';
import { timelineOf } from './components/customer-details';
import { daysOf } from './components/invitation-calendar';
import { isMasked, withoutMasked } from './components/masking';
import { idNumberOfTypeRule } from './components/record-fields';

describe('masked values', () => {
  it('knows what the server masks and leaves real values alone', () => {
    expect(['138****1234', '1101**********1234', '***'].map(isMasked)).toEqual([true, true, true]);
    expect(['13812341234', 'a*b', '', null, 12].map(isMasked)).toEqual([false, false, false, false, false]);
  });

  it('drops only the named fields that still hold a masked value', () => {
    const values = { customerPhone: '138****1234', diseaseInformation: 'asthma', remark: '***' };
    expect(withoutMasked(values, ['customerPhone', 'diseaseInformation'])).toEqual({
      diseaseInformation: 'asthma',
      remark: '***',
    });
    expect(values.customerPhone).toBe('138****1234');
  });
});

describe('the invitation calendar', () => {
  it('shows a week from Monday to Sunday, whichever day it is asked from', () => {
    for (const day of ['2026-11-23', '2026-11-26', '2026-11-29']) {
      const days = daysOf(dayjs(`${day} 15:30:00`), 'week').map((d) => d.format('YYYY-MM-DD HH:mm'));
      expect(days).toEqual([
        '2026-11-23 00:00',
        '2026-11-24 00:00',
        '2026-11-25 00:00',
        '2026-11-26 00:00',
        '2026-11-27 00:00',
        '2026-11-28 00:00',
        '2026-11-29 00:00',
      ]);
    }
  });

  it('shows one day from its start', () => {
    expect(daysOf(dayjs('2026-11-25 15:30:00'), 'day').map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual([
      '2026-11-25 00:00',
    ]);
  });
});

describe("a customer's timeline", () => {
  it('puts invitations (at their time) and activities (when recorded) in one list, newest first', () => {
    const invitation = (id: number, inviteTime: string) => ({ id, inviteTime }) as never;
    const activity = (id: number, createTime: string) => ({ id, createTime }) as never;
    const entries = timelineOf({
      invitations: [invitation(1, '2026-11-28 10:00:00'), invitation(2, '2026-11-20 09:00:00')],
      activities: [activity(7, '2026-11-25 12:00:00')],
    });
    expect(entries.map((e) => `${e.kind}:${e.row.id}`)).toEqual(['invitation:1', 'activity:7', 'invitation:2']);
  });
});

describe('the activity form checks an ID number by its type (issue 24 §2)', () => {
  const validate = async (type: string | undefined, value: string) => {
    const rule = idNumberOfTypeRule('en', 'ID number');
    if (typeof rule !== 'function') throw new Error('a rule that reads the form');
    const form = { getFieldValue: (name: string) => (name === 'idCardType' ? type : undefined) };
    const { validator } = rule(form as unknown as Parameters<typeof rule>[0]);
    return validator?.({} as never, value, () => undefined);
  };

  it('refuses a number of another type, naming the type, and takes one that fits', async () => {
    await setLocale('en');
    await expect(validate('idCard', 'E12345678')).rejects.toThrow(
      'ID number does not fit the form of the ID type "ID card"',
    );
    await expect(validate('idCard', '11010519491231002X')).resolves.toBeUndefined();
    await expect(validate('passport', 'E12345678')).resolves.toBeUndefined();
    // The masked number the form loaded is the stored one.
    await expect(validate('idCard', '1101**********002X')).resolves.toBeUndefined();
  });
});
