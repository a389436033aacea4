import { sniffImage } from './images';

function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function jpeg(width: number, height: number): Buffer {
  // SOI, an APP0 segment to skip, then SOF0 with the frame size.
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    0,
    0,
    0,
  ]);
}

describe('sniffImage', () => {
  it('reads the size of PNG, JPEG, GIF and SVG from their bytes', () => {
    expect(sniffImage(png(1200, 500))).toEqual({ mime: 'image/png', extension: 'png', width: 1200, height: 500 });
    expect(sniffImage(jpeg(640, 480))).toMatchObject({ mime: 'image/jpeg', width: 640, height: 480 });
    const gif = Buffer.from('GIF89a\x10\x00\x08\x00', 'latin1');
    expect(sniffImage(gif)).toMatchObject({ mime: 'image/gif', width: 16, height: 8 });
    expect(
      sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"></svg>')),
    ).toMatchObject({
      mime: 'image/svg+xml',
      width: 300,
      height: 150,
    });
  });

  it('refuses anything else, whatever the file name said', () => {
    expect(sniffImage(Buffer.from('<?php echo 1; ?>'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg></svg>'))).toBeNull();
    expect(sniffImage(png(0, 10))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
