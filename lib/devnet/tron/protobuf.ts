// The few protobuf wire-format pieces Tron's transactions need (varint and length-delimited
// fields), written by hand so the sandbox node decodes what a client signed without sharing
// the client's own codec: TronWeb (google-protobuf) and this file must agree byte for byte,
// and transaction-codec.test.ts checks that they do.

/** Fields are written in the order given; proto3 leaves default values (0, empty) out. */
export class ProtoWriter {
  private readonly parts: Uint8Array[] = [];

  private tag(field: number, wireType: number): void {
    this.rawVarint(BigInt((field << 3) | wireType));
  }

  private rawVarint(value: bigint): void {
    // int64 is written as its two's complement in 64 bits (10 bytes for a negative value).
    let v = value < 0n ? value + (1n << 64n) : value;
    const bytes: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      bytes.push(byte);
    } while (v > 0n);
    this.parts.push(Uint8Array.from(bytes));
  }

  varint(field: number, value: bigint | number | undefined): this {
    if (value === undefined || BigInt(value) === 0n) return this;
    this.tag(field, 0);
    this.rawVarint(BigInt(value));
    return this;
  }

  bytes(field: number, value: Uint8Array | undefined): this {
    if (!value || value.length === 0) return this;
    this.tag(field, 2);
    this.rawVarint(BigInt(value.length));
    this.parts.push(value);
    return this;
  }

  string(field: number, value: string | undefined): this {
    return this.bytes(field, value ? new TextEncoder().encode(value) : undefined);
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

export type ProtoValue = bigint | Uint8Array;

/** Every field of a message by number, in wire order; unknown wire types are an error. */
export function readFields(bytes: Uint8Array): Map<number, ProtoValue[]> {
  const fields = new Map<number, ProtoValue[]>();
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length || shift > 63n) throw new Error("protobuf: truncated or oversized varint");
      const byte = bytes[at++];
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
  };
  while (at < bytes.length) {
    const key = varint();
    const field = Number(key >> 3n);
    const wireType = Number(key & 7n);
    let value: ProtoValue;
    if (wireType === 0) value = varint();
    else if (wireType === 2) {
      const length = Number(varint());
      if (at + length > bytes.length) throw new Error("protobuf: truncated field");
      value = bytes.slice(at, at + length);
      at += length;
    } else throw new Error(`protobuf: unsupported wire type ${wireType} (field ${field})`);
    if (field === 0) throw new Error("protobuf: field number 0");
    fields.set(field, [...(fields.get(field) ?? []), value]);
  }
  return fields;
}

/** int64 from a varint: the 64-bit two's complement read back as signed. */
export function int64(value: ProtoValue | undefined): bigint {
  if (value === undefined) return 0n;
  if (typeof value !== "bigint") throw new Error("protobuf: expected a varint");
  return value >= 1n << 63n ? value - (1n << 64n) : value;
}

export function bytesOf(value: ProtoValue | undefined): Uint8Array {
  if (value === undefined) return new Uint8Array();
  if (typeof value === "bigint") throw new Error("protobuf: expected bytes");
  return value;
}
