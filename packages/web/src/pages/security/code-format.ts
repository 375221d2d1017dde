/** Digits only, at most six: authenticator apps often show '123 456'. */
export function normalizeCode(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, 6);
}

/** 'ABCD EFGH ...': easier to type by hand; the copy action copies the secret without spaces. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
