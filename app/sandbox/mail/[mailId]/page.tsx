import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxMailMessage } from "@/components/sandbox/sandbox-mail";
import { loadSandboxMail } from "@/lib/mail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox mail", robots: { index: false } };

export default async function SandboxMailMessagePage({ params }: { params: Promise<{ mailId: string }> }) {
  const { mailId } = await params;
  const mail = await loadSandboxMail(mailId);
  if (!mail) notFound();
  return <SandboxMailMessage mail={mail} />;
}
