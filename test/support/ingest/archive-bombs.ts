// Archives built byte by byte for the archive tests: tar headers, and decompression bombs (a .tar.gz and a
// .zip of a few MB holding one file of GBs of zeros). A bomb is one compressed MiB of zeros repeated: each
// copy is a complete, byte-aligned run of DEFLATE blocks that refers to nothing before it, so copies can be
// laid end to end, and a bomb is built in the time it takes to checksum its content.
import zlib from 'node:zlib';

const MiB = 1024 * 1024;
const ZEROS = Buffer.alloc(MiB);
const ALIGNED = { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH };

/** The path a bomb's one file has: where a football.json season file would be, so it would be read. */
export const BOMB_ENTRY = 'football.json/2023-24/en.1.json';

/** A 512-byte ustar header: `type` '0' a file, '2' a symbolic link to `link`, '5' a directory. */
export function tarHeader(name: string, size: number, type = '0', link = ''): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write(type, 156);
  header.write(link, 157, 100, 'utf8');
  header.write('ustar\0', 257);
  header.write('00', 263);
  // The checksum is the byte sum with its own field read as spaces.
  header.write('        ', 148);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** A tar stream of `files` (512-byte padded) and its two zero end blocks. */
export function tarOf(files: Array<{ name: string; bytes?: Buffer; type?: string; link?: string }>): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    const bytes = f.bytes ?? Buffer.alloc(0);
    parts.push(tarHeader(f.name, bytes.length, f.type, f.link), bytes, Buffer.alloc(-bytes.length & 511));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

interface Deflated {
  deflated: Buffer;
  crc: number;
  size: number;
}

/** Raw DEFLATE of `prefix` then `mib` MiB of zeros, with the CRC-32 and size of that content. */
function deflatedZeros(prefix: Buffer, mib: number): Deflated {
  const one = zlib.deflateRawSync(ZEROS, ALIGNED);
  const parts = [zlib.deflateRawSync(prefix, ALIGNED)];
  let crc = zlib.crc32(prefix);
  for (let i = 0; i < mib; i += 1) {
    parts.push(one);
    crc = zlib.crc32(ZEROS, crc);
  }
  parts.push(zlib.deflateRawSync(Buffer.alloc(0))); // the final, empty block
  return { deflated: Buffer.concat(parts), crc, size: prefix.length + mib * MiB };
}

function u16(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
}

function u32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
}

/** A .tar.gz of one file, BOMB_ENTRY, of zeros: the tar stream is `mib` MiB and a header. */
export function tarGzBomb(mib: number): Buffer {
  // The file's size leaves room for the end blocks, so that the whole stream after its header is zeros.
  const { deflated, crc, size } = deflatedZeros(tarHeader(BOMB_ENTRY, mib * MiB - 1024), mib);
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
  return Buffer.concat([header, deflated, u32(crc), u32(size % 2 ** 32)]);
}

/** A .zip of one deflated file, BOMB_ENTRY, of `mib` MiB of zeros (under 4 GiB: no zip64). */
export function zipBomb(mib: number): Buffer {
  const { deflated, crc, size } = deflatedZeros(Buffer.alloc(0), mib);
  const name = Buffer.from(BOMB_ENTRY);
  // version needed, flags, method (8: deflate), time, date (1980-01-01), crc, sizes, name length, extra length
  const fields = [u16(20), u16(0), u16(8), u16(0), u16(0x21), u32(crc), u32(deflated.length), u32(size)];
  const local = Buffer.concat([u32(0x04034b50), ...fields, u16(name.length), u16(0), name]);
  // made by, then the local fields, name, extra and comment lengths, disk, attributes, local header offset
  const central = Buffer.concat([
    u32(0x02014b50),
    u16(20),
    ...fields,
    u16(name.length),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    name,
  ]);
  const offset = local.length + deflated.length;
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(1),
    u16(1),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([local, deflated, central, end]);
}
