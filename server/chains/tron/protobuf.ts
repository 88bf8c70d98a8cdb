/**
 * The few protocol-buffers encodings a TRON transaction needs: varint fields and length-delimited
 * fields, written in field-number order as java-tron writes them (its txID is the sha256 of these
 * bytes, so the order and the omission of zero/empty fields must match it byte for byte).
 */
export type ProtoField = readonly [field: number, value: bigint | Uint8Array | undefined];

const WIRE_VARINT = 0;
const WIRE_LENGTH_DELIMITED = 2;

function varint(value: bigint): Uint8Array {
  if (value < 0n) throw new RangeError('negative varints are not used here');
  const out: number[] = [];
  let rest = value;
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest > 0n) byte |= 0x80;
    out.push(byte);
  } while (rest > 0n);
  return Uint8Array.from(out);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A message of `fields`, which must be in ascending field order. As proto3 does, a zero varint and
 * an empty byte string are left out, and so is an undefined value.
 */
export function message(fields: readonly ProtoField[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let previous = 0;
  for (const [field, value] of fields) {
    if (field <= previous) throw new Error('protobuf fields must be written in ascending order');
    previous = field;
    if (value === undefined) continue;
    if (typeof value === 'bigint') {
      if (value === 0n) continue;
      parts.push(varint(BigInt((field << 3) | WIRE_VARINT)), varint(value));
    } else {
      if (value.length === 0) continue;
      parts.push(varint(BigInt((field << 3) | WIRE_LENGTH_DELIMITED)), varint(BigInt(value.length)), value);
    }
  }
  return concatBytes(...parts);
}
