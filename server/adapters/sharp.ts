import type sharpModule from 'sharp';

export type SharpFactory = typeof sharpModule;

let loading: Promise<SharpFactory> | undefined;

/**
 * libvips, loaded at the first picture a process handles rather than with the API: most requests never touch a
 * picture, and loading it cost about 0.3 s of CPU at every start (and in every API test file).
 */
export function loadSharp(): Promise<SharpFactory> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels for reuse; every picture here is new, so the cache only holds
    // memory.
    sharp.cache(false);
    return sharp;
  }));
}
