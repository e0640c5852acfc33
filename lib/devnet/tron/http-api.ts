// The node's HTTP API: java-tron's /wallet and /walletsolidity paths and TronGrid's /v1, with
// their request and response shapes (JSON body on POST, query string on GET; `visible=true`
// for base58 addresses). Errors as java-tron writes them: HTTP 200 with `{"Error": …}` for a
// malformed request, `{}` for an id it does not know, 404 for a path it does not serve.
import http from "node:http";
import { toFunctionSelector } from "viem";
import { log } from "../../log";
import { BadAddress, hex41, visibleForm } from "./addresses";
import { chainParameters, ENERGY_FEE, FREE_NET_LIMIT, TRANSACTION_FEE } from "./chain-params";
import { blockJson, contractJson, transactionJson } from "./json";
import { Refusal, type Refusal as RefusalType, refusalMessage, type TronNode } from "./node";
import { freeNetLeft } from "./resources";
import { decodeSignedTransaction, encodeRawData, type RawData } from "./transaction-codec";
import { BadQuery, contractEvents, queryOf, trc20History } from "./trongrid";

type Params = Record<string, unknown>;
type Handler = (p: Params, node: TronNode, url: URL) => Promise<unknown>;

class BadRequest extends Error {}

const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const ZERO_OWNER = `41${"0".repeat(40)}`;

function int(p: Params, name: string, fallback?: number): number {
  const v = p[name];
  if (v === undefined || v === null || v === "") {
    if (fallback !== undefined) return fallback;
    throw new BadRequest(`${name} is required`);
  }
  const num = typeof v === "number" ? v : Number(v);
  if (!Number.isSafeInteger(num)) throw new BadRequest(`${name} must be an integer`);
  return num;
}

function big(p: Params, name: string): bigint {
  const v = p[name];
  if (v === undefined || v === null || v === "") return 0n;
  if (typeof v !== "number" && !(typeof v === "string" && /^-?\d+$/.test(v)))
    throw new BadRequest(`${name} must be an integer`);
  return BigInt(v);
}

function hexParam(p: Params, name: string): string {
  const v = p[name];
  if (v === undefined || v === null || v === "") return "";
  if (typeof v !== "string" || !/^(0x)?([0-9a-fA-F]{2})*$/.test(v)) throw new BadRequest(`${name} must be hex`);
  return v.replace(/^0x/i, "").toLowerCase();
}

/** data, or function_selector + parameter (java-tron's Util.parseMethod). */
function callData(p: Params): string {
  const selector = p.function_selector;
  if (typeof selector === "string" && selector !== "") {
    return toFunctionSelector(selector.replace(/\s/g, "")).slice(2) + hexParam(p, "parameter");
  }
  return hexParam(p, "data");
}

function blockOrEmpty(node: TronNode, number: number | undefined) {
  const b = number === undefined ? undefined : node.ledger.blocks[number];
  return b ? blockJson(b, node.ledger.txs) : {};
}

async function accountJson(node: TronNode, address: string) {
  const account = node.account(address);
  if (!account) return {};
  const balance = await node.balance(address);
  const freeNetUsage = BigInt(account.freeNetUsage);
  const key = [{ address, weight: 1 }];
  return {
    address,
    ...(balance > 0n ? { balance: Number(balance) } : {}),
    create_time: account.createTime,
    ...(account.latestOperationTime ? { latest_opration_time: account.latestOperationTime } : {}),
    ...(freeNetUsage > 0n ? { free_net_usage: Number(freeNetUsage) } : {}),
    ...(account.latestConsumeFreeTime ? { latest_consume_free_time: account.latestConsumeFreeTime } : {}),
    ...(account.contract ? { type: "Contract" } : {}),
    account_resource: {},
    owner_permission: { permission_name: "owner", threshold: 1, keys: key },
    active_permission: [
      {
        type: "Active",
        id: 2,
        permission_name: "active",
        threshold: 1,
        operations: "7fff1fc0033efb0f000000000000000000000000000000000000000000000000",
        keys: key,
      },
    ],
  };
}

