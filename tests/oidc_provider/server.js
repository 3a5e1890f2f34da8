// A real OpenID Connect provider for the company sign-in browser test (tests/e2e/test_oidc_sign_in.py):
// the certified `oidc-provider` package, its development sign-in pages (any login name, no password
// check), one confidential client (the portal), and accounts whose groups the test changes through
// POST /_test/groups {"account": "...", "groups": [...]} between two sign-ins.
//
//   PORT=9000 CLIENT_ID=staff-portal CLIENT_SECRET=... REDIRECT_URI=http://127.0.0.1:5000/auth/oidc/callback node server.js
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';

import Provider from 'oidc-provider';

const port = Number(process.env.PORT || 9000);
const issuer = `http://127.0.0.1:${port}`;

const accounts = new Map([
  ['alice', { name: 'Alice Example', email: 'alice@corp.example', groups: ['staff', 'portal-manager'] }],
]);

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-1', alg: 'RS256', use: 'sig' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
      redirect_uris: [process.env.REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [signingKey] },
  pkce: { required: () => true },
  // Claims of the requested scopes go into the ID token itself (the portal reads no userinfo).
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub', 'groups'],
    profile: ['name', 'preferred_username'],
    email: ['email', 'email_verified'],
  },
  cookies: { keys: ['test-cookie-key-not-secret'] },
  async findAccount(_ctx, id) {
    const account = accounts.get(id);
    if (!account) return undefined;
    return {
      accountId: id,
      async claims() {
        return {
          sub: id,
          preferred_username: id,
          name: account.name,
          email: account.email,
          email_verified: true,
          groups: [...account.groups],
        };
      },
    };
  },
});

const callback = provider.callback();

createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/_test/groups') {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      const { account, groups } = JSON.parse(body);
      accounts.get(account).groups = groups;
      res.writeHead(204).end();
    });
    return;
  }
  callback(req, res);
}).listen(port, '127.0.0.1', () => {
  console.log(`oidc-provider listening on ${issuer}`);
});
