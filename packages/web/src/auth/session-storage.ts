import type { Me } from '@vigil/contracts';

/** Every browser-storage key Vigil uses (A section 9: what is stored locally). */
export const STORAGE_KEYS = {
  token: 'vigil.token',
  currentClient: 'vigil.current-client',
  offset: 'vigil.offset',
  timescale: 'vigil.timescale',
  errorMessage: 'vigil.error-message',
  is2faRequired: 'vigil.2fa-required',
  is2faVerified: 'vigil.2fa-verified',
} as const;

/** Graph timescales of M section 2 (Live is the absence of one). */
export const TIMESCALES = ['hour', 'day', 'week', 'month'] as const;
export type Timescale = (typeof TIMESCALES)[number];

export type CurrentClient = NonNullable<Me['current_client']>;

/** The part of the Web Storage API this module needs; tests pass an in-memory one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keys that belong to one signed-in session; preferences such as the timescale survive logout. */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.currentClient,
  STORAGE_KEYS.offset,
  STORAGE_KEYS.errorMessage,
  STORAGE_KEYS.is2faRequired,
  STORAGE_KEYS.is2faVerified,
] as const;

export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

function parseCurrentClient(raw: string | null): CurrentClient | null {
  if (raw === null) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'id' in value && 'company' in value) {
      const { id, company } = value;
      if (typeof id === 'number' && typeof company === 'string') {
        return { id, company };
      }
    }
  } catch {
    // A value written by an older build is dropped rather than trusted.
  }
  return null;
}

function isTimescale(value: string | null): value is Timescale {
  return TIMESCALES.some((timescale) => timescale === value);
}

/** Typed accessors over a key-value store, so no other module spells a storage key. */
export function createSessionStorage(store: KeyValueStore) {
  const setOrRemove = (key: string, value: string | null) => {
    if (value === null) {
      store.removeItem(key);
    } else {
      store.setItem(key, value);
    }
  };
  const readFlag = (key: string) => store.getItem(key) === 'true';

  return {
    getToken: () => store.getItem(STORAGE_KEYS.token),
    setToken: (token: string | null) => setOrRemove(STORAGE_KEYS.token, token),
    getCurrentClient: () => parseCurrentClient(store.getItem(STORAGE_KEYS.currentClient)),
    setCurrentClient: (client: CurrentClient | null) =>
      setOrRemove(STORAGE_KEYS.currentClient, client === null ? null : JSON.stringify(client)),
    getOffset: () => {
      const offset = Number.parseInt(store.getItem(STORAGE_KEYS.offset) ?? '', 10);
      return Number.isNaN(offset) || offset < 0 ? 0 : offset;
    },
    setOffset: (offset: number) => store.setItem(STORAGE_KEYS.offset, String(offset)),
    getTimescale: (): Timescale | null => {
      const value = store.getItem(STORAGE_KEYS.timescale);
      return isTimescale(value) ? value : null;
    },
    setTimescale: (timescale: Timescale | null) => setOrRemove(STORAGE_KEYS.timescale, timescale),
    getErrorMessage: () => store.getItem(STORAGE_KEYS.errorMessage),
    setErrorMessage: (message: string | null) => setOrRemove(STORAGE_KEYS.errorMessage, message),
    getIs2faRequired: () => readFlag(STORAGE_KEYS.is2faRequired),
    setIs2faRequired: (isRequired: boolean) => store.setItem(STORAGE_KEYS.is2faRequired, String(isRequired)),
    getIs2faVerified: () => readFlag(STORAGE_KEYS.is2faVerified),
    setIs2faVerified: (isVerified: boolean) => store.setItem(STORAGE_KEYS.is2faVerified, String(isVerified)),
    clearSession: () => {
      for (const key of SESSION_KEYS) {
        store.removeItem(key);
      }
    },
  };
}

export type SessionStorage = ReturnType<typeof createSessionStorage>;

/** localStorage when the browser allows it (private modes may throw), memory otherwise (and in Node tests). */
function openBrowserStore(): KeyValueStore {
  try {
    if (typeof globalThis.localStorage !== 'undefined') {
      return globalThis.localStorage;
    }
  } catch {
    // Access denied: fall through to memory.
  }
  return createMemoryStore();
}

export const sessionStore = createSessionStorage(openBrowserStore());
