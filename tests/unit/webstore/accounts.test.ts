import { describe, expect, it } from 'vitest';
import { BASE, json, rel, testClient } from './fake-fetch.js';
import { CPA_DISABLED } from '../../../server/webstore/index.js';

describe('login', () => {
  const token = {
    access_token: '00D!tok',
    instance_url: 'http://emulator.local',
    id: 'http://emulator.local/id/00DDM0000000001/005DM0000000B01',
    token_type: 'Bearer',
    issued_at: '1700000000000',
    signature: 'sig',
  };

  it('posts the password grant form to the default token URL and reads the token answer', async () => {
    const { client, calls } = testClient(() => json(token), {
      oauth: { clientId: 'cid', clientSecret: 'secret' },
      effectiveAccountId: '001A',
      guestSessionId: 'g-1',
    });
    expect(await client.login('ada@example.com', 'p&ss=word')).toEqual({
      accessToken: '00D!tok',
      instanceUrl: 'http://emulator.local',
      issuedAt: 1_700_000_000_000,
      userId: '005DM0000000B01',
    });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url.toString()).toBe(`${BASE}/services/oauth2/token`);
    expect(calls[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
      grant_type: 'password',
      username: 'ada@example.com',
      password: 'p&ss=word',
      client_id: 'cid',
      client_secret: 'secret',
    });
    expect(calls[0].headers.get('cookie')).toBeNull();
  });

  it('uses a configured token URL and leaves out client credentials it does not have', async () => {
    const { client, calls } = testClient(() => json(token), { oauth: { tokenUrl: 'https://login.example.com/token' } });
    await client.login('ada@example.com', 'pw');
    expect(calls[0].url.toString()).toBe('https://login.example.com/token');
    expect([...new URLSearchParams(calls[0].body).keys()]).toEqual(['grant_type', 'username', 'password']);
  });
});

describe('effective account', () => {
  it("requires an id: a blank one fails with the spec's message before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.getEffectiveAccount('')).rejects.toThrow("'effectiveAccountId' param is required");
    await expect(client.getEffectiveAccount('   ')).rejects.toThrow("'effectiveAccountId' param is required");
    expect(calls).toHaveLength(0);
  });

  it('loads the account with the requested fields comma-joined', async () => {
    const { client, calls } = testClient(() =>
      json({ accountId: '001A', accountName: 'Alpha', fields: { Id: '001A', Name: 'Alpha' } }),
    );
    expect(await client.getEffectiveAccount('001A', { fields: ['Id', 'Name'] })).toEqual({
      id: '001A',
      name: 'Alpha',
      fields: { Id: '001A', Name: 'Alpha' },
    });
    expect(rel(calls[0])).toBe('effective-accounts/001A');
    expect(calls[0].url.searchParams.get('fields')).toBe('Id,Name');
  });
});

describe('addresses', () => {
  it('are unavailable to guests and for page size 0: CPA disabled, no request', async () => {
    const guest = testClient();
    await expect(guest.client.getAddresses()).rejects.toMatchObject({ name: 'WebstoreError', code: CPA_DISABLED });
    const buyer = testClient(() => json({ items: [] }), { accessToken: 't' });
    await expect(buyer.client.getAddresses({ pageSize: 0 })).rejects.toMatchObject({ message: 'CPA disabled' });
    expect(guest.calls.length + buyer.calls.length).toBe(0);
  });

  it('list the current account with the spec defaults, which callers may override', async () => {
    const { client, calls } = testClient(() => json({ count: 0, items: [] }), { accessToken: 't' });
    await client.getAddresses({ addressType: 'Shipping', pageSize: 10 });
    expect(rel(calls[0])).toBe('accounts/current/addresses');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      addressType: 'Shipping',
      pageSize: '10',
      excludeUnsupportedCountries: 'true',
      shouldShowDefaultAddrFirst: 'true',
    });
    await client.getAddresses({ accountId: '001A', excludeUnsupportedCountries: false });
    expect(rel(calls[1])).toBe('accounts/001A/addresses');
    expect(calls[1].url.searchParams.get('excludeUnsupportedCountries')).toBe('false');
  });

  it('create with POST and update with PATCH on the address id', async () => {
    const { client, calls } = testClient(() => json({ addressId: '8lWA' }), { accessToken: 't' });
    await client.createAddress({ name: 'Home', city: 'Lyon' });
    await client.updateAddress({ addressId: '8lWA', city: 'Paris' });
    await client.updateAddress({ id: '8lWB', city: 'Nice' }, { accountId: '001A' });
    expect(calls.map((c) => [c.method, rel(c), JSON.parse(c.body)])).toEqual([
      ['POST', 'accounts/current/addresses', { name: 'Home', city: 'Lyon' }],
      ['PATCH', 'accounts/current/addresses/8lWA', { city: 'Paris' }],
      ['PATCH', 'accounts/001A/addresses/8lWB', { city: 'Nice' }],
    ]);
  });

  it("refuse an update without an address id: 'addressId is required'", async () => {
    const { client, calls } = testClient(undefined, { accessToken: 't' });
    await expect(client.updateAddress({ city: 'Paris' })).rejects.toThrow('addressId is required');
    expect(calls).toHaveLength(0);
  });
});
