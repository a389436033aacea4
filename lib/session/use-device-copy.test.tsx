import { renderHook } from '@testing-library/react';
import { reportReachable } from '../network/reachability';
import { readSnapshotEntry, saveSnapshotPart } from './member-snapshot';
import { useSessionStore } from './store';
import { useDeviceCopy } from './use-device-copy';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenOf = (sub: string) => `${b64({ alg: 'HS256' })}.${b64({ sub, exp: 4_000_000_000 })}.c2ln`;
const signIn = (sub: string) =>
  useSessionStore.setState({ hydrated: true, token: tokenOf(sub), refreshToken: tokenOf(sub), initialized: true });

describe('useDeviceCopy', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn('7');
  });
  afterEach(() => reportReachable(true));

  it("shows the club's answer and keeps it, with its time, for a visit without signal", () => {
    const { result } = renderHook(() => useDeviceCopy('myInvoices', { data: [1, 2] }));
    expect(result.current).toEqual({ value: { data: [1, 2] }, fromDevice: false, savedAt: null });
    const kept = readSnapshotEntry('7', 'myInvoices');
    expect(kept?.value).toEqual({ data: [1, 2] });
    expect(kept?.savedAt).toBeGreaterThan(Date.now() - 5_000);
  });

  it("shows this member's copy while the club has not answered, never another member's", () => {
    saveSnapshotPart('7', 'myInvoices', { data: [1] }, 1_000);
    expect(renderHook(() => useDeviceCopy('myInvoices', undefined)).result.current).toEqual({
      value: { data: [1] },
      fromDevice: true,
      savedAt: 1_000,
    });
    signIn('8');
    expect(renderHook(() => useDeviceCopy('myInvoices', undefined)).result.current.value).toBeUndefined();
  });

  it('neither reads nor writes a view not worth keeping, nor keeps an answer while the club is unreachable', () => {
    saveSnapshotPart('7', 'pointsEntries', { data: ['todos'] }, 1_000);
    expect(renderHook(() => useDeviceCopy('pointsEntries', undefined, false)).result.current.value).toBeUndefined();
    renderHook(() => useDeviceCopy('pointsEntries', { data: ['filtrado'] }, false));
    expect(readSnapshotEntry('7', 'pointsEntries')?.value).toEqual({ data: ['todos'] });

    reportReachable(false);
    renderHook(() => useDeviceCopy('pointsEntries', { data: ['da memória'] }));
    expect(readSnapshotEntry('7', 'pointsEntries')).toEqual({ value: { data: ['todos'] }, savedAt: 1_000 });
  });
});