async function triggerResult(node: TronNode, p: Params, constant: boolean) {
  const owner = p.owner_address ? hex41(p.owner_address, "owner_address") : ZERO_OWNER;
  const contract = hex41(p.contract_address, "contract_address");
  const data = callData(p);
  const callValue = big(p, "call_value");
  if (!constant) {
    const transaction = await node.buildTrigger({
      owner,
      contract,
      data,
      callValue,
      feeLimit: big(p, "fee_limit"),
      permissionId: p.Permission_id === undefined ? undefined : int(p, "Permission_id"),
    });
    return { result: { result: true }, transaction };
  }
  const r = await node.constantCall(owner, contract, data, callValue);
  const energy = Number(r.energyUsed);
  if (!r.success)
    return {
      result: {
        code: "CONTRACT_EXE_ERROR",
        message: hex(r.reverted ? "REVERT opcode executed" : (r.error ?? "error")),
      },
      energy_used: energy,
      constant_result: [r.output],
    };
  const transaction = await node.buildTrigger({ owner, contract, data, callValue, feeLimit: 0n });
  return {
    result: { result: true },
    energy_used: energy,
    constant_result: [r.output],
    transaction: { ret: [{}], ...transaction },
  };
}

async function broadcastJson(node: TronNode, p: Params) {
  const raw = p.raw_data as RawData | undefined;
  if (!raw || typeof raw !== "object" || !Array.isArray(raw.contract)) throw new BadRequest("raw_data is required");
  const visible = p.visible === true || p.visible === "true";
  // java-tron rebuilds the transaction from raw_data (raw_data_hex is not read): so does this node.
  const normalised: RawData = visible
    ? {
        ...raw,
        contract: raw.contract.map((c) => ({
          ...c,
          parameter: {
            ...c.parameter,
            value: Object.fromEntries(
              Object.entries(c.parameter.value).map(([k, v]) => [k, k.endsWith("address") ? hex41(v) : v]),
            ),
          },
        })) as RawData["contract"],
      }
    : raw;
  let rawBytes: Uint8Array;
  try {
    rawBytes = encodeRawData(normalised);
  } catch (error) {
    throw new BadRequest((error as Error).message);
  }
  const signatures = Array.isArray(p.signature) ? p.signature.map(String) : [];
  const r = await node.broadcast({ rawBytes, signatures });
  return r.result ? { result: true, txid: r.txid } : { code: r.code, txid: r.txid, message: hex(r.message) };
}

const byId = (node: TronNode, p: Params) => {
  const id = String(p.value ?? "")
    .replace(/^0x/, "")
    .toLowerCase();
  return node.ledger.txs[id];
};

