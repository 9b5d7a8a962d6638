import { describe, expect, it } from 'vitest';
import { apiError, json, sequence, testClient } from './fake-fetch.js';
import { FetchError } from '../../../server/webstore/index.js';

const cartSummary = { cartId: '0a6', totalProductCount: '0.0', uniqueProductCount: 0 };

describe('retry of transient failures (spec §4: 3 attempts, 4 s apart, never after 409)', () => {
  it('retries a 503 twice and succeeds on the third attempt, pausing 4000 ms between', async () => {
    const { client, calls, sleeps } = testClient(
      sequence(
        () => apiError(503, 'SERVER_UNAVAILABLE', 'busy'),
        () => apiError(503, 'SERVER_UNAVAILABLE', 'busy'),
        () => json(cartSummary, 201),
      ),
    );
    const answer = await client.createCart();
    expect(answer).toEqual({ status: 201, processing: false, data: cartSummary });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([4000, 4000]);
  });

  it('sends the same body on every attempt', async () => {
    const { client, calls } = testClient(
      sequence(() => apiError(500, 'UNKNOWN_EXCEPTION', 'x'), () => json({ cartItemId: '0a9' }, 201)),
    );
    await client.addCartItem('current', { productId: '01t1', quantity: 2 });
    expect(calls.map((c) => c.body)).toEqual([calls[0].body, calls[0].body]);
    expect(JSON.parse(calls[1].body)).toEqual({ productId: '01t1', quantity: '2', type: 'Product' });
  });

  it('gives up after the last attempt with the last failure', async () => {
    const { client, calls, sleeps } = testClient(() => apiError(503, 'SERVER_UNAVAILABLE', 'still busy'));
    await expect(client.createCart()).rejects.toMatchObject({ name: 'FetchError', status: 503, message: 'still busy' });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([4000, 4000]);
  });

  it('never retries a 409 conflict', async () => {
    const { client, calls, sleeps } = testClient(() => apiError(409, 'CONFLICT', 'Checkout changed'));
    await expect(client.updateCheckout('2z9A', { deliveryMethodId: '2Dm1' })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a 400: the same input fails the same way', async () => {
    const { client, calls } = testClient(() => apiError(400, 'INVALID_API_INPUT', 'Bad coupon'));
    await expect(client.applyCoupon('current', 'NOPE')).rejects.toBeInstanceOf(FetchError);
    expect(calls).toHaveLength(1);
  });

  it('retries network failures and reports a final one as a FetchError with status 0', async () => {
    const flaky = testClient(
      sequence(
        () => {
          throw new TypeError('fetch failed');
        },
        () => json({}),
      ),
    );
    await expect(flaky.client.getShopperAgentContext()).resolves.toEqual({});
    expect(flaky.calls).toHaveLength(2);

    const down = testClient(() => {
      throw new TypeError('fetch failed');
    });
    await expect(down.client.getShopperAgentContext()).rejects.toMatchObject({
      name: 'FetchError',
      status: 0,
      message: 'fetch failed',
    });
    expect(down.calls).toHaveLength(3);
  });

  it('follows a configured policy', async () => {
    const { client, calls, sleeps } = testClient(() => apiError(500, 'UNKNOWN_EXCEPTION', 'broken'), {
      retry: { attempts: 2, pauseMs: 10 },
    });
    await expect(client.getShopperAgentContext()).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([10]);
  });

  it('does not retry a 429: a rate-limited lookup must show its message at once', async () => {
    const { client, calls, sleeps } = testClient(() => apiError(429, 'REQUEST_LIMIT_EXCEEDED', 'slow down'));
    await expect(client.getShopperAgentContext()).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
