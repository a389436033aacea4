import {
  clearMemberSnapshot,
  readSnapshotEntry,
  readSnapshotPart,
  sameOrFresh,
  saveSnapshotPart,
  sessionSubject,
} from './member-snapshot';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** The client never checks signatures; only the claims matter here. */
const tokenFor = (sub: string) => `${b64({ alg: 'HS256' })}.${b64({ sub, exp: 4_000_000_000 })}.c2ln`;

describe('member snapshot', () => {
  beforeEach(() => localStorage.clear());

  it('names the member of the stored session from the access token, or the refresh token', () => {
    expect(sessionSubject({ token: tokenFor('7'), refreshToken: null })).toBe('7');
    expect(sessionSubject({ token: null, refreshToken: tokenFor('8') })).toBe('8');
    expect(sessionSubject({ token: 'não é um jwt', refreshToken: null })).toBeNull();
    expect(sessionSubject({ token: null, refreshToken: null })).toBeNull();
  });

  it('keeps each part of a member under its own CD_ key and never shows one member what another saw', () => {
    saveSnapshotPart('7', 'me', { name: 'Ana' });
    saveSnapshotPart('7', 'homeCampaigns', [{ id: 1 }]);
    expect(readSnapshotPart('7', 'me')).toEqual({ name: 'Ana' });
    expect(readSnapshotPart('7', 'homeCampaigns')).toEqual([{ id: 1 }]);
    expect(Object.keys(localStorage).sort()).toEqual(['CD_MEMBER_SNAPSHOT.homeCampaigns', 'CD_MEMBER_SNAPSHOT.me']);

    expect(readSnapshotPart('8', 'me')).toBeNull();
    saveSnapshotPart('8', 'me', { name: 'Bruno' });
    expect(readSnapshotPart('7', 'me')).toBeNull();
    expect(readSnapshotPart('8', 'homeCampaigns')).toBeNull();
    // The other member's parts left the device with the first save of the new one.
    expect(Object.keys(localStorage)).toEqual(['CD_MEMBER_SNAPSHOT.me']);
  });

  it('is gone after clearing, and without a member nothing is read or written', () => {
    saveSnapshotPart('7', 'me', { name: 'Ana' });
    clearMemberSnapshot();
    expect(readSnapshotPart('7', 'me')).toBeNull();
    saveSnapshotPart(null, 'me', { name: 'Ana' });
    expect(localStorage.length).toBe(0);
    expect(readSnapshotPart(null, 'me')).toBeNull();
  });

  it('keeps what was painted when the network answers the same, and takes any change', () => {
    saveSnapshotPart('7', 'me', { name: 'Ana', pointsBalance: 120 });
    const painted = readSnapshotPart<{ name: string; pointsBalance: number }>('7', 'me');
    expect(sameOrFresh(painted, { name: 'Ana', pointsBalance: 120 })).toBe(painted);
    const changed = { name: 'Ana', pointsBalance: 150 };
    expect(sameOrFresh(painted, changed)).toBe(changed);
    const first = { name: 'Ana', pointsBalance: 120 };
    expect(sameOrFresh(null, first)).toBe(first);
  });

  it('remembers when each part came, per member, for the device copy shown without signal', () => {
    saveSnapshotPart('7', 'me', { pointsBalance: 120 }, 1_000);
    saveSnapshotPart('7', 'myInvoices', { data: [] }, 2_000);
    expect(readSnapshotEntry('7', 'me')).toEqual({ value: { pointsBalance: 120 }, savedAt: 1_000 });
    expect(readSnapshotEntry('7', 'myInvoices')).toEqual({ value: { data: [] }, savedAt: 2_000 });
    expect(readSnapshotEntry('7', 'projects')).toBeNull();
    expect(readSnapshotEntry('8', 'me')).toBeNull();
    saveSnapshotPart('8', 'me', { pointsBalance: 5 }, 3_000);
    expect(readSnapshotEntry('8', 'myInvoices')).toBeNull();
    expect(readSnapshotEntry('8', 'me')?.savedAt).toBe(3_000);
  });
});
