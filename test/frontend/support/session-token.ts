/** A token shaped as the server's (a JWT whose subject is the user's id), unsigned: the app only reads whose it is. */
export function sessionToken(userId: string, issuedAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: userId, iat: issuedAt })}.signature`;
}