const WALLET: Record<string, Handler> = {
  getnowblock: async (_p, node) => blockJson(await node.freshHead(), node.ledger.txs),
  getblock: async (p, node) => {
    const idOrNum = p.id_or_num === undefined ? undefined : String(p.id_or_num);
    const detail = p.detail === true || p.detail === "true";
    const b =
      idOrNum === undefined || idOrNum === ""
        ? await node.freshHead()
        : /^\d+$/.test(idOrNum)
          ? node.ledger.blocks[Number(idOrNum)]
          : node.ledger.blocks.find((x) => x.id === idOrNum.toLowerCase());
    return b ? blockJson(b, node.ledger.txs, detail) : {};
  },
  getblockbynum: async (p, node) => blockOrEmpty(node, int(p, "num")),
  getblockbyid: async (p, node) => {
    const b = node.ledger.blocks.find((x) => x.id === String(p.value ?? "").toLowerCase());
    return b ? blockJson(b, node.ledger.txs) : {};
  },
  getblockbylimitnext: async (p, node) => {
    const start = int(p, "startNum");
    const end = int(p, "endNum");
    if (start < 0 || end <= start || end - start > 100)
      throw new BadRequest("startNum and endNum: 0 <= startNum < endNum <= startNum + 100");
    const blocks = node.ledger.blocks.slice(start, end).map((b) => blockJson(b, node.ledger.txs));
    return blocks.length > 0 ? { block: blocks } : {};
  },
  getblockbylatestnum: async (p, node) => {
    const count = int(p, "num");
    if (count <= 0 || count > 100) throw new BadRequest("num must be between 1 and 100");
    await node.freshHead();
    return { block: node.ledger.blocks.slice(-count).map((b) => blockJson(b, node.ledger.txs)) };
  },
  gettransactionbyid: async (p, node) => {
    const r = byId(node, p);
    return r ? transactionJson(r) : {};
  },
  gettransactioninfobyid: async (p, node) => byId(node, p)?.info ?? {},
  gettransactioninfobyblocknum: async (p, node) => {
    const b = node.ledger.blocks[int(p, "num")];
    return b ? b.txIds.map((id) => node.ledger.txs[id].info) : [];
  },
  getaccount: async (p, node) => accountJson(node, hex41(p.address)),
  getaccountresource: async (p, node) => resourceJson(node, hex41(p.address)),
  getaccountnet: async (p, node) => {
    const r = (await resourceJson(node, hex41(p.address))) as Record<string, unknown>;
    const net = ["freeNetUsed", "freeNetLimit", "TotalNetLimit", "TotalNetWeight"].filter((k) => k in r);
    return Object.fromEntries(net.map((k) => [k, r[k]]));
  },
  getchainparameters: async () => ({ chainParameter: chainParameters() }),
  getenergyprices: async () => ({ prices: `0:${ENERGY_FEE}` }),
  getbandwidthprices: async () => ({ prices: `0:${TRANSACTION_FEE}` }),
  getcontract: async (p, node) => {
    const address = hex41(p.value, "value");
    const c = node.ledger.contracts[address];
    return c ? contractJson(address, c, await node.code(address)) : {};
  },
  getcontractinfo: async (p, node) => {
    const address = hex41(p.value, "value");
    const c = node.ledger.contracts[address];
    if (!c) return {};
    const code = await node.code(address);
    return { runtimecode: code, smart_contract: contractJson(address, c, code) };
  },
  triggersmartcontract: (p, node) => triggerResult(node, p, false),
  triggerconstantcontract: (p, node) => triggerResult(node, p, true),
  estimateenergy: async (p, node) => {
    const owner = hex41(p.owner_address, "owner_address");
    const r = await node.constantCall(
      owner,
      hex41(p.contract_address, "contract_address"),
      callData(p),
      big(p, "call_value"),
    );
    return r.success
      ? { result: { result: true }, energy_required: Number(r.energyUsed) }
      : {
          result: {
            code: "CONTRACT_EXE_ERROR",
            message: hex(r.reverted ? "REVERT opcode executed" : (r.error ?? "error")),
          },
        };
  },
  createtransaction: async (p, node) => {
    try {
      return await node.buildTransfer(
        hex41(p.owner_address, "owner_address"),
        hex41(p.to_address, "to_address"),
        big(p, "amount"),
      );
    } catch (error) {
      // TransferServlet prints the validation failure as an error, not as a Return.
      if (error instanceof Refusal)
        return { Error: `class org.tron.core.exception.ContractValidateException : ${error.message}` };
      throw error;
    }
  },
  broadcasttransaction: (p, node) => broadcastJson(node, p),
  broadcasthex: async (p, node) => {
    const hexTx = hexParam(p, "transaction");
    let decoded: ReturnType<typeof decodeSignedTransaction>;
    try {
      decoded = decodeSignedTransaction(Uint8Array.from(Buffer.from(hexTx, "hex")));
    } catch (error) {
      throw new BadRequest((error as Error).message);
    }
    const r = await node.broadcast(decoded);
    return {
      result: r.result,
      code: r.result ? "SUCCESS" : r.code,
      message: r.result ? "" : r.message,
      txid: r.txid,
    };
  },
  getnodeinfo: async (_p, node) => ({
    beginSyncNum: node.head().number,
    block: `Num:${node.head().number},ID:${node.head().id}`,
    solidityBlock: `Num:${node.head().number},ID:${node.head().id}`,
    currentConnectCount: 0,
    activeConnectCount: 0,
    passiveConnectCount: 0,
    configNodeInfo: { codeVersion: "stablelink-sandbox", p2pVersion: "728126428" },
  }),
};

async function resourceJson(node: TronNode, address: string) {
  const account = node.account(address);
  if (!account) return {};
  const left = freeNetLeft(BigInt(account.freeNetUsage), account.latestConsumeFreeTime, Date.now());
  const used = Number(FREE_NET_LIMIT - left);
  return {
    ...(used > 0 ? { freeNetUsed: used } : {}),
    freeNetLimit: Number(FREE_NET_LIMIT),
    TotalNetLimit: 43_200_000_000,
    TotalNetWeight: 26_000_000_000,
    TotalEnergyLimit: 180_000_000_000,
    TotalEnergyWeight: 19_000_000_000,
  };
}

