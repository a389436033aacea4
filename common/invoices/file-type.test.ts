import { sniffFileKind } from './file-type';

const bytes = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('sniffFileKind', () => {
  it('tells the accepted types from their first bytes', () => {
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffFileKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffFileKind(bytes('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(sniffFileKind(bytes('\0\0\0\x18ftypheic\0\0\0\0'))).toBe('heic');
    expect(sniffFileKind(bytes('\xef\xbb\xbf  <?xml version="1.0"?><nfeProc>'))).toBe('xml');
    expect(sniffFileKind(bytes('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe">'))).toBe('xml');
  });

  it('refuses HTML named .pdf, scripts and empty files', () => {
    expect(sniffFileKind(bytes('<!DOCTYPE html><html><body>'))).toBeNull();
    expect(sniffFileKind(bytes('<?xml version="1.0"?><!DOCTYPE html><html>'))).toBeNull();
    expect(sniffFileKind(bytes('#!/bin/sh'))).toBeNull();
    expect(sniffFileKind(new Uint8Array())).toBeNull();
  });
});
