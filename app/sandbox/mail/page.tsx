import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxMailList } from "@/components/sandbox/sandbox-mail";
import { loadSandboxMails } from "@/lib/mail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox mail", robots: { index: false } };

export default async function SandboxMailPage() {
  const mails = await loadSandboxMails();
  if (!mails) notFound();
  return <SandboxMailList mails={mails} />;
}
