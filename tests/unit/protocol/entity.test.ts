import { describe, expect, it } from 'vitest';
import {
  buildEntityJson,
  formatKid,
  ivFor,
  newestRcKey,
  parseEntity,
  parseRcKey,
  prepareSeal,
} from '../../../common/protocol/entity';

const PEM = '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n';

describe('parseRcKey', () => {
  it('splits kid and secret', () => {
    expect(parseRcKey('0000002a.c2VjcmV0_-')).toEqual({ kid: '0000002a', kidNumber: 42, secret: 'c2VjcmV0_-' });
    expect(parseRcKey('ffffffff.AA')).toEqual({ kid: 'ffffffff', kidNumber: 0xffffffff, secret: 'AA' });
  });

  it.each([
    ['uppercase kid', '0000002A.c2VjcmV0'],
    ['7-digit kid', '000002a.c2VjcmV0'],
    ['9-digit kid', '00000002a.c2VjcmV0'],
    ['empty secret', '0000002a.'],
    ['no dot', '0000002ac2VjcmV0'],
    ['standard base64 secret', '0000002a.c2Vj+mV0'],
    ['padded secret', '0000002a.c2VjcmV0cg=='],
    ['secret of impossible length', '0000002a.c2VjcmV0c'],
    ['second dot', '0000002a.c2Vj.cmV0'],
    ['surrounding space', ' 0000002a.c2VjcmV0'],
    ['empty string', ''],
  ])('rejects %s', (_label, rcKey) => {
    expect(parseRcKey(rcKey)).toBeNull();
  });
});

describe('formatKid', () => {
  it('writes 8 lowercase hex digits', () => {
    expect(formatKid(0)).toBe('00000000');
    expect(formatKid(0x7f3a9c01)).toBe('7f3a9c01');
    expect(formatKid(0xffffffff)).toBe('ffffffff');
  });

  it.each([-1, 0x100000000, 1.5, Number.NaN])('refuses %s', (n) => {
    expect(() => formatKid(n)).toThrow(RangeError);
  });

  it('round-trips through parseRcKey', () => {
    expect(parseRcKey(`${formatKid(3054)}.AA`)?.kidNumber).toBe(3054);
  });
});

describe('newestRcKey', () => {
  const older = '00000009.b2xk';
  const newer = '0000000a.bmV3';

  it('keeps the higher kid, compared as a number', () => {
    expect(newestRcKey(older, newer)).toBe(newer);
    expect(newestRcKey(newer, older)).toBe(newer);
    expect(newestRcKey('000000ff.AA', '00000100.AA')).toBe('00000100.AA');
  });

  it('keeps the first of two equal kids', () => {
    expect(newestRcKey('0000000a.Zmlyc3Q', '0000000a.c2Vjb25k')).toBe('0000000a.Zmlyc3Q');
  });

  it('never lets an unparseable key win', () => {
    expect(newestRcKey('FFFFFFFF.AA', older)).toBe(older);
    expect(newestRcKey(older, 'ffffffff')).toBe(older);
    expect(newestRcKey('junk', 'more junk')).toBeNull();
  });

  it('handles missing keys', () => {
    expect(newestRcKey(null, newer)).toBe(newer);
    expect(newestRcKey(newer, undefined)).toBe(newer);
    expect(newestRcKey(null, undefined)).toBeNull();
  });
});

describe('parseEntity', () => {
  const entity = { username: 'analyst01', access_token: 'token', kid: '00000001', ts: 1763800000000 };

  it('reads what buildEntityJson writes', () => {
    const json = buildEntityJson({ username: 'analyst01', accessToken: 'token', kid: '00000001', ts: 1763800000000 });
    expect(json).toBe('{"username":"analyst01","access_token":"token","kid":"00000001","ts":1763800000000}');
    expect(parseEntity(json)).toEqual(entity);
  });

  it('accepts the keys in any order: JSON objects are unordered', () => {
    expect(parseEntity('{"ts":1763800000000,"kid":"00000001","access_token":"token","username":"analyst01"}')).toEqual(
      entity,
    );
  });

  it.each([
    ['a missing key', { username: 'analyst01', access_token: 'token', kid: '00000001' }],
    ['an extra key', { ...entity, role: 0 }],
    ['a misspelt key', { username: 'analyst01', accessToken: 'token', kid: '00000001', ts: 1 }],
    ['a numeric kid', { ...entity, kid: 1 }],
    ['a null token', { ...entity, access_token: null }],
    ['a string ts', { ...entity, ts: '1763800000000' }],
    ['a fractional ts', { ...entity, ts: 1.5 }],
  ])('rejects %s', (_label, value) => {
    expect(parseEntity(JSON.stringify(value))).toBeNull();
  });

  it.each(['', 'null', '[]', '"text"', '42', '{"username":', 'undefined'])('rejects the non-object %j', (json) => {
    expect(parseEntity(json)).toBeNull();
  });
});

describe('ivFor', () => {
  it('pads the username to 16 characters with "0"', () => {
    expect(ivFor('abc')).toBe('abc0000000000000');
    expect(ivFor('abcdefghijklmno')).toBe('abcdefghijklmno0');
  });

  it.each(['ab', 'abcdefghijklmnop', 'añalyst', 'with space'])('refuses %j', (username) => {
    expect(() => ivFor(username)).toThrow(RangeError);
  });
});

describe('prepareSeal', () => {
  const input = { username: 'analyst01', userId: '42', accessToken: 't', rcKey: '00000001.AA', publicKeyPem: PEM };

  it('takes a fresh 16-byte salt and the current time by default', () => {
    const before = Date.now();
    const first = prepareSeal(input);
    const second = prepareSeal(input);
    expect(first.salt).toHaveLength(16);
    expect(first.salt).not.toEqual(second.salt);
    const ts = parseEntity(first.entityJson)?.ts ?? 0;
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(Date.now());
  });

  it('copies a given salt', () => {
    const salt = new Uint8Array(16).fill(7);
    const plan = prepareSeal({ ...input, salt });
    salt.fill(0);
    expect(plan.salt).toEqual(new Uint8Array(16).fill(7));
  });

  it('refuses a malformed rc-key, a short salt or a fractional ts', () => {
    expect(() => prepareSeal({ ...input, rcKey: '1.AA' })).toThrow('rc-key');
    expect(() => prepareSeal({ ...input, salt: new Uint8Array(15) })).toThrow(RangeError);
    expect(() => prepareSeal({ ...input, ts: 1.5 })).toThrow(RangeError);
  });
});