// The solidity node answers the same reads: the sandbox confirms every block at once.
const SOLIDITY = [
  "getnowblock",
  "getblock",
  "getblockbynum",
  "getblockbyid",
  "getblockbylimitnext",
  "getblockbylatestnum",
  "gettransactionbyid",
  "gettransactioninfobyid",
  "gettransactioninfobyblocknum",
  "getaccount",
  "triggerconstantcontract",
  "estimateenergy",
];

function v1(path: string, node: TronNode, url: URL): (() => Promise<unknown>) | undefined {
  const q = queryOf(url.searchParams);
  let m = /^\/v1\/contracts\/([^/]+)\/events$/.exec(path);
  if (m) {
    const contract = hex41(decodeURIComponent(m[1]));
    return async () => contractEvents(node.ledger, contract, q, url);
  }
  m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(path);
  if (m) {
    const account = hex41(decodeURIComponent(m[1]));
    return async () => trc20History(node.ledger, account, q, url);
  }
  m = /^\/v1\/accounts\/([^/]+)$/.exec(path);
  if (m) {
    const address = hex41(decodeURIComponent(m[1]));
    return async () => {
      const account = await accountJson(node, address);
      if (!("address" in account)) return { data: [], success: true, meta: { at: Date.now(), page_size: 0 } };
      const trc20 = await node.trc20Balances(address);
      return { data: [{ ...account, trc20 }], success: true, meta: { at: Date.now(), page_size: 1 } };
    };
  }
  return undefined;
}

async function readParams(req: http.IncomingMessage, url: URL): Promise<Params> {
  const params: Params = Object.fromEntries(url.searchParams);
  if (req.method !== "POST") return params;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8").trim();
  if (!body) return params;
  const parsed = JSON.parse(body) as unknown;
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new BadRequest("the body must be a JSON object");
  return { ...params, ...(parsed as Params) };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/html;charset=utf-8" : "application/json",
    "access-control-allow-origin": "*",
  });
  res.end(text);
}

export function createTronHttpServer(node: TronNode): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "*",
        "access-control-allow-methods": "GET, POST, OPTIONS",
      });
      res.end();
      return;
    }
    void (async () => {
      try {
        if (path === "/healthcheck" || path === "/") return send(res, 200, { status: "ok" });
        if (path.startsWith("/v1/")) {
          const answer = v1(path, node, url);
          if (answer) return send(res, 200, await node.exclusive(answer));
        }
        const m = /^\/(wallet|walletsolidity)\/([a-z0-9]+)$/.exec(path);
        const handler = m && (m[1] === "wallet" || SOLIDITY.includes(m[2])) ? WALLET[m[2]] : undefined;
        if (!handler) {
          log.warn({ path, method: req.method }, "tron sandbox: a path this node does not serve");
          return send(
            res,
            404,
            `<html><body><h2>HTTP ERROR 404 Not Found</h2><p>URI: ${path.replace(/[<>&"]/g, "")}</p></body></html>`,
          );
        }
        const params = await readParams(req, url);
        const visible = params.visible === true || params.visible === "true";
        const answer = await node.exclusive(() => handler(params, node, url));
        send(
          res,
          200,
          visible ? visibleForm({ ...(answer as object), ...(isTx(answer) ? { visible: true } : {}) }) : answer,
        );
      } catch (error) {
        if (error instanceof BadQuery) return send(res, 400, { success: false, error: error.message, statusCode: 400 });
        if (error instanceof Refusal) return send(res, 200, refusalAnswer(error));
        if (error instanceof BadRequest || error instanceof BadAddress || error instanceof SyntaxError)
          return send(res, 200, { Error: `class java.lang.IllegalArgumentException : ${error.message}` });
        log.error({ err: error, path }, "tron sandbox: request failed");
        send(res, 200, { Error: `class java.lang.Exception : ${(error as Error).message}` });
      }
    })();
  });
}

const isTx = (v: unknown) => Boolean(v && typeof v === "object" && "raw_data" in v && "txID" in v);

/** A trigger or a transfer refused while being built: java-tron's TransactionExtention with its Return. */
function refusalAnswer(r: RefusalType) {
  return {
    result: { code: r.code, message: hex(r.code === "CONTRACT_VALIDATE_ERROR" ? r.message : refusalMessage(r)) },
  };
}
