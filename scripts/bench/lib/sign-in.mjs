// A demo staff account's access token for a bench's set-up (all demo accounts share the demo password).
/**
 * Signs `username` in at the server `origin` (from `address`, where the server trusts X-Forwarded-For); answers the
 * access token, or throws with the status.
 */
export async function staffToken(origin, username = 'admin', address) {
  const res = await fetch(`${origin}/api/v1/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-platform': 'web',
      ...(address && { 'x-forwarded-for': address }),
    },
    body: JSON.stringify({ username, password: 'Demo1234!' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username} answered ${res.status}`);
  return (await res.json()).access;
}
