/**
 * What PostgreSQL refuses in the text and jsonb columns a device message is stored in (device_state, state
 * records, the sensors dictionary, events): such a message would fail its whole batch transaction, and with it
 * every other device's messages of that batch, each time it is resent. The ingest refuses it before the batch.
 */

/** JSON escapes of what PostgreSQL refuses in text and jsonb: NUL, and (when unpaired) UTF-16 surrogates. */
const UNSTORABLE_ESCAPE = /\\u(0000|[dD][89a-fA-F])/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored in PostgreSQL text or jsonb, or undefined. */
function unstorable(text: string): string | undefined {
  if (text.includes('\0')) {
    return 'a text holds a NUL character (\\u0000), which cannot be stored';
  }
  if (LONE_SURROGATE.test(text)) {
    return 'a text holds an unpaired surrogate (\\ud800-\\udfff), which cannot be stored';
  }
  return undefined;
}

/**
 * Why a parsed message holds a text (value or key) that PostgreSQL cannot store, or undefined. Such a message
 * would fail its whole batch, and with it every other device's messages of that batch, each time it is resent.
 * Only a message whose JSON has such an escape is walked (decoded UTF-8 has neither character unescaped);
 * iterative, after the nesting bounds.
 */
export function findUnstorableText(json: string, value: unknown): string | undefined {
  if (!UNSTORABLE_ESCAPE.test(json)) {
    return undefined;
  }
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      const reason = unstorable(item);
      if (reason !== undefined) {
        return reason;
      }
    } else if (Array.isArray(item)) {
      // One by one: a spread of a 130,000-element array overflows the call stack.
      for (const child of item) {
        stack.push(child);
      }
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        stack.push(key, child);
      }
    }
  }
  return undefined;
}
