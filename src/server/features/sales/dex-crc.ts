/**
 * The integrity check of a DEX audit file (its G85 segment): CRC-16 with the polynomial 0x8005,
 * processed least significant bit first, starting from zero and not inverted at the end (the
 * variant catalogues call CRC-16/ARC; "123456789" gives BB3D). Written in the file as four
 * hexadecimal digits, high byte first.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    // 0xA001 is 0x8005 with its bits in reverse order, as the bytes are read from their low bit.
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[byte] = crc;
  }
  return table;
})();

/** Continues `crc` over `bytes`; start with 0. */
export function crc16(bytes: Uint8Array, crc = 0): number {
  let value = crc;
  for (const byte of bytes) value = (value >>> 8) ^ TABLE[(value ^ byte) & 0xff]!;
  return value;
}

/** The check as a file writes it: four upper-case hexadecimal digits. */
export const crcText = (crc: number) => crc.toString(16).toUpperCase().padStart(4, '0');
