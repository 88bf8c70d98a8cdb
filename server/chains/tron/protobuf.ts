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

/** One field read back from a message: a varint's value, or a length-delimited field's bytes. */
interface ReadField {
  field: number;
  value: bigint | Uint8Array;
}

function readVarint(bytes: Uint8Array, start: number): { value: bigint; next: number } {
  let value = 0n;
  let shift = 0n;
  for (let offset = start; offset < bytes.length && shift < 70n; offset += 1) {
    const byte = bytes[offset]!;
    value |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
    if ((byte & 0x80) === 0) return { value, next: offset + 1 };
  }
  throw new Error('a protobuf varint runs past its message');
}

/**
 * The fields of a message written by `message` (varint and length-delimited fields only): how the
 * signer reads a stored transaction's expiration back from the very bytes it broadcasts.
 */
export function readMessage(bytes: Uint8Array): ReadField[] {
  const fields: ReadField[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const key = readVarint(bytes, offset);
    const field = Number(key.value >> 3n);
    const wire = Number(key.value & 7n);
    if (wire === WIRE_VARINT) {
      const read = readVarint(bytes, key.next);
      fields.push({ field, value: read.value });
      offset = read.next;
    } else if (wire === WIRE_LENGTH_DELIMITED) {
      const length = readVarint(bytes, key.next);
      const end = length.next + Number(length.value);
      if (end > bytes.length) throw new Error('a protobuf field runs past its message');
      fields.push({ field, value: bytes.slice(length.next, end) });
      offset = end;
    } else {
      throw new Error(`protobuf wire type ${wire} is not used in a TRON transfer`);
    }
  }
  return fields;
}
