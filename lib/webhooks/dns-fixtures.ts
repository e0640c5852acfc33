// A real DNS server on 127.0.0.1 (UDP, port 0) answering A/AAAA records from a table the test
// changes at will (TTL 0), and a resolver that asks only it: how tests make a host name
// resolve to a private address, or change its answer between registration and delivery.
import dgram from "node:dgram";
import dns from "node:dns";
import net from "node:net";
import type { ResolvedAddress } from "./outbound-policy";

export interface TestDns {
  records: Map<string, string[]>;
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  close(): Promise<void>;
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i] !== 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]).toString("ascii"));
    i += msg[i] + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: i + 1 };
}

function ipv6Bytes(ip: string): Buffer {
  const [head, tail = ""] = ip.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]));
}

export async function startTestDns(): Promise<TestDns> {
  const records = new Map<string, string[]>();
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, rinfo) => {
    const { name, end } = readName(msg, 12);
    const qtype = msg.readUInt16BE(end);
    const question = msg.subarray(12, end + 4);
    const family = qtype === 1 ? 4 : qtype === 28 ? 6 : 0;
    const known = records.get(name);
    const answers = (known ?? []).filter((a) => net.isIP(a) === family);
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2); // response, recursion available; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const rrs = answers.map((a) => {
      const data = family === 4 ? Buffer.from(a.split(".").map(Number)) : ipv6Bytes(a);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the name in the question
      rr.writeUInt16BE(qtype, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(0, 6); // TTL 0: nothing cached between registration and delivery
      rr.writeUInt16BE(data.length, 10);
      return Buffer.concat([rr, data]);
    });
    socket.send(Buffer.concat([header, question, ...rrs]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const resolver = new dns.promises.Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${socket.address().port}`]);
  return {
    records,
    async resolve(hostname) {
      const [v4, v6] = await Promise.all([
        resolver.resolve4(hostname).catch(() => []),
        resolver.resolve6(hostname).catch(() => []),
      ]);
      return [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
