import { VerifyEmail } from "@/components/dashboard/sign-in/verify-email";

export const metadata = { title: "Verify your email" };

export default function VerifyEmailPage() {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Verify your email</h1>
      <VerifyEmail />
    </main>
  );
}
