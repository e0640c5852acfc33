import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxTransaction } from "@/components/sandbox/sandbox-transaction";
import { loadSandboxTransaction } from "@/lib/dashboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox transaction" };

export default async function SandboxTransactionPage({
  params,
}: {
  params: Promise<{ network: string; txHash: string }>;
}) {
  const { network, txHash } = await params;
  const tx = await loadSandboxTransaction(network, txHash);
  if (!tx) notFound();
  return <SandboxTransaction tx={tx} />;
}
