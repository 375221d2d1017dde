import { describe, expect, it } from 'vitest';
import { boundedSubject, type OutgoingMail, SUBJECT_MAX_LENGTH, sendAll } from './mailer';

describe('e-mail subject lines', () => {
  it('are cut to 200 characters with an ellipsis, whatever name a device sent', () => {
    const subject = boundedSubject(`[Vigil] Alarm Detected — ${'x'.repeat(200_000)} at Kiln`);
    expect(SUBJECT_MAX_LENGTH).toBe(200);
    expect(subject).toHaveLength(200);
    expect(subject.endsWith('…')).toBe(true);
  });

  it('stay one line and never end in half a character', () => {
    expect(boundedSubject('[Vigil] Alarm\r\nBcc: someone@example.com')).toBe(
      '[Vigil] Alarm Bcc: someone@example.com',
    );
    const cut = boundedSubject('🔥'.repeat(300));
    expect(Array.from(cut)).toHaveLength(200);
    // No lone surrogate: the cut text survives a UTF-8 round trip unchanged.
    expect(new TextDecoder().decode(new TextEncoder().encode(cut))).toBe(cut);
  });

  it('are left as they are when short', () => {
    expect(boundedSubject('[Vigil] 3 alarms at Kiln')).toBe('[Vigil] 3 alarms at Kiln');
  });
});

describe('sendAll', () => {
  const mail = (to: string): OutgoingMail => ({ to, subject: 's', text: 't', html: 'h', kind: 'escalation' });

  it("queues through the mailer's sendAll in one call when it has one", async () => {
    const batches: string[][] = [];
    const sent: string[] = [];
    const mailer = {
      send: async (one: OutgoingMail) => void sent.push(one.to),
      sendAll: async (many: readonly OutgoingMail[]) => void batches.push(many.map((one) => one.to)),
    };
    await sendAll(mailer, [mail('a@x.test'), mail('b@x.test')]);
    await sendAll(mailer, []);
    expect(batches).toEqual([['a@x.test', 'b@x.test']]);
    expect(sent).toEqual([]);
  });

  it('sends one by one, in order, through a mailer without it', async () => {
    const sent: string[] = [];
    await sendAll({ send: async (one) => void sent.push(one.to) }, [mail('a@x.test'), mail('b@x.test')]);
    expect(sent).toEqual(['a@x.test', 'b@x.test']);
  });
});
