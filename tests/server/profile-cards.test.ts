/**
 * The owner's things (issue 13): NFC cards, history, claims and Steam are
 * bound to the token's user — a user never reads or changes another's — and
 * prepaid cards come from staff batches, single use, typed any way.
 */
import { describe, expect, it } from 'vitest';
import {
  adminCreatePrepaidBatch,
  adminPrepaidBatchCards,
  adminPrepaidBatches,
  getProfile,
  linkNfcCard,
  listNfcCards,
  playHistory,
  redeemPrepaid,
  renameNfcCard,
  rewardsProgress,
  unlinkNfcCard,
  verifyNfcCard,
} from '../../src/shared/api/routes.js';
import { CODE_ALPHABET, newPrepaidCode, normalisePrepaidCode } from '../../src/server/prepaid/batches.js';
import { fail, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';
import { guestAt } from './store-fixtures.js';

const t = useServer({ admin: true });

describe('NFC cards of their owner', () => {
  it('links a card (normalised), lists only the owner’s, renames and unlinks it', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const card = await ok(t.url, linkNfcCard, { body: { cardUid: '04:aa:bb:cc:dd', nickname: '  Wallet card ' }, token: ali.accessToken });
    expect(card).toMatchObject({ cardUid: '04AABBCCDD', nickname: 'Wallet card', isActive: true });
    const listed = await ok(t.url, listNfcCards, { token: ali.accessToken });
    expect(listed.map((c) => c.cardUid).sort()).toEqual(['04A1B2C3', '04AABBCCDD', '04C0FFEE']);
    expect(await ok(t.url, renameNfcCard, { params: { id: card.id }, body: { nickname: 'Keys' }, token: ali.accessToken })).toMatchObject({ nickname: 'Keys' });
    expect(await ok(t.url, verifyNfcCard, { body: { cardUid: '04AABBCCDD' }, token: ali.accessToken })).toEqual({ valid: true, userId: ali.user.id });
    await ok(t.url, unlinkNfcCard, { params: { id: card.id }, token: ali.accessToken });
    expect((await ok(t.url, listNfcCards, { token: ali.accessToken })).map((c) => c.id)).not.toContain(card.id);
  });

  it('never lets another user read, rename or unlink a card, nor learn whose it is', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const card = await ok(t.url, linkNfcCard, { body: { cardUid: '04112233' }, token: ali.accessToken });
    expect((await ok(t.url, listNfcCards, { token: sara.accessToken })).map((c) => c.cardUid)).toEqual(['04D4E5F6']);
    expect(await fail(t.url, renameNfcCard, { params: { id: card.id }, body: { nickname: 'mine now' }, token: sara.accessToken })).toMatchObject({ statusCode: 404 });
    expect((await fail(t.url, unlinkNfcCard, { params: { id: card.id }, token: sara.accessToken })).statusCode).toBe(404);
    // Verify says only "not yours": no owner id.
    expect(await ok(t.url, verifyNfcCard, { body: { cardUid: '04112233' }, token: sara.accessToken })).toEqual({ valid: false, userId: null });
    // The card is still ali's, unchanged.
    expect((await ok(t.url, listNfcCards, { token: ali.accessToken })).find((c) => c.id === card.id)).toMatchObject({ nickname: null });
    // A card linked to anyone cannot be linked again, and the answer does not say to whom.
    const taken = await fail(t.url, linkNfcCard, { body: { cardUid: '04112233' }, token: ali.accessToken });
    expect(taken).toMatchObject({ statusCode: 409, message: 'This NFC card is already linked to an account.' });
  });

  it('follows the tier: Bronze has no NFC access; guests manage no cards', async () => {
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    expect(await fail(t.url, linkNfcCard, { body: { cardUid: '04998877' }, token: sara.accessToken })).toMatchObject({
      statusCode: 403,
      message: 'NFC access not allowed for this user.',
    });
    const guest = await guestAt(t.url, t.admin, 4);
    expect((await fail(t.url, listNfcCards, { token: guest.token })).statusCode).toBe(403);
    expect((await fail(t.url, rewardsProgress, { token: guest.token })).statusCode).toBe(403);
    guest.socket.close();
  });

  it('refuses a card id that is not 4 to 10 bytes of hex', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    expect((await fail(t.url, linkNfcCard, { body: { cardUid: 'hello' }, token: ali.accessToken })).statusCode).toBe(400);
  });
});

describe('another user’s history and claims', () => {
  it('reads neither', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    expect((await fail(t.url, playHistory, { params: { userId: ali.user.id }, token: sara.accessToken })).statusCode).toBe(403);
    await ok(t.url, { ...rewardsProgress }, { token: ali.accessToken });
    await fetch(`${t.url}/rewards/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ali.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rewardId: 'rwd_demo_drink' }),
    });
    expect((await ok(t.url, getProfile, { token: ali.accessToken })).claimedRewards).toHaveLength(1);
    expect((await ok(t.url, getProfile, { token: sara.accessToken })).claimedRewards).toEqual([]);
  });
});

describe('prepaid batches', () => {
  it('makes unguessable RC-XXXX-XXXX-XXXX codes and reads any typing of them', () => {
    const code = newPrepaidCode();
    expect(code).toMatch(new RegExp(`^RC(-[${CODE_ALPHABET}]{4}){3}$`));
    expect(normalisePrepaidCode('rcab2c3d4e5f6g')).toBe('RC-AB2C-3D4E-5F6G');
    expect(normalisePrepaidCode(' rc-ab2c-3d4e-5f6g ')).toBe('RC-AB2C-3D4E-5F6G');
    expect(normalisePrepaidCode('RC-DEMO-5000-0001')).toBe('RC-DEMO-5000-0001');
  });

  it('staff generate a batch; each card redeems once; the batch counts what was redeemed', async () => {
    const { batch, codes } = await ok(t.url, adminCreatePrepaidBatch, { body: { count: 3, amount: 2000 }, token: t.admin });
    expect(batch).toMatchObject({ cardCount: 3, amount: 2000, redeemedCount: 0, label: '3 × 2000 IQD', createdBy: 'admin' });
    expect(new Set(codes).size).toBe(3);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const typed = codes[0]!.replace(/-/g, '').toLowerCase();
    expect(await ok(t.url, redeemPrepaid, { body: { code: typed }, token: ali.accessToken })).toMatchObject({ success: true, balanceAdded: 2000 });
    expect((await fail(t.url, redeemPrepaid, { body: { code: codes[0] }, token: ali.accessToken })).statusCode).toBe(400);
    expect((await ok(t.url, adminPrepaidBatches, { token: t.admin }))[0]).toMatchObject({ id: batch.id, redeemedCount: 1 });
    const cards = await ok(t.url, adminPrepaidBatchCards, { params: { id: batch.id }, token: t.admin });
    // The listing shows no codes (they are kept hashed): the redeemed card by its hint.
    expect(cards.filter((c) => c.redeemedBy !== null)).toEqual([expect.objectContaining({ hint: `RC-…-${codes[0]!.slice(-4)}`, redeemedBy: 'ali', amount: 2000 })]);
    expect(JSON.stringify(cards)).not.toContain(codes[0]!);
    expect((await fail(t.url, adminCreatePrepaidBatch, { body: { count: 3, amount: 2000 }, token: ali.accessToken })).statusCode).toBe(403);
  });
});
